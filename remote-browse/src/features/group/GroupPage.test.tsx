import { describe, expect, it, vi, beforeEach } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MESSAGES, paths } from '@snapshire/contracts';
import { fakeSupabase, renderBrowse } from '../testing/renderBrowse.tsx';
import { GROUP_ID, galleryPosts, groupByIdMock, groupNode } from '../testing/fixtures.ts';
import GroupPage from './GroupPage.tsx';

const session = vi.hoisted(() => ({ current: null as null | { access_token: string } }));
const supabase = vi.hoisted(() => ({ current: null as unknown }));
vi.mock('@snapshire/data', async (importOriginal) => ({
  ...(await importOriginal<Record<string, unknown>>()),
  useSession: () => ({ session: session.current, user: null, loading: false }),
  useSupabase: () => supabase.current,
}));

beforeEach(() => {
  session.current = null;
  supabase.current = fakeSupabase();
  localStorage.clear();
});

const renderGroup = (mocks: ReturnType<typeof groupByIdMock>[], id = GROUP_ID) =>
  renderBrowse({ mocks, initialEntries: [paths.group(id)], group: <GroupPage /> });

describe('GroupPage', () => {
  it('shows the missing-group page with a link home when the group is absent or not visible', async () => {
    renderGroup([groupByIdMock(null)]);
    expect(await screen.findByText(MESSAGES.MISSING_GROUP_PAGE)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('link', { name: /home/i }));
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/);
  });

  it('shows the missing-group page for an id that is not a UUID, without asking the server', async () => {
    renderGroup([], 'not-a-group');
    expect(await screen.findByText(MESSAGES.MISSING_GROUP_PAGE)).toBeInTheDocument();
  });

  it('shows name, description, advert and Sign in to post (to register, back to new post) when signed out', async () => {
    renderGroup([groupByIdMock(groupNode(galleryPosts(4)))]);
    expect(await screen.findByRole('heading', { level: 1, name: 'Harbour Town' })).toBeInTheDocument();
    expect(screen.getByText('Boats, gulls and fog.')).toBeInTheDocument();
    expect(screen.getByTestId('advert')).toHaveTextContent('Advert');
    expect(screen.getByRole('link', { name: MESSAGES.SIGN_IN_TO_POST })).toHaveAttribute(
      'href',
      paths.register(paths.groupNewPost(GROUP_ID)),
    );
    expect(screen.queryByRole('link', { name: MESSAGES.NEW_POST })).not.toBeInTheDocument();
  });

  it('shows New Post to the new-post route when signed in', async () => {
    session.current = { access_token: 'token' };
    renderGroup([groupByIdMock(groupNode(galleryPosts(1)))]);
    expect(await screen.findByRole('link', { name: MESSAGES.NEW_POST })).toHaveAttribute('href', paths.groupNewPost(GROUP_ID));
  });

  it('groups photos under day headings, newest day first, tiles named by their description', async () => {
    renderGroup([groupByIdMock(groupNode(galleryPosts(5, 2)))]);
    const headings = await screen.findAllByTestId('day-heading');
    expect(headings).toHaveLength(3);
    const days = headings.map((h) => Date.parse(h.textContent!));
    // Each heading is a full date in the viewer's locale; they run newest first.
    expect([...days].sort((a, b) => b - a)).toEqual(days);
    const firstDay = headings[0]!.closest('section')!;
    expect(within(firstDay).getByRole('link', { name: 'Photo number 1' })).toHaveAttribute('href', paths.groupPost(GROUP_ID, galleryPosts(1)[0]!.id));
    expect(within(firstDay).getAllByTestId('photo-tile')).toHaveLength(2);
    // The DOM (and so Tab) runs newest to oldest, whatever column a photo shows in.
    expect(screen.getAllByTestId('photo-tile').map((t) => t.getAttribute('data-post-id'))).toEqual(galleryPosts(5, 2).map((p) => p.id));
  });

  it('says No posts for a group without photos', async () => {
    renderGroup([groupByIdMock(groupNode([]))]);
    expect(await screen.findByText(MESSAGES.NO_POSTS)).toBeInTheDocument();
  });

  it('toggles a heart locally: on (pink) and pressed, per photo, and back off', async () => {
    const mocks = [groupByIdMock(groupNode(galleryPosts(2)))];
    renderGroup(mocks);
    const tiles = await screen.findAllByTestId('photo-tile');
    const [first, second] = tiles.map((tile) => within(tile).getByRole('button', { name: 'Like' }));
    expect(first).toHaveAttribute('aria-pressed', 'false');
    await userEvent.click(first!);
    expect(first).toHaveAttribute('aria-pressed', 'true');
    expect(first).toHaveAttribute('data-state', 'on');
    expect(second).toHaveAttribute('aria-pressed', 'false');
    await userEvent.click(first!);
    expect(first).toHaveAttribute('aria-pressed', 'false');
    // Still on the group page: the heart is not the zoom link.
    expect(screen.getByTestId('location')).toHaveTextContent(paths.group(GROUP_ID));
  });
});
