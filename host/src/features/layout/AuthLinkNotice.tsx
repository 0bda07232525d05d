import { Alert, Box, Button, CloseButton, HStack } from '@snapshire/shell-components';
import { paths, RETURN_TEXT } from '@snapshire/contracts';
import { useAuthLinkFailure, useSession } from '@snapshire/data';
import { useEffect, useState } from 'react';
import { Link as RouterLink, useLocation } from 'react-router-dom';

/**
 * A link from an auth e-mail that did not work (expired, or used already) comes back as
 * `#error=...&error_code=otp_expired` on the page it was meant for; supabase-js only reports it to the
 * console. This says it in words above the page, with Sign in and Sign up leading back to the same page, and
 * takes the fragment out of the address (a reload or a shared link does not repeat it). A signed-in visitor
 * (who followed an old link again) needs no notice.
 */
export function AuthLinkNotice() {
  const { pathname, search } = useLocation();
  const { session, loading } = useSession();
  // Read once by @snapshire/data, from the address the page was opened with: the fragment is gone afterwards.
  const { failure, dismiss } = useAuthLinkFailure();
  const [shownAt] = useState(pathname);

  useEffect(() => {
    if (!failure || !window.location.hash) return;
    window.history.replaceState(window.history.state, '', `${window.location.pathname}${window.location.search}`);
  }, [failure]);
  // Leaving the page the link pointed at leaves the notice behind, for good.
  const left = pathname !== shownAt;
  useEffect(() => {
    if (failure && left) dismiss();
  }, [failure, left, dismiss]);

  if (!failure || loading || session || left) return null;
  return (
    <AuthLinkNoticePanel title={failure.title} text={failure.text} here={`${pathname}${search}`} onDismiss={dismiss} />
  );
}

export function AuthLinkNoticePanel(props: { title: string; text: string; here: string; onDismiss: () => void }) {
  return (
    <Box maxW="6xl" w="full" mx="auto" px={{ base: '3', md: '6' }} pt={{ base: '4', md: '6' }}>
      <Alert.Root status="warning" variant="surface" data-testid="auth-link-notice" alignItems="flex-start">
        <Alert.Indicator />
        <Alert.Content>
          <Alert.Title as="h2">{props.title}</Alert.Title>
          <Alert.Description>{props.text}</Alert.Description>
          <HStack gap="3" mt="3" wrap="wrap">
            <Button asChild colorPalette="brand">
              <RouterLink to={paths.login(props.here)}>{RETURN_TEXT.SIGN_IN}</RouterLink>
            </Button>
            <Button asChild colorPalette="brand" variant="outline">
              <RouterLink to={paths.register(props.here)}>{RETURN_TEXT.CREATE_ACCOUNT}</RouterLink>
            </Button>
          </HStack>
        </Alert.Content>
        <CloseButton aria-label={RETURN_TEXT.DISMISS} pos="relative" top="-1" insetEnd="-1" onClick={props.onDismiss} />
      </Alert.Root>
    </Box>
  );
}
