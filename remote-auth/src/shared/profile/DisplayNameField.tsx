import { Field, Input } from '@chakra-ui/react';
import { PROFILE_LIMITS, PROFILE_TEXTS } from '@snapshire/contracts';
import type { Ref } from 'react';

interface DisplayNameFieldProps {
  value: string;
  onChange: (value: string) => void;
  /** The refusal beside the field; cleared by the caller as soon as the value changes. */
  error: string | undefined;
  placeholder?: string;
  inputRef?: Ref<HTMLInputElement>;
}

/**
 * The one "Display name" field of the name prompt and the account page. Field.Root ties the help and the
 * error to the input (aria-describedby) and marks it invalid (aria-invalid) while there is an error.
 */
export function DisplayNameField({ value, onChange, error, placeholder, inputRef }: DisplayNameFieldProps) {
  return (
    <Field.Root invalid={Boolean(error)} required>
      <Field.Label>
        {PROFILE_TEXTS.DISPLAY_NAME_LABEL}
        <Field.RequiredIndicator />
      </Field.Label>
      <Input
        ref={inputRef}
        name="displayName"
        autoComplete="nickname"
        // A few over the limit may be typed, so the limit is said rather than silently cut.
        maxLength={PROFILE_LIMITS.DISPLAY_NAME_MAX_LENGTH + 20}
        value={value}
        placeholder={placeholder}
        onChange={(event) => onChange(event.target.value)}
      />
      {error ? <Field.ErrorText>{error}</Field.ErrorText> : <Field.HelperText>{PROFILE_TEXTS.DISPLAY_NAME_HELP}</Field.HelperText>}
    </Field.Root>
  );
}
