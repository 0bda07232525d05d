import { Field } from '@chakra-ui/react/field';
import { Input } from '@chakra-ui/react/input';
import { PROFILE_LIMITS, PROFILE_TEXTS } from '@snapshire/contracts';
import { useId, type Ref } from 'react';

interface DisplayNameFieldProps {
  value: string;
  onChange: (value: string) => void;
  /** The refusal beside the field; cleared by the caller as soon as the value changes. */
  error: string | undefined;
  placeholder?: string;
  inputRef?: Ref<HTMLInputElement>;
}

/**
 * The one "Display name" field of the name prompt and the account page: the help, or while there is one the
 * error, beside the input and read with it (aria-describedby); aria-invalid from Field.Root.
 */
export function DisplayNameField({ value, onChange, error, placeholder, inputRef }: DisplayNameFieldProps) {
  const errorId = useId();
  const helpId = useId();
  return (
    <Field.Root invalid={Boolean(error)} required ids={{ errorText: errorId, helperText: helpId }}>
      <Field.Label>
        {PROFILE_TEXTS.DISPLAY_NAME_LABEL}
        <Field.RequiredIndicator />
      </Field.Label>
      <Input
        ref={inputRef}
        // Read with the field by every screen reader (Ark sets only aria-errormessage, which few read).
        aria-describedby={error ? errorId : helpId}
        name="displayName"
        autoComplete="nickname"
        // A few over the limit may be typed, so the limit is said rather than silently cut.
        maxLength={PROFILE_LIMITS.DISPLAY_NAME_MAX_LENGTH + 20}
        value={value}
        placeholder={placeholder}
        onChange={(event) => onChange(event.target.value)}
      />
      {error ? (
        <Field.ErrorText>{error}</Field.ErrorText>
      ) : (
        <Field.HelperText>{PROFILE_TEXTS.DISPLAY_NAME_HELP}</Field.HelperText>
      )}
    </Field.Root>
  );
}
