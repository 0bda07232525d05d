import { useId, useRef, useState, type FormEvent } from 'react';
import { Field } from '@chakra-ui/react/field';
import { Input } from '@chakra-ui/react/input';
import { Alert, Button, Stack } from '@snapshire/shell-components';
import { MESSAGES, newPasswordSchema, PROFILE_TEXTS } from '@snapshire/contracts';
import { useSupabase } from '@snapshire/data';
import { authFailureMessage, type AuthErrorLike } from '../../shared/authFailure.ts';

type PasswordField = 'password' | 'repeat';

/**
 * A new password, typed twice, saved with supabase-js updateUser under the sign-up rule. Each field's error
 * beside it and read with it (aria-describedby), cleared as soon as that field changes.
 */
export function PasswordForm({ email }: { email: string }) {
  const supabase = useSupabase();
  const [values, setValues] = useState<Record<PasswordField, string>>({ password: '', repeat: '' });
  const [errors, setErrors] = useState<Partial<Record<PasswordField, string>>>({});
  const [refusal, setRefusal] = useState<string>();
  const [saving, setSaving] = useState(false);
  const [changed, setChanged] = useState(false);
  const refs = { password: useRef<HTMLInputElement>(null), repeat: useRef<HTMLInputElement>(null) };
  const errorIds = { password: useId(), repeat: useId() };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (saving) return;
    setRefusal(undefined);
    setChanged(false);
    const found: Partial<Record<PasswordField, string>> = {};
    const checked = newPasswordSchema.safeParse({ password: values.password });
    if (!checked.success) found.password = checked.error.issues[0]?.message ?? MESSAGES.PASSWORD_TOO_SHORT;
    else if (values.repeat !== values.password) found.repeat = PROFILE_TEXTS.PASSWORDS_DIFFER;
    setErrors(found);
    const first = (['password', 'repeat'] as const).find((f) => found[f]);
    if (first) {
      refs[first].current?.focus();
      return;
    }
    setSaving(true);
    const failure: AuthErrorLike | null = await supabase.auth.updateUser({ password: values.password }).then(
      ({ error }) => error,
      (error: unknown) => error as AuthErrorLike,
    );
    setSaving(false);
    if (failure) setRefusal(authFailureMessage(failure));
    else {
      setValues({ password: '', repeat: '' });
      setChanged(true);
    }
  };

  const field = (name: PasswordField, label: string) => (
    <Field.Root invalid={Boolean(errors[name])} required ids={{ errorText: errorIds[name] }}>
      <Field.Label>
        {label}
        <Field.RequiredIndicator />
      </Field.Label>
      <Input
        ref={refs[name]}
        // Read with the field by every screen reader (Ark sets only aria-errormessage, which few read).
        aria-describedby={errors[name] ? errorIds[name] : undefined}
        name={name === 'password' ? 'new-password' : 'repeat-password'}
        type="password"
        autoComplete="new-password"
        value={values[name]}
        onChange={(event) => {
          setValues((v) => ({ ...v, [name]: event.target.value }));
          setErrors((e) => ({ ...e, [name]: undefined }));
          setChanged(false);
        }}
      />
      {errors[name] ? <Field.ErrorText>{errors[name]}</Field.ErrorText> : null}
    </Field.Root>
  );

  return (
    <form noValidate onSubmit={onSubmit} aria-label={PROFILE_TEXTS.PASSWORD_SECTION}>
      <Stack gap="4">
        {refusal && (
          <Alert.Root status="error" role="alert">
            <Alert.Indicator />
            <Alert.Content>
              <Alert.Description>{refusal}</Alert.Description>
            </Alert.Content>
          </Alert.Root>
        )}
        {/* For password managers: the account the new password belongs to. */}
        <input type="email" name="email" autoComplete="username" value={email} readOnly hidden />
        {field('password', PROFILE_TEXTS.NEW_PASSWORD_LABEL)}
        {field('repeat', PROFILE_TEXTS.CONFIRM_PASSWORD_LABEL)}
        {changed && (
          <Alert.Root status="success" role="status" data-testid="password-saved">
            <Alert.Indicator />
            <Alert.Content>
              <Alert.Description>{PROFILE_TEXTS.PASSWORD_SAVED}</Alert.Description>
            </Alert.Content>
          </Alert.Root>
        )}
        <Button type="submit" loading={saving} loadingText="Saving..." alignSelf={{ base: 'stretch', sm: 'start' }}>
          {PROFILE_TEXTS.PASSWORD_SAVE}
        </Button>
      </Stack>
    </form>
  );
}
