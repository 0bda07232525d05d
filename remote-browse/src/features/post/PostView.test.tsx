import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { BROWSE_TEXT, MESSAGES, paths } from '@snapshire/contracts';
import { FAKE_PROJECT_URL, fakeSupabase, renderBrowse } from '../testing/renderBrowse.tsx';
import { CATEGORY_ID, GROUP_ID, categoryLinks, galleryPosts, groupByIdMock, groupNode, postByIdMock } from '../testing/fixtures.ts';
import GroupPage from '../group/GroupPage.tsx';
import PostView from './PostView.tsx';
import { POST_MODAL_STATE } from './modalState.ts';

const supabase = vi.hoisted(() => ({ current: null as unknown }));
vi.mock('@snapshire/data', async (importOriginal) => ({
  ...(await importOriginal<Record<string, unknown>>()),
  useSession: () => ({ session: null, user: null, loading: false }),
  useSupabase: () => supabase.current,
  getDataConfig: () => ({ supabaseUrl: FAKE_PROJECT_URL, supabaseAnonKey: 'anon' }),
}));

beforeEach(() => {
  supabase.current = fakeSupabase();
  localStorage.clear();
});

const posts = galleryPosts(3);
const [p1, p2, p3] = posts as [(typeof posts)[0], (typeof posts)[0], (typeof posts)[0]];
const location = () => screen.getByTestId('location').textContent;

function renderModal(startAt = p1) {
  return renderBrowse({
    mocks: [groupByIdMock(groupNode(posts)), ...posts.map((p) => postByIdMock(p))],
    initialEntries: [paths.group(GROUP_ID), { pathname: paths.groupPost(GROUP_ID, startAt.id), state: POST_MODAL_STATE }],
    initialIndex: 1,
    group: <GroupPage />,
    post: <PostView />,
  });
}

// Several navigations through Chakra's dialog: slow on a busy 2-core machine.
describe('post modal', { timeout: 20_000 }, () => {
  it('opens over the gallery; arrows move to the next and previous photo; Esc returns to the group', async () => {
    renderModal();
    const modal = await screen.findByTestId('post-modal');
    expect(screen.getByTestId('gallery')).toBeInTheDocument();
    await within(modal).findByText(p1.description!);
    expect(within(modal).getByTestId('post-position')).toHaveTextContent('1 of 3');

    await userEvent.keyboard('{ArrowRight}');
    await waitFor(() => expect(location()).toBe(paths.groupPost(GROUP_ID, p2.id)));
    expect(within(screen.getByTestId('post-modal')).getByTestId('post-position')).toHaveTextContent('2 of 3');
    expect(await within(screen.getByTestId('post-modal')).findByText(p2.description!)).toBeInTheDocument();

    await userEvent.keyboard('{ArrowRight}');
    await waitFor(() => expect(location()).toBe(paths.groupPost(GROUP_ID, p3.id)));
    // The last photo: no next, the arrow does nothing.
    await userEvent.keyboard('{ArrowRight}');
    expect(location()).toBe(paths.groupPost(GROUP_ID, p3.id));

    await userEvent.keyboard('{ArrowLeft}');
    await waitFor(() => expect(location()).toBe(paths.groupPost(GROUP_ID, p2.id)));

    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(location()).toBe(paths.group(GROUP_ID)));
    expect(screen.queryByTestId('post-modal')).not.toBeInTheDocument();
    expect(screen.getByTestId('gallery')).toBeInTheDocument();
    // Focus is back on the tile of the photo last shown.
    await waitFor(() => expect(screen.getByRole('link', { name: p2.description! })).toHaveFocus());
  });

  it("shows its exact position among all the group's photos while more pages remain", async () => {
    const group = groupNode(posts);
    group.postCollection!.pageInfo = { __typename: 'PageInfo', hasNextPage: true, endCursor: `c-${p3.id}` };
    group.postCollection!.totalCount = 500;
    renderBrowse({
      mocks: [groupByIdMock(group), ...posts.map((p) => postByIdMock(p))],
      initialEntries: [paths.group(GROUP_ID), { pathname: paths.groupPost(GROUP_ID, p1.id), state: POST_MODAL_STATE }],
      initialIndex: 1,
      group: <GroupPage />,
      post: <PostView />,
    });
    const modal = await screen.findByTestId('post-modal');
    await waitFor(() => expect(within(modal).getByTestId('post-position')).toHaveTextContent(/^1 of 500$/));
  });

  it('follows quick successive arrow presses', async () => {
    renderModal();
    await screen.findByTestId('post-modal');
    await userEvent.keyboard('{ArrowRight}{ArrowRight}');
    await waitFor(() => expect(location()).toBe(paths.groupPost(GROUP_ID, p3.id)));
    await userEvent.keyboard('{ArrowLeft}{ArrowLeft}{ArrowLeft}');
    await waitFor(() => expect(location()).toBe(paths.groupPost(GROUP_ID, p1.id)));
  });

  it('closes with the close button', async () => {
    renderModal(p2);
    await screen.findByTestId('post-modal');
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(location()).toBe(paths.group(GROUP_ID)));
  });

  it('opens from a tile click with the modal state', async () => {
    renderBrowse({
      mocks: [groupByIdMock(groupNode(posts)), ...posts.map((p) => postByIdMock(p))],
      initialEntries: [paths.group(GROUP_ID)],
      group: <GroupPage />,
      post: <PostView />,
    });
    await userEvent.click(await screen.findByRole('link', { name: p3.description! }));
    expect(await screen.findByTestId('post-modal')).toBeInTheDocument();
    expect(location()).toBe(paths.groupPost(GROUP_ID, p3.id));
  });
});

