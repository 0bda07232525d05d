import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import { InMemoryCache } from '@apollo/client';
import { MockedProvider } from '@apollo/client/testing/react';
import { ChakraProvider } from '@chakra-ui/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { GROUP_ACTION_MESSAGES, INVITATION_STATUS_MESSAGES, ROUTES, paths } from '@snapshire/contracts';
import { system } from '@snapshire/ui';
import { typePolicies } from '@snapshire/data';
import InvitationPage from './InvitationPage.tsx';
import { InvitationPreviewDocument } from './operations.generated.ts';

vi.mock('@snapshire/data', async (importOriginal) => ({
  ...(await importOriginal<Record<string, unknown>>()),
  useSession: () => ({ session: null, user: null, loading: false }),
}));

const TOKEN = 'a'.repeat(64);

function renderInvitation(preview: Record<string, unknown>) {
  return render(
    <ChakraProvider value={system}>
      <MockedProvider
        cache={new InMemoryCache({ typePolicies })}
        mocks={[
          {
            request: { query: InvitationPreviewDocument, variables: { token: TOKEN } },
            // pg_graphql sends the JSON scalar serialized as a string.
            result: { data: { group_invitation_preview: JSON.stringify(preview) } },
          },
        ]}
      >
        <MemoryRouter initialEntries={[paths.invitation(TOKEN)]}>
          <Routes>
            <Route path={ROUTES.INVITATION} element={<InvitationPage />} />
          </Routes>
        </MemoryRouter>
      </MockedProvider>
    </ChakraProvider>,
  );
}

describe('InvitationPage', () => {
  it('shows a signed-out visitor the group and sends them to sign up or in, and back to the link', async () => {
    renderInvitation({
      status: 'valid',
      group_id: 'g',
      group_name: 'The Harpers',
      expires_at: '2026-12-01T00:00:00Z',
      is_member: false,
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'The Harpers' })).toBeInTheDocument();
    expect(screen.getByText(INVITATION_STATUS_MESSAGES.valid)).toBeInTheDocument();
    expect(screen.getByText(GROUP_ACTION_MESSAGES.SIGN_IN_TO_ACCEPT)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Create an account' })).toHaveAttribute(
      'href',
      paths.register(paths.invitation(TOKEN)),
    );
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', paths.login(paths.invitation(TOKEN)));
    expect(screen.queryByRole('button', { name: 'Join group' })).toBeNull();
  });

  it.each(['revoked', 'expired', 'used_up', 'not_found'] as const)(
    'says in words that a %s link does not work',
    async (status) => {
      renderInvitation({ status, group_id: 'g', group_name: 'The Harpers', is_member: false });
      expect(await screen.findByRole('alert')).toHaveTextContent(INVITATION_STATUS_MESSAGES[status]);
      expect(screen.queryByRole('link', { name: 'Create an account' })).toBeNull();
    },
  );
});
