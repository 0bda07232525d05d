import { useId, useRef, useState, type Ref } from 'react';
import { Field } from '@chakra-ui/react/field';
import { Input } from '@chakra-ui/react/input';
import { Switch } from '@chakra-ui/react/switch';
import { Textarea } from '@chakra-ui/react/textarea';
import { Stack } from '@snapshire/shell-components';
import { GROUP_LIMITS, GROUP_RULE_MESSAGES } from '@snapshire/contracts';
import { CategoryChoices, type CategoryChoice } from './CategoryChoices.tsx';

export interface GroupFieldValues {
  displayName: string;
  description: string;
  isPrivate: boolean;
  categoryIds: string[];
}

/**
 * The name rule of the group forms, said at the field: `checkName()` on submit says whether there is a
 * name, and if not shows why under the field and focuses it; the message goes as soon as a name is typed.
 */
export function useGroupNameRule(displayName: string) {
  const nameRef = useRef<HTMLInputElement>(null);
  const [nameMissing, setNameMissing] = useState(false);
  const nameError = nameMissing && !displayName.trim() ? GROUP_RULE_MESSAGES.group_name_required : null;
  function checkName(): boolean {
    if (displayName.trim()) return true;
    setNameMissing(true);
    nameRef.current?.focus();
    return false;
  }
  return { nameError, nameRef, checkName };
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
  nameError,
  nameRef,
}: {
  values: GroupFieldValues;
  onChange: (values: GroupFieldValues) => void;
  choices: readonly CategoryChoice[];
  disabled?: boolean;
  showPrivacy: boolean;
  /** Why the name cannot be used, shown under the field (and read with it) until it is fixed. */
  nameError?: string | null;
  nameRef?: Ref<HTMLInputElement>;
}) {
  const nameErrorId = useId();
  return (
    <Stack gap="5">
      <Field.Root required disabled={disabled} invalid={Boolean(nameError)} ids={{ errorText: nameErrorId }}>
        <Field.Label>
          Name <Field.RequiredIndicator />
        </Field.Label>
        <Input
          ref={nameRef}
          // Read with the field by every screen reader (Ark sets only aria-errormessage, which few read).
          aria-describedby={nameError ? nameErrorId : undefined}
          value={values.displayName}
          maxLength={GROUP_LIMITS.NAME_MAX_LENGTH}
          onChange={(event) => onChange({ ...values, displayName: event.target.value })}
        />
        {nameError ? <Field.ErrorText>{nameError}</Field.ErrorText> : null}
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
