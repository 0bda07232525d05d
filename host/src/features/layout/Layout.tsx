import { Flex } from '@snapshire/shell-components';
import { Outlet } from 'react-router-dom';
import { PageScrollRestoration } from '../scroll/PageScrollRestoration.tsx';
import { AuthLinkNotice } from './AuthLinkNotice.tsx';
import { Footer } from './Footer.tsx';
import { PasswordRecoveryRedirect } from './PasswordRecoveryRedirect.tsx';
import { TopBar } from './TopBar.tsx';

/**
 * Every route: the top bar, the content area, the footer. The content area is at least a screen high below
 * the top bar, so the footer starts out of view and does not move while a remote's screen loads into it.
 * A new page starts at its top; Back and Forward return to the place a page had.
 */
export function Layout() {
  return (
    <Flex direction="column" minH="100dvh">
      <PasswordRecoveryRedirect />
      <TopBar />
      <Flex as="main" direction="column" flex="1" minH="calc(100dvh - 4rem)">
        <AuthLinkNotice />
        <Outlet />
      </Flex>
      <Footer />
      <PageScrollRestoration />
    </Flex>
  );
}
