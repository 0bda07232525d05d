import { Spacer } from '@chakra-ui/react/spacer';
import { Box, Button, Flex, HStack, Link } from '@snapshire/shell-components';
import { ACCOUNT_LINK_TEXT, paths } from '@snapshire/contracts';
import { useSession, useSupabase } from '@snapshire/data';
import { touchTargetLink } from '@snapshire/ui';
import { ColorModeToggle } from './ColorModeToggle.tsx';
import { Camera, LogOut, UserRound } from 'lucide-react';
import { useState } from 'react';
import { Link as RouterLink, NavLink } from 'react-router-dom';
import { PRODUCT_NAME } from '../../app/product.ts';

/**
 * Marks the top bar's NavLinks, so that the shell drawn from the HTML (host/build/prerenderShell.tsx, at no
 * address in particular) marks the current page's link as NavLink will.
 */
export const NAV_LINK_ATTRIBUTE = 'data-nav-link';
const navLinkMark = { [NAV_LINK_ATTRIBUTE]: '' };

/** Home link with the product name, Groups, the theme switch, and Account and Sign out, or Sign up. */
export function TopBar() {
  const { session, loading, storedSession } = useSession();
  // Until the stored session is read, the controls it will show hold their room, hidden: showing them then
  // moves nothing (the theme switch beside them jumped 90 px, e2e/tests/first-load.spec.ts).
  const signedIn = loading ? storedSession : Boolean(session);
  const supabase = useSupabase();
  const [signingOut, setSigningOut] = useState(false);

  const signOut = async () => {
    setSigningOut(true);
    try {
      // supabase-js removes the local session even when the server answers 401/403/404.
      const { error } = await supabase.auth.signOut();
      if (error) console.error('Sign out failed:', error.message);
    } finally {
      setSigningOut(false);
    }
  };

  return (
    <Box as="header" borderBottomWidth="1px" bg="bg" position="sticky" top="0" zIndex="sticky">
      <Flex
        as="nav"
        aria-label="Main"
        maxW="6xl"
        mx="auto"
        px={{ base: '3', md: '6' }}
        h="16"
        align="center"
        gap={{ base: '1', sm: '2', md: '5' }}
      >
        <Link
          asChild
          fontWeight="bold"
          fontSize={{ base: 'md', md: 'lg' }}
          color="fg"
          _hover={{ textDecoration: 'none', color: 'brand.fg' }}
          css={touchTargetLink}
        >
          <RouterLink to={paths.home()} aria-label={`${PRODUCT_NAME} home`}>
            <Box as="span" color="brand.solid" display="inline-flex">
              <Camera size={22} strokeWidth={2.25} aria-hidden />
            </Box>
            {PRODUCT_NAME}
          </RouterLink>
        </Link>
        <Link
          asChild
          color="fg.muted"
          fontWeight="medium"
          _hover={{ color: 'fg' }}
          css={{ ...touchTargetLink, '&.active': { color: 'brand.fg' } }}
        >
          <NavLink to={paths.groups()} {...navLinkMark}>
            Groups
          </NavLink>
        </Link>
        <Spacer />
        <HStack gap={{ base: '1', sm: '2' }}>
          <ColorModeToggle />
          <HStack
            gap={{ base: '1', sm: '2' }}
            {...(loading && { visibility: 'hidden', 'aria-hidden': true, inert: true })}
          >
            {signedIn ? (
              <>
                {/* The account page: name, e-mail (its owner only) and password. An icon on a phone, where the
                    bar has no room for another word; named for screen readers either way. */}
                <Button asChild size="sm" variant="ghost" aria-label={ACCOUNT_LINK_TEXT} data-testid="account-link">
                  <NavLink to={paths.account()} {...navLinkMark}>
                    <UserRound aria-hidden />
                    <Box as="span" display={{ base: 'none', md: 'inline' }}>
                      {ACCOUNT_LINK_TEXT}
                    </Box>
                  </NavLink>
                </Button>
                {/* An icon on a phone too: with its words the bar ran 45 px off a 360 px screen. */}
                <Button size="sm" variant="ghost" aria-label="Sign out" onClick={signOut} loading={signingOut}>
                  <LogOut aria-hidden />
                  <Box as="span" display={{ base: 'none', md: 'inline' }}>
                    Sign out
                  </Box>
                </Button>
              </>
            ) : (
              <Button asChild size="sm" variant="outline">
                <RouterLink to={paths.register()}>Sign up</RouterLink>
              </Button>
            )}
          </HStack>
        </HStack>
      </Flex>
    </Box>
  );
}
