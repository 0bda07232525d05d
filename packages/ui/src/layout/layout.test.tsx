import { ChakraProvider } from '@chakra-ui/react';
import { render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { system } from '../theme/system.ts';
import { ErrorPanel } from './ErrorPanel.tsx';
import { LoadingState } from './LoadingState.tsx';
import { PageShell } from './PageShell.tsx';

const wrap = (ui: ReactNode) => render(<ChakraProvider value={system}>{ui}</ChakraProvider>);

describe('layout pieces', () => {
  it('PageShell puts a page title above its content, with optional actions', () => {
    wrap(
      <PageShell title="Groups" actions={<button>New Post</button>}>
        <p>content</p>
      </PageShell>,
    );
    const title = screen.getByRole('heading', { level: 1, name: 'Groups' });
    expect(title.compareDocumentPosition(screen.getByText('content')) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(screen.getByRole('button', { name: 'New Post' })).toBeInTheDocument();
  });

  it('LoadingState is announced as a status', () => {
    wrap(<LoadingState label="Loading groups…" />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading groups…');
  });

  it('ErrorPanel shows title, message and action as an alert', () => {
    wrap(<ErrorPanel title="Browsing is unavailable right now" message="Try again." action={<button>Retry</button>} />);
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('Browsing is unavailable right now');
    expect(alert).toHaveTextContent('Try again.');
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });

  it('the system has the green brand accent and the landing gradient in light and dark', () => {
    expect(system.token('colors.brand.600')).toBe('#0b9353');
    const css = JSON.stringify(system.getTokenCss());
    expect(css).toContain('--chakra-gradients-landing');
    expect(css).toMatch(/\.dark[^}]*--chakra-gradients-landing/);
  });
});
