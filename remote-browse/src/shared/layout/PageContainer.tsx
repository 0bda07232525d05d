import { Container } from '@snapshire/shell-components';
import type { ReactNode } from 'react';
import { PAGE_MAX_WIDTH_REM, PAGE_PADDING_X_REM } from './pageGeometry.ts';

/** The content width and padding of the site's pages (as @snapshire/ui's PageShell), for pages with their own header. */
export function PageContainer({ children }: { children: ReactNode }) {
  return (
    <Container
      maxW={`${PAGE_MAX_WIDTH_REM}rem`}
      py={{ base: '6', md: '10' }}
      px={{ base: `${PAGE_PADDING_X_REM.base}rem`, md: `${PAGE_PADDING_X_REM.md}rem` }}
    >
      {children}
    </Container>
  );
}
