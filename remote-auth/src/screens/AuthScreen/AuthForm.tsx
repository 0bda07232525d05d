import { useEffect, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { Field } from '@chakra-ui/react/field';
import { Input } from '@chakra-ui/react/input';
import { Alert, Button, Link, Stack } from '@snapshire/shell-components';
import { MESSAGES, paths, type AuthMode } from '@snapshire/contracts';
import { confirmationRedirectUrl } from './authRoute.ts';
import { DoneNotice } from './DoneNotice.tsx';
import { EmailCodeForm } from './EmailCodeForm.tsx';
import { useAuthActions } from './useAuthActions.ts';
import { useCredentialsForm, type CredentialField } from './useCredentialsForm.ts';

interface AuthFormProps {
  mode: AuthMode;
  /** Same-site path to go to once signed in (and that the confirmation link returns to). */
  destination: string;
  /** The same-site redirectTo to carry to "Forgot password?". */
  carried?: string;
}

const SUBMIT_LABEL: Record<AuthMode, { idle: string; busy: string }> = {
  LOGIN: { idle: 'Sign in', busy: 'Signing in...' },
  SIGN_UP: { idle: 'Sign up', busy: 'Signing up...' },
};

/** Email and password form of one mode; after a sign-up that needs confirmation it becomes the notice. */
export function AuthForm({ mode, destination, carried }: AuthFormProps) {
  const actions = useAuthActions();
  const { values, errors, setValue, validate } = useCredentialsForm();
  const [loading, setLoading] = useState(false);
  const [refusal, setRefusal] = useState<string>();
  /** The address a confirmation mail went to, once one has. */
  const [confirmationSentTo, setConfirmationSentTo] = useState<string>();

  const emailRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  const refusalRef = useRef<HTMLDivElement>(null);
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);
  // The submit button is disabled while waiting, which drops focus: put it on the refusal so it is read
  // out and Tab continues into the fields.
  useEffect(() => {
    if (refusal) refusalRef.current?.focus();
  }, [refusal]);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (loading) return;
    setRefusal(undefined);
    const checked = validate();
    if ('firstInvalid' in checked) {
      (checked.firstInvalid === 'email' ? emailRef : passwordRef).current?.focus();
      return;
    }
    setLoading(true);
    const outcome =
      mode === 'LOGIN'
        ? await actions.signIn(checked.credentials)
        : // The confirmation link is the first sign-in: it lands on the name prompt, which then goes on.
          await actions.signUp(checked.credentials, confirmationRedirectUrl(paths.chooseName(destination)));
    // Signing in re-renders the screen as signed in, which goes on from there (asking for a name first when
    // none is chosen); the form may already be gone.
    if (!mounted.current || outcome.kind === 'signed-in') return;
    setLoading(false);
    if (outcome.kind === 'confirmation-sent') setConfirmationSentTo(checked.credentials.email);
    else setRefusal(outcome.message);
  };

  if (confirmationSentTo !== undefined) {
    return (
      <Stack gap="6">
        <DoneNotice title={MESSAGES.SIGN_UP_DONE_TITLE} text={MESSAGES.SIGN_UP_DONE_TEXT} testId="sign-up-notice" />
        <EmailCodeForm email={confirmationSentTo} kind="signup" />
      </Stack>
    );
  }

  const field = (name: CredentialField) => ({
    name,
    value: values[name],
    onChange: (event: ChangeEvent<HTMLInputElement>) => setValue(name, event.target.value),
  });
  const label = SUBMIT_LABEL[mode];

  return (
    <form noValidate onSubmit={onSubmit} aria-label={mode === 'LOGIN' ? 'Sign in' : 'Sign up'}>
      <Stack gap="5">
        {refusal && (
          <Alert.Root status="error" role="alert" ref={refusalRef} tabIndex={-1} data-testid="auth-refusal">
            <Alert.Indicator />
            <Alert.Content>
              <Alert.Description>{refusal}</Alert.Description>
            </Alert.Content>
          </Alert.Root>
        )}
        <Field.Root invalid={Boolean(errors.email)} required>
          <Field.Label>
            Email
            <Field.RequiredIndicator />
          </Field.Label>
          <Input
            ref={emailRef}
            {...field('email')}
            type="email"
            autoComplete="email"
            inputMode="email"
            spellCheck={false}
          />
          <Field.ErrorText>{errors.email}</Field.ErrorText>
        </Field.Root>
        <Field.Root invalid={Boolean(errors.password)} required>
          <Field.Label>
            Password
            <Field.RequiredIndicator />
          </Field.Label>
          <Input
            ref={passwordRef}
            {...field('password')}
            type="password"
            autoComplete={mode === 'LOGIN' ? 'current-password' : 'new-password'}
          />
          <Field.ErrorText>{errors.password}</Field.ErrorText>
        </Field.Root>
        {mode === 'LOGIN' && (
          <Link asChild alignSelf="flex-end" minH="11" mt="-3" colorPalette="green" fontWeight="medium">
            <RouterLink to={paths.forgotPassword(carried)}>{MESSAGES.FORGOT_PASSWORD_LINK}</RouterLink>
          </Link>
        )}
        <Button type="submit" loading={loading} loadingText={label.busy} w="full">
          {label.idle}
        </Button>
      </Stack>
    </form>
  );
}
