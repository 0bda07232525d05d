import { useState, type FormEvent } from 'react';
import { Alert, Button, Stack } from '@snapshire/shell-components';
import { PROFILE_TEXTS } from '@snapshire/contracts';
import { DisplayNameField } from '../../shared/profile/DisplayNameField.tsx';
import { useDisplayNameForm } from '../../shared/profile/useDisplayNameForm.ts';

/** The public name, edited in place; the refusal beside the field, gone as soon as the name changes. */
export function NameForm({ current }: { current: string }) {
  const [saved, setSaved] = useState(false);
  const { actions, setName, field, save, refuse } = useDisplayNameForm(current, () => setSaved(false));

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (actions.saving) return;
    setSaved(false);
    const outcome = await save();
    if (!outcome) return;
    if (outcome.ok) {
      setName(outcome.profile.display_name);
      setSaved(true);
    } else {
      // The server's refusal is about the name too: shown beside it.
      refuse(outcome.message);
    }
  };

  return (
    <form noValidate onSubmit={onSubmit} aria-label={PROFILE_TEXTS.NAME_SECTION}>
      <Stack gap="4">
        <DisplayNameField {...field} />
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
