import { ChakraProvider } from '@chakra-ui/react';
import { paths, RETURN_TEXT } from '@snapshire/contracts';
import { system } from '@snapshire/ui';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { AuthLinkNoticePanel } from './AuthLinkNotice.tsx';

describe('AuthLinkNoticePanel', () => {
  it('says the link no longer works, and leads to sign in or sign up back to the same page', async () => {
    const onDismiss = vi.fn();
    const here = '/invitations/abc';
    render(
      <ChakraProvider value={system}>
        <MemoryRouter>
          <AuthLinkNoticePanel
            title={RETURN_TEXT.LINK_EXPIRED_TITLE}
            text={RETURN_TEXT.LINK_EXPIRED_TEXT}
            here={here}
            onDismiss={onDismiss}
          />
        </MemoryRouter>
      </ChakraProvider>,
    );
    expect(screen.getByRole('heading', { level: 2, name: RETURN_TEXT.LINK_EXPIRED_TITLE })).toBeInTheDocument();
    expect(screen.getByText(RETURN_TEXT.LINK_EXPIRED_TEXT)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: RETURN_TEXT.SIGN_IN })).toHaveAttribute('href', paths.login(here));
    expect(screen.getByRole('link', { name: RETURN_TEXT.CREATE_ACCOUNT })).toHaveAttribute(
      'href',
      paths.register(here),
    );
    await userEvent.click(screen.getByRole('button', { name: RETURN_TEXT.DISMISS }));
    expect(onDismiss).toHaveBeenCalledOnce();
  });
});
