import { useId, useState, type FormEvent } from 'react';
import { Field } from '@chakra-ui/react/field';
import { Input } from '@chakra-ui/react/input';
import { Alert, Button, HStack, Stack } from '@snapshire/shell-components';
import { MESSAGES } from '@snapshire/contracts';
import { useAuthActions, type EmailCodeKind } from './useAuthActions.ts';

/**
 * Under the notice that a mail has gone: GoTrue's mails carry a code beside the link, for a person reading
 * their mail where the link will not open this browser. The right code signs in as the link does, and the
 * screen goes on from there: a new account to the name prompt, then its destination (signup); a recovery to
 * "Set a new password" (recovery, AuthScreen).
 */
export function EmailCodeForm({ email, kind }: { email: string; kind: EmailCodeKind }) {
  const actions = useAuthActions();
  const [code, setCode] = useState('');
  const [missing, setMissing] = useState(false);
  const [refusal, setRefusal] = useState<string>();
  const [loading, setLoading] = useState(false);
  const hintId = useId();
  const errorId = useId();

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (loading) return;
    setRefusal(undefined);
    const trimmed = code.replace(/\s+/g, '');
    if (!trimmed) {
      setMissing(true);
      return;
    }
    setLoading(true);
    const outcome = await actions.signInWithCode(email, trimmed, kind);
    // Signed in: the screen goes on and this form goes with it.
    if (outcome.kind === 'signed-in') return;
    setLoading(false);
    setRefusal(outcome.kind === 'refused' ? outcome.message : MESSAGES.AUTH_UNKNOWN);
  };

  return (
    <form noValidate onSubmit={onSubmit} aria-label={MESSAGES.EMAIL_CODE_SUBMIT}>
      <Stack gap="4">
        {refusal && (
          <Alert.Root status="error" role="alert" data-testid="email-code-refusal">
            <Alert.Indicator />
            <Alert.Content>
              <Alert.Description>{refusal}</Alert.Description>
            </Alert.Content>
          </Alert.Root>
        )}
        <HStack gap="3" align="flex-start">
          <Field.Root invalid={missing} flex="1" ids={{ errorText: errorId, helperText: hintId }}>
            <Field.Label>{MESSAGES.EMAIL_CODE_LABEL}</Field.Label>
            <Input
              value={code}
              onChange={(event) => {
                setCode(event.target.value);
                setMissing(false);
              }}
              inputMode="numeric"
              autoComplete="one-time-code"
              // Read with the field by every screen reader (Ark sets only aria-errormessage, which few read).
              aria-describedby={missing ? `${errorId} ${hintId}` : hintId}
              maxLength={12}
            />
            <Field.HelperText>{MESSAGES.EMAIL_CODE_HINT}</Field.HelperText>
            <Field.ErrorText>{MESSAGES.EMAIL_CODE_REQUIRED}</Field.ErrorText>
          </Field.Root>
          <Button type="submit" loading={loading} mt="7">
            {MESSAGES.EMAIL_CODE_SUBMIT}
          </Button>
        </HStack>
      </Stack>
    </form>
  );
}
