import { useRef, useState, type FormEvent } from 'react';
import { Alert, Button, Stack } from '@snapshire/shell-components';
import { displayNameSchema, PROFILE_TEXTS } from '@snapshire/contracts';
import { DisplayNameField } from '../../shared/profile/DisplayNameField.tsx';
import { useDisplayNameActions } from '../../shared/profile/useMyProfile.ts';

/** The public name, edited in place; the refusal beside the field, gone as soon as the name changes. */
export function NameForm({ current }: { current: string }) {
  const actions = useDisplayNameActions();
  const [name, setName] = useState(current);
  const [invalid, setInvalid] = useState<string>();
  const [saved, setSaved] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (actions.saving) return;
    setSaved(false);
    const checked = displayNameSchema.safeParse({ displayName: name });
    if (!checked.success) {
      setInvalid(checked.error.issues[0]?.message);
      inputRef.current?.focus();
      return;
    }
    const outcome = await actions.save(checked.data.displayName);
    if (outcome.ok) {
      setName(outcome.profile.display_name);
      setSaved(true);
    } else {
      // The server's refusal is about the name too: shown beside it.
      setInvalid(outcome.message);
      inputRef.current?.focus();
    }
  };

  return (
    <form noValidate onSubmit={onSubmit} aria-label={PROFILE_TEXTS.NAME_SECTION}>
      <Stack gap="4">
        <DisplayNameField
          inputRef={inputRef}
          value={name}
          onChange={(value) => {
            setName(value);
            setInvalid(undefined);
            setSaved(false);
          }}
          error={invalid}
        />
        {saved && (
          <Alert.Root status="success" role="status" data-testid="name-saved">
            <Alert.Indicator />
            <Alert.Content>
              <Alert.Description>{PROFILE_TEXTS.NAME_SAVED}</Alert.Description>
            </Alert.Content>
          </Alert.Root>
        )}
        <Button
          type="submit"
          loading={actions.saving}
          loadingText="Saving..."
          alignSelf={{ base: 'stretch', sm: 'start' }}
        >
          {PROFILE_TEXTS.NAME_SAVE}
        </Button>
      </Stack>
    </form>
  );
}
