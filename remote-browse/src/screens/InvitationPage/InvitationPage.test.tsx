import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { GROUP_ACTION_MESSAGES, INVITATION_STATUS_MESSAGES, paths } from '@snapshire/contracts';
import { disposeData, initData } from '@snapshire/data';
import { startComponentBackend, uniqueEmail, type ComponentBackend } from '@snapshire/backend/testing';
import { renderOnBackend } from '../../shared/testing/renderOnBackend.tsx';
import { AUTHOR_PASSWORD, insertAuthor, insertGroup, type WorldGroup } from '../../shared/testing/browseWorld.ts';
import InvitationPage from './InvitationPage.tsx';
import { hasJoinIntent, rememberJoinIntent } from './joinIntent.ts';

let backend: ComponentBackend;
let ownerEmail: string;
let visitorEmail: string;
let harpers: WorldGroup;
/** A token per status of a link to the private group "The Harpers" (not_found: never issued). */
const tokens = {} as Record<'valid' | 'revoked' | 'expired' | 'used_up' | 'not_found', string>;

/** An invitation as create_group_invitation stores it; returns its token. */
async function insertInvitation(
  groupId: string,
  { expiresIn = '7 days', maxUses = null as number | null, useCount = 0, revoked = false } = {},
): Promise<string> {
  const rows = await backend.sql<{ token: string }>(
    `insert into public.group_invitation (group_id, expires_at, max_uses, use_count, revoked_at)
     values ($1, now() + $2::interval, $3, $4, case when $5 then now() end) returning token`,
    [groupId, expiresIn, maxUses, useCount, revoked],
  );
  return rows[0]!.token;
}

beforeAll(async () => {
  backend = await startComponentBackend();
  ownerEmail = uniqueEmail('owner');
  visitorEmail = uniqueEmail('visitor');
  const ownerId = await insertAuthor(backend, ownerEmail);
  await insertAuthor(backend, visitorEmail);
  harpers = await insertGroup(backend, { authorId: ownerId, name: 'The Harpers', isPrivate: true });
  await backend.sql(`insert into public.group_member (group_id, user_id, role) values ($1, $2, 'owner')`, [
    harpers.id,
    ownerId,
  ]);
  tokens.valid = await insertInvitation(harpers.id);
  tokens.revoked = await insertInvitation(harpers.id, { revoked: true });
  tokens.expired = await insertInvitation(harpers.id, { expiresIn: '-1 hour' });
  tokens.used_up = await insertInvitation(harpers.id, { maxUses: 1, useCount: 1 });
  tokens.not_found = 'a'.repeat(64);
});
afterAll(async () => {
  await backend?.stop();
});
beforeEach(() => localStorage.clear());
afterEach(() => disposeData());

const renderInvitation = (token: string) =>
  renderOnBackend(backend.config, {
    initialEntries: [paths.invitation(token)],
    invitation: <InvitationPage />,
    group: <h1>Group page</h1>,
  });

async function signIn(email: string) {
  const { error } = await initData(backend.config).supabase.auth.signInWithPassword({
    email,
    password: AUTHOR_PASSWORD,
  });
  if (error) throw error;
}

describe('InvitationPage', () => {
  it('shows a signed-out visitor the group and sends them to sign up or in, and back to the link', async () => {
    renderInvitation(tokens.valid);
    expect(await screen.findByRole('heading', { level: 1, name: 'The Harpers' })).toBeInTheDocument();
    expect(screen.getByText(INVITATION_STATUS_MESSAGES.valid)).toBeInTheDocument();
    expect(screen.getByText(/^The link works until /)).toBeInTheDocument();
    expect(screen.getByText(GROUP_ACTION_MESSAGES.SIGN_IN_TO_ACCEPT)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Create an account' })).toHaveAttribute(
      'href',
      paths.register(paths.invitation(tokens.valid)),
    );
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute(
      'href',
      paths.login(paths.invitation(tokens.valid)),
    );
    expect(screen.queryByRole('button', { name: 'Join group' })).toBeNull();
  });

  it.each(['revoked', 'expired', 'used_up', 'not_found'] as const)(
    'says in words that a %s link does not work',
    async (status) => {
      renderInvitation(tokens[status]);
      expect(await screen.findByRole('alert')).toHaveTextContent(INVITATION_STATUS_MESSAGES[status]);
      expect(screen.getByTestId('invitation-card')).toHaveAttribute('data-status', status);
      expect(screen.queryByRole('link', { name: 'Create an account' })).toBeNull();
    },
  );

  it('tells a member they already belong, with a link to the group', async () => {
    await signIn(ownerEmail);
    renderInvitation(tokens.valid);
    expect(await screen.findByText('You are already a member of this group.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open the group' })).toHaveAttribute('href', paths.group(harpers.id));
    expect(screen.queryByRole('button', { name: 'Join group' })).toBeNull();
  });

  it('remembers the wish to join when a signed-out visitor chooses Create an account', async () => {
    renderInvitation(tokens.valid);
    await userEvent.click(await screen.findByRole('link', { name: 'Create an account' }));
    expect(hasJoinIntent(tokens.valid)).toBe(true);
  });

  it('joins by itself when the visitor comes back signed in after choosing to join here, and opens the group', async () => {
    const email = uniqueEmail('returning');
    await insertAuthor(backend, email);
    rememberJoinIntent(tokens.valid);
    await signIn(email);
    renderInvitation(tokens.valid);
    expect(await screen.findByRole('heading', { name: 'Group page' })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent(paths.group(harpers.id));
    expect(hasJoinIntent(tokens.valid)).toBe(false);
    const members = await backend.sql<{ role: string }>(
      `select m.role from public.group_member m join auth.users u on u.id = m.user_id
       where m.group_id = $1 and u.email = $2`,
      [harpers.id, email],
    );
    expect(members).toEqual([{ role: 'member' }]);
  });

  it('never joins by itself without that wish (a link alone cannot make anyone join)', async () => {
    const email = uniqueEmail('cautious');
    await insertAuthor(backend, email);
    await signIn(email);
    renderInvitation(tokens.valid);
    expect(await screen.findByRole('button', { name: 'Join group' })).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(screen.getByTestId('location')).toHaveTextContent(paths.invitation(tokens.valid));
  });

  it('lets a signed-in visitor join, and opens the group', async () => {
    await signIn(visitorEmail);
    renderInvitation(tokens.valid);
    await userEvent.click(await screen.findByRole('button', { name: 'Join group' }));
    expect(await screen.findByRole('heading', { name: 'Group page' })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent(paths.group(harpers.id));
    const members = await backend.sql<{ role: string }>(
      `select m.role from public.group_member m join auth.users u on u.id = m.user_id
       where m.group_id = $1 and u.email = $2`,
      [harpers.id, visitorEmail],
    );
    expect(members).toEqual([{ role: 'member' }]);
  });
});
