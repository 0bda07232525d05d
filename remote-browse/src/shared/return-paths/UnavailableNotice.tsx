import type { ReactNode } from 'react';
import { Button, HStack, Stack, Text } from '@snapshire/shell-components';
import { Link as RouterLink, useLocation, useNavigate } from 'react-router-dom';
import { BROWSE_TEXT, paths } from '@snapshire/contracts';
import { useSession } from '@snapshire/data';
import { LoadingState } from '@snapshire/ui';
import { SignInOffer } from './SignInOffer.tsx';

interface UnavailableNoticeProps {
  /** Words for a signed-out visitor, who is offered Sign in / Create account back to this page. */
  signedOut: ReactNode;
  /** Words for a signed-in person who may not see it: plain "not available", the same as for nothing there. */
  signedIn: ReactNode;
  /** Offer a way home too (the missing-group page's link home). */
  withHome?: boolean;
  testId: string;
}

/**
 * What a group or photo the caller cannot see shows instead: not an error, but where to go next. Signed out,
 * the first way on is signing in (or creating an account) and coming back here; signed in, the group list,
 * home and back. Private and absent read alike, so nothing tells whether it exists.
 */
export function UnavailableNotice({ signedOut, signedIn, withHome = false, testId }: UnavailableNoticeProps) {
  const { session, loading } = useSession();
  const navigate = useNavigate();
  // Back is offered when there is somewhere to go back to: an earlier page of this visit (the router's first
  // location has the key 'default') or of the tab's history.
  const canGoBack = useLocation().key !== 'default' || window.history.length > 1;
  if (loading) return <LoadingState minH="40vh" />;
  return (
    <Stack
      gap="5"
      py={{ base: '10', md: '16' }}
      align="center"
      textAlign="center"
      maxW="xl"
      mx="auto"
      data-testid={testId}
      data-signed-in={session ? 'true' : 'false'}
    >
      <Text fontSize="lg">{session ? signedIn : signedOut}</Text>
      {session ? null : <SignInOffer />}
      <HStack gap="3" wrap="wrap" justify="center">
        <Button asChild colorPalette="brand" variant={session ? 'solid' : 'ghost'}>
          <RouterLink to={paths.groups()}>{BROWSE_TEXT.GROUPS_LINK}</RouterLink>
        </Button>
        {withHome ? (
          <Button asChild colorPalette="brand" variant={session ? 'outline' : 'ghost'}>
            <RouterLink to={paths.home()}>{BROWSE_TEXT.HOME_LINK}</RouterLink>
          </Button>
        ) : null}
        {canGoBack ? (
          <Button colorPalette="brand" variant="ghost" onClick={() => navigate(-1)}>
            {BROWSE_TEXT.BACK}
          </Button>
        ) : null}
      </HStack>
    </Stack>
  );
}
