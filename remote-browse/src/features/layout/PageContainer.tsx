import { Container } from '@chakra-ui/react';
import type { ReactNode } from 'react';

/** The content width and padding of the site's pages (as @snapshire/ui's PageShell), for pages with their own header. */
export function PageContainer({ children }: { children: ReactNode }) {
  return (
    <Container maxW="6xl" py={{ base: '6', md: '10' }} px={{ base: '4', md: '6' }}>
      {children}
    </Container>
  );
}
