import { DoneNotice } from './DoneNotice.tsx';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { Field } from '@chakra-ui/react/field';
import { Input } from '@chakra-ui/react/input';
import { Alert, Button, Link, Stack } from '@snapshire/shell-components';
import { MESSAGES, paths, recoveryRequestSchema } from '@snapshire/contracts';
import { useSupabase } from '@snapshire/data';
import { authFailureMessage, mailRecentlySent, type AuthErrorLike } from '../../shared/authFailure.ts';
import { confirmationRedirectUrl } from './authRoute.ts';
import { EmailCodeForm } from './EmailCodeForm.tsx';

/**
 * "Forgot password?": the address a recovery link goes to (supabase-js resetPasswordForEmail). Whether the
 * address has an account or not, the answer is the same notice.
 */
export function ForgotPasswordForm({ carried }: { carried: string | undefined }) {
  const supabase = useSupabase();
  const [email, setEmail] = useState('');
  const [invalid, setInvalid] = useState<string>();
  const [refusal, setRefusal] = useState<string>();
  const [loading, setLoading] = useState(false);
  /** The address the recovery mail went to, once asked. */
  const [sentTo, setSentTo] = useState<string>();
  const emailRef = useRef<HTMLInputElement>(null);
  const refusalRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (refusal) refusalRef.current?.focus();
  }, [refusal]);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (loading) return;
    setRefusal(undefined);
    const checked = recoveryRequestSchema.safeParse({ email });
    if (!checked.success) {
      setInvalid(checked.error.issues[0]?.message ?? MESSAGES.INVALID_EMAIL);
      emailRef.current?.focus();
      return;
    }
    setInvalid(undefined);
    setLoading(true);
    // The link lands on "Set a new password", which then goes on to where the person was going.
    const redirectTo = confirmationRedirectUrl(paths.resetPassword(carried));
    const failure: AuthErrorLike | null = await supabase.auth
      .resetPasswordForEmail(checked.data.email, { redirectTo })
      .then(
        ({ error }) => error,
        (error: unknown) => error as AuthErrorLike,
      );
    setLoading(false);
    // A mail that went out moments ago (mailRecentlySent) is on its way: the same notice, which also does not
    // tell whether the address exists.
    if (!failure || mailRecentlySent(failure)) setSentTo(checked.data.email);
    else setRefusal(authFailureMessage(failure));
  };

  if (sentTo !== undefined) return <RecoverySentNotice email={sentTo} carried={carried} />;

  return (
    <form noValidate onSubmit={onSubmit} aria-label={MESSAGES.FORGOT_PASSWORD_TITLE}>
      <Stack gap="5">
        {refusal && (
          <Alert.Root status="error" role="alert" ref={refusalRef} tabIndex={-1}>
            <Alert.Indicator />
            <Alert.Content>
              <Alert.Description>{refusal}</Alert.Description>
            </Alert.Content>
          </Alert.Root>
        )}
        <Field.Root invalid={Boolean(invalid)} required>
          <Field.Label>
            Email
            <Field.RequiredIndicator />
          </Field.Label>
          <Input
            ref={emailRef}
            name="email"
            value={email}
            onChange={(event) => {
              setEmail(event.target.value);
              setInvalid(undefined);
            }}
            type="email"
            autoComplete="email"
            inputMode="email"
            spellCheck={false}
          />
          <Field.ErrorText>{invalid}</Field.ErrorText>
        </Field.Root>
        <Button type="submit" loading={loading} loadingText="Sending..." w="full">
          {MESSAGES.FORGOT_PASSWORD_SUBMIT}
        </Button>
        <BackToSignIn carried={carried} />
      </Stack>
    </form>
  );
}

function BackToSignIn({ carried }: { carried: string | undefined }) {
  return (
    <Link asChild alignSelf="center" minH="11" colorPalette="green" fontWeight="medium">
      <RouterLink to={paths.login(carried)}>{MESSAGES.BACK_TO_SIGN_IN}</RouterLink>
    </Link>
  );
}

/**
 * Replaces the form once asked: the same words whether or not the address has an account, and the place for
 * the mail's code (a code for an address without an account is refused like a wrong one).
 */
function RecoverySentNotice({ email, carried }: { email: string; carried: string | undefined }) {
  return (
    <Stack gap="4">
      <DoneNotice
        title={MESSAGES.RECOVERY_SENT_TITLE}
        text={MESSAGES.RECOVERY_SENT_TEXT}
        testId="recovery-sent-notice"
      />
      <EmailCodeForm email={email} kind="recovery" />
      <BackToSignIn carried={carried} />
    </Stack>
  );
}
