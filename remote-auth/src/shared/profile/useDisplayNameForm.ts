import { useRef, useState } from 'react';
import { displayNameSchema } from '@snapshire/contracts';
import { useDisplayNameActions, type NameOutcome } from './useMyProfile.ts';

/**
 * The display-name form of the name prompt and the account page: the typed name, its refusal beside the field
 * (cleared as soon as the name changes) and saving it once it passes the same check the server makes.
 *
 * @param onEdit runs on every change of the name (the account page hides its "saved" notice).
 */
export function useDisplayNameForm(initial: string, onEdit?: () => void) {
  const actions = useDisplayNameActions();
  const [name, setName] = useState(initial);
  const [invalid, setInvalid] = useState<string>();
  const inputRef = useRef<HTMLInputElement>(null);

  /** Says `message` beside the field and puts the cursor there. */
  const refuse = (message: string | undefined) => {
    setInvalid(message);
    inputRef.current?.focus();
  };

  /** Checks the name and saves it: undefined when the check refused it (said beside the field). */
  const save = async (): Promise<NameOutcome | undefined> => {
    const checked = displayNameSchema.safeParse({ displayName: name });
    if (!checked.success) {
      refuse(checked.error.issues[0]?.message);
      return undefined;
    }
    return actions.save(checked.data.displayName);
  };

  /** What DisplayNameField takes. */
  const field = {
    inputRef,
    value: name,
    error: invalid,
    onChange: (value: string) => {
      setName(value);
      setInvalid(undefined);
      onEdit?.();
    },
  };

  return { actions, name, setName, field, save, refuse };
}
