import { Flex } from '@chakra-ui/react';
import { Outlet } from 'react-router-dom';
import { Footer } from './Footer.tsx';
import { TopBar } from './TopBar.tsx';

/** Every route: the top bar, the content area, the footer. */
export function Layout() {
  return (
    <Flex direction="column" minH="100dvh">
      <TopBar />
      <Flex as="main" direction="column" flex="1">
        <Outlet />
      </Flex>
      <Footer />
    </Flex>
  );
}
