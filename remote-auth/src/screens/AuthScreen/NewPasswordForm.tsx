import { DoneNotice } from './DoneNotice.tsx';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { Field } from '@chakra-ui/react/field';
import { Input } from '@chakra-ui/react/input';
import { Alert, Button, Stack } from '@snapshire/shell-components';
import { MESSAGES, newPasswordSchema, paths } from '@snapshire/contracts';
import { useSession, useSupabase } from '@snapshire/data';
import { LoadingState } from '@snapshire/ui';
import { authFailureMessage, type AuthErrorLike } from '../../shared/authFailure.ts';

interface NewPasswordFormProps {
  /** Same-site path to go on to once the password is set. */
  destination: string;
  /** The same-site redirectTo to carry to "Forgot password?" when the link no longer works. */
  carried: string | undefined;
}

/**
 * "Set a new password" (route /auth/reset-password), where the recovery link lands signed in: the new
 * password under the sign-up rule, saved with supabase-js updateUser, then a plain confirmation. Without a
 * session (an expired or used link) it says so and offers a new link.
 */
export function NewPasswordForm({ destination, carried }: NewPasswordFormProps) {
  const supabase = useSupabase();
  const { session, loading: reading } = useSession();
  const [password, setPassword] = useState('');
  const [invalid, setInvalid] = useState<string>();
  const [refusal, setRefusal] = useState<string>();
  const [saving, setSaving] = useState(false);
  const [changed, setChanged] = useState(false);
  const passwordRef = useRef<HTMLInputElement>(null);
  const refusalRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (refusal) refusalRef.current?.focus();
  }, [refusal]);

  if (changed) return <PasswordChangedNotice destination={destination} />;
  if (reading) return <LoadingState label="Checking your link…" minH="xs" />;
  if (!session) {
    return (
      <Stack gap="4">
        <Alert.Root status="warning" data-testid="recovery-link-invalid">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Description>{MESSAGES.RECOVERY_LINK_INVALID}</Alert.Description>
          </Alert.Content>
        </Alert.Root>
        <Button asChild w="full">
          <RouterLink to={paths.forgotPassword(carried)}>{MESSAGES.ASK_NEW_RECOVERY_LINK}</RouterLink>
        </Button>
      </Stack>
    );
  }

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (saving) return;
    setRefusal(undefined);
    const checked = newPasswordSchema.safeParse({ password });
    if (!checked.success) {
      setInvalid(checked.error.issues[0]?.message ?? MESSAGES.PASSWORD_TOO_SHORT);
      passwordRef.current?.focus();
      return;
    }
    setInvalid(undefined);
    setSaving(true);
    const failure: AuthErrorLike | null = await supabase.auth.updateUser({ password: checked.data.password }).then(
      ({ error }) => error,
      (error: unknown) => error as AuthErrorLike,
    );
    setSaving(false);
    if (failure) setRefusal(authFailureMessage(failure));
    else setChanged(true);
  };

  return (
    <form noValidate onSubmit={onSubmit} aria-label={MESSAGES.NEW_PASSWORD_TITLE}>
      <Stack gap="5">
        {refusal && (
          <Alert.Root status="error" role="alert" ref={refusalRef} tabIndex={-1}>
            <Alert.Indicator />
            <Alert.Content>
              <Alert.Description>{refusal}</Alert.Description>
            </Alert.Content>
          </Alert.Root>
        )}
        {/* For password managers: the account the new password belongs to. */}
        <input type="email" name="email" autoComplete="username" value={session.user.email ?? ''} readOnly hidden />
        <Field.Root invalid={Boolean(invalid)} required>
          <Field.Label>
            New password
            <Field.RequiredIndicator />
          </Field.Label>
          <Input
            ref={passwordRef}
            name="password"
            type="password"
            autoComplete="new-password"
            value={password}
            onChange={(event) => {
              setPassword(event.target.value);
              setInvalid(undefined);
            }}
          />
          <Field.ErrorText>{invalid}</Field.ErrorText>
        </Field.Root>
        <Button type="submit" loading={saving} loadingText="Saving..." w="full">
          {MESSAGES.NEW_PASSWORD_SUBMIT}
        </Button>
      </Stack>
    </form>
  );
}

function PasswordChangedNotice({ destination }: { destination: string }) {
  return (
    <Stack gap="4">
      <DoneNotice
        title={MESSAGES.PASSWORD_CHANGED_TITLE}
        text={MESSAGES.PASSWORD_CHANGED_TEXT}
        testId="password-changed-notice"
      />
      <Button asChild w="full">
        <RouterLink to={destination}>{MESSAGES.CONTINUE}</RouterLink>
      </Button>
    </Stack>
  );
}
