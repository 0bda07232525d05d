import { Button, HStack } from '@snapshire/shell-components';
import { Link as RouterLink, useLocation } from 'react-router-dom';
import { RETURN_TEXT, paths, safeRedirectPath } from '@snapshire/contracts';

/** The address being shown, as a same-site redirectTo (the auth screen checks it again before following it). */
export function useHereAsRedirect(): string {
  const { pathname, search } = useLocation();
  return safeRedirectPath(`${pathname}${search}`);
}

/**
 * Sign in / Create account for a signed-out visitor on a page they may not see yet: both carry this page as
 * redirectTo, so signing in, or signing up and confirming from the e-mail, comes back here.
 */
export function SignInOffer({ redirectTo }: { redirectTo?: string }) {
  const here = useHereAsRedirect();
  const target = redirectTo ?? here;
  return (
    <HStack gap="3" wrap="wrap" justify="center" data-testid="sign-in-offer">
      <Button asChild colorPalette="brand">
        <RouterLink to={paths.login(target)}>{RETURN_TEXT.SIGN_IN}</RouterLink>
      </Button>
      <Button asChild colorPalette="brand" variant="outline">
        <RouterLink to={paths.register(target)}>{RETURN_TEXT.CREATE_ACCOUNT}</RouterLink>
      </Button>
    </HStack>
  );
}
