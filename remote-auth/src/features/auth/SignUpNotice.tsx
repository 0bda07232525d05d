import { useEffect, useRef } from 'react';
import { Heading, Stack, Text } from '@chakra-ui/react';
import { MESSAGES } from '@snapshire/contracts';

/** Replaces the sign-up form once the account exists: the user must confirm from the e-mail. */
export function SignUpNotice() {
  const headingRef = useRef<HTMLHeadingElement>(null);
  // The form the user was in has gone: move focus to what replaced it so it is read out.
  useEffect(() => headingRef.current?.focus(), []);
  return (
    <Stack
      gap="3"
      role="status"
      data-testid="sign-up-notice"
      bg="colorPalette.subtle"
      borderWidth="1px"
      borderColor="colorPalette.muted"
      borderRadius="l3"
      p="6"
    >
      <Heading as="h2" size="xl" ref={headingRef} tabIndex={-1} outline="none">
        {MESSAGES.SIGN_UP_DONE_TITLE}
      </Heading>
      <Text>{MESSAGES.SIGN_UP_DONE_TEXT}</Text>
    </Stack>
  );
}
