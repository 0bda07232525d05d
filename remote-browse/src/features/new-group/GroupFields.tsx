import { Field, Input, Stack, Switch, Textarea } from '@chakra-ui/react';
import { GROUP_LIMITS } from '@snapshire/contracts';
import { CategoryChoices, type CategoryChoice } from './CategoryChoices.tsx';

export interface GroupFieldValues {
  displayName: string;
  description: string;
  isPrivate: boolean;
  categoryIds: string[];
}

/**
 * The fields of a group, for "New group" and the settings area: name, description, privacy (only when
 * creating: a group does not change privacy once people have joined it on those terms) and categories.
 */
export function GroupFields({
  values,
  onChange,
  choices,
  disabled,
  showPrivacy,
}: {
  values: GroupFieldValues;
  onChange: (values: GroupFieldValues) => void;
  choices: readonly CategoryChoice[];
  disabled?: boolean;
  showPrivacy: boolean;
}) {
  return (
    <Stack gap="5">
      <Field.Root required disabled={disabled}>
        <Field.Label>
          Name <Field.RequiredIndicator />
        </Field.Label>
        <Input
          value={values.displayName}
          maxLength={GROUP_LIMITS.NAME_MAX_LENGTH}
          onChange={(event) => onChange({ ...values, displayName: event.target.value })}
        />
      </Field.Root>
      <Field.Root disabled={disabled}>
        <Field.Label>Description</Field.Label>
        <Textarea
          value={values.description}
          maxLength={GROUP_LIMITS.DESCRIPTION_MAX_LENGTH}
          rows={3}
          onChange={(event) => onChange({ ...values, description: event.target.value })}
        />
      </Field.Root>
      {showPrivacy ? (
        <Field.Root disabled={disabled}>
          <Switch.Root
            colorPalette="brand"
            checked={values.isPrivate}
            onCheckedChange={(details) => onChange({ ...values, isPrivate: details.checked })}
          >
            <Switch.HiddenInput />
            <Switch.Control />
            <Switch.Label>Private group</Switch.Label>
          </Switch.Root>
          <Field.HelperText>
            {values.isPrivate
              ? 'Only members see it; people join with an invitation link.'
              : 'Everyone can see it and join it.'}
          </Field.HelperText>
        </Field.Root>
      ) : null}
      <CategoryChoices
        choices={choices}
        selected={values.categoryIds}
        disabled={disabled}
        onChange={(categoryIds) => onChange({ ...values, categoryIds })}
      />
    </Stack>
  );
}
