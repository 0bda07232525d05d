import { Box, Container, Flex, Heading } from '@chakra-ui/react';
import type { ReactNode } from 'react';

export interface PageShellProps {
  title: ReactNode;
  children?: ReactNode;
  /** Shown to the right of the title (wraps under it on narrow screens). */
  actions?: ReactNode;
}

/** A page with a large title above its content. */
export function PageShell({ title, children, actions }: PageShellProps) {
  return (
    <Container maxW="6xl" py={{ base: '6', md: '10' }} px={{ base: '4', md: '6' }}>
      <Flex as="header" gap="4" align={{ base: 'flex-start', md: 'center' }} justify="space-between" wrap="wrap" mb="6">
        <Heading as="h1" textStyle="pageTitle" data-page-title="">
          {title}
        </Heading>
        {actions ? <Box flexShrink={0}>{actions}</Box> : null}
      </Flex>
      {children}
    </Container>
  );
}