describe('post page (direct load)', () => {
  it('shows the post as a plain page without the gallery: photo, description, type, categories, group link', async () => {
    renderBrowse({
      mocks: [
        postByIdMock(p1, { post_categoryCollection: categoryLinks([{ id: CATEGORY_ID, display_name: 'Street' }]) }),
      ],
      initialEntries: [paths.groupPost(GROUP_ID, p1.id)],
      group: <GroupPage />,
      post: <PostView />,
    });
    expect(await screen.findByText(p1.description!)).toBeInTheDocument();
    expect(screen.queryByTestId('gallery')).not.toBeInTheDocument();
    expect(screen.queryByTestId('post-modal')).not.toBeInTheDocument();
    expect(screen.getByText('Film')).toBeInTheDocument();
    expect(screen.getByText('Street')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Harbour Town' })).toHaveAttribute('href', paths.group(GROUP_ID));
    // The description is the page's heading; the date and, last, the author follow the other details.
    expect(screen.getByRole('heading', { level: 1, name: p1.description! })).toBeInTheDocument();
    const author = screen.getByTestId('post-author');
    expect(author).toHaveTextContent('Ada Harper');
    const row = author.parentElement!;
    expect(row.parentElement!.lastElementChild).toBe(row);
    expect(screen.getByTestId('post-detail').querySelector('time')).toHaveAttribute('datetime', p1.created_at);
    await waitFor(() => expect(screen.getByRole('img', { name: p1.description! })).toHaveAttribute('src', expect.stringContaining(`${FAKE_PROJECT_URL}/storage/v1/render/image/sign/photography/posts/${p1.id}/`)));
  });

  it("moves a post opened under another group's URL to its own group's URL", async () => {
    const elsewhere = '77777777-7777-4777-8777-777777777777';
    renderBrowse({
      mocks: [postByIdMock(p1)],
      initialEntries: [paths.groupPost(elsewhere, p1.id)],
      group: <GroupPage />,
      post: <PostView />,
    });
    await waitFor(() => expect(location()).toBe(paths.groupPost(GROUP_ID, p1.id)));
    expect(await screen.findByRole('heading', { level: 1, name: p1.description! })).toBeInTheDocument();
  });

  it("says 'Private Group' when the post's group is not visible", async () => {
    renderBrowse({
      mocks: [postByIdMock(p1, { group: null })],
      initialEntries: [paths.groupPost(GROUP_ID, p1.id)],
      group: <GroupPage />,
      post: <PostView />,
    });
    expect(await screen.findByText(MESSAGES.PRIVATE_GROUP)).toBeInTheDocument();
  });

  it("says 'Invalid page URL' for an id that is not a post", async () => {
    renderBrowse({
      initialEntries: [paths.groupPost(GROUP_ID, 'nope')],
      group: <GroupPage />,
      post: <PostView />,
    });
    expect(await screen.findByText(MESSAGES.INVALID_PAGE_URL)).toBeInTheDocument();
    // It leads somewhere: the group list.
    expect(screen.getByRole('link', { name: BROWSE_TEXT.GROUPS_LINK })).toHaveAttribute('href', paths.groups());
  });
});
