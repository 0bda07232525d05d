import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { BROWSE_TEXT, GROUP_ACTION_MESSAGES, MESSAGES, RETURN_TEXT, paths } from '@snapshire/contracts';
import { disposeData, initData } from '@snapshire/data';
import { startComponentBackend, uniqueEmail, type ComponentBackend } from '@snapshire/backend/testing';
import { renderOnBackend } from '../shared/testing/renderOnBackend.tsx';
import {
  AUTHOR_NAME,
  AUTHOR_PASSWORD,
  insertAuthor,
  insertCategory,
  insertGroup,
  type WorldGroup,
} from '../shared/testing/browseWorld.ts';
import { galleryPosts, postByIdMock } from '../shared/testing/fixtures.ts';
import type { GalleryPost } from '../shared/data/types.ts';
import GroupPage from '../screens/GroupPage/GroupPage.tsx';
import PostView from '../screens/PostView/PostView.tsx';
import { POST_MODAL_STATE } from '../shared/gallery/modalState.ts';

/** The page size of the group page's first query (GroupById's $first). */
const PAGE_SIZE = 30;

let backend: ComponentBackend;
/** Three photos filed under Street; a group with one page of photos and one more. */
let three: WorldGroup;
let many: WorldGroup;
let p1: GalleryPost;
let p2: GalleryPost;
let p3: GalleryPost;
let authorEmail: string;
/**
 * Photos of the author's own: the first to edit, the first two to move between, the third to delete (its own,
 * as tests may run in any order: --sequence.shuffle).
 */
let own: WorldGroup;

beforeAll(async () => {
  backend = await startComponentBackend();
  authorEmail = uniqueEmail('author');
  const authorId = await insertAuthor(backend, authorEmail);
  const street = await insertCategory(backend, 'Street');
  three = await insertGroup(backend, {
    authorId,
    categories: [street],
    postCategories: [street],
    posts: galleryPosts(3),
  });
  [p1, p2, p3] = three.posts as [GalleryPost, GalleryPost, GalleryPost];
  many = await insertGroup(backend, { authorId, name: 'Busy Harbour', posts: galleryPosts(PAGE_SIZE + 1) });
  own = await insertGroup(backend, { authorId, name: 'Own Harbour', posts: galleryPosts(3) });
});
afterAll(async () => {
  await backend?.stop();
});
beforeEach(() => localStorage.clear());
afterEach(() => disposeData());

const location = () => screen.getByTestId('location').textContent;

function renderModal(startAt: GalleryPost, group = three) {
  return renderOnBackend(backend.config, {
    initialEntries: [
      paths.group(group.id),
      { pathname: paths.groupPost(group.id, startAt.id), state: POST_MODAL_STATE },
    ],
    initialIndex: 1,
    group: <GroupPage />,
    post: <PostView />,
  });
}

const renderPage = (groupId: string, postId: string) =>
  renderOnBackend(backend.config, {
    initialEntries: [paths.groupPost(groupId, postId)],
    group: <GroupPage />,
    post: <PostView />,
  });

// Several navigations through Chakra's dialog: slow on a busy 2-core machine.
describe('post modal', { timeout: 30_000 }, () => {
  it('opens over the gallery; arrows move to the next and previous photo; Esc returns to the group', async () => {
    renderModal(p1);
    const modal = await screen.findByTestId('post-modal');
    expect(screen.getByTestId('gallery')).toBeInTheDocument();
    await within(modal).findByText(p1.description!);
    await waitFor(() => expect(within(modal).getByTestId('post-position')).toHaveTextContent('1 of 3'));

    await userEvent.keyboard('{ArrowRight}');
    await waitFor(() => expect(location()).toBe(paths.groupPost(three.id, p2.id)));
    expect(within(screen.getByTestId('post-modal')).getByTestId('post-position')).toHaveTextContent('2 of 3');
    expect(await within(screen.getByTestId('post-modal')).findByText(p2.description!)).toBeInTheDocument();

    await userEvent.keyboard('{ArrowRight}');
    await waitFor(() => expect(location()).toBe(paths.groupPost(three.id, p3.id)));
    // The last photo: no next, the arrow does nothing.
    await userEvent.keyboard('{ArrowRight}');
    expect(location()).toBe(paths.groupPost(three.id, p3.id));

    await userEvent.keyboard('{ArrowLeft}');
    await waitFor(() => expect(location()).toBe(paths.groupPost(three.id, p2.id)));

    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(location()).toBe(paths.group(three.id)));
    expect(screen.queryByTestId('post-modal')).not.toBeInTheDocument();
    expect(screen.getByTestId('gallery')).toBeInTheDocument();
    // Focus is back on the tile of the photo last shown.
    await waitFor(() => expect(screen.getByRole('link', { name: p2.description! })).toHaveFocus());
  });

  it("shows its exact position among all the group's photos while more pages remain", async () => {
    renderModal(many.posts[0]!, many);
    const modal = await screen.findByTestId('post-modal');
    await waitFor(() =>
      expect(within(modal).getByTestId('post-position')).toHaveTextContent(new RegExp(`^1 of ${PAGE_SIZE + 1}$`)),
    );
    // Only the first page is loaded: the total is the server's count, not the loaded tiles.
    expect(screen.getAllByTestId('photo-tile')).toHaveLength(PAGE_SIZE);
  });

  it('follows quick successive arrow presses', async () => {
    renderModal(p1);
    await screen.findByTestId('post-modal');
    await screen.findAllByTestId('photo-tile');
    await userEvent.keyboard('{ArrowRight}{ArrowRight}');
    await waitFor(() => expect(location()).toBe(paths.groupPost(three.id, p3.id)));
    await userEvent.keyboard('{ArrowLeft}{ArrowLeft}{ArrowLeft}');
    await waitFor(() => expect(location()).toBe(paths.groupPost(three.id, p1.id)));
  });

  it('closes with the close button', async () => {
    renderModal(p2);
    await screen.findByTestId('post-modal');
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(location()).toBe(paths.group(three.id)));
  });

  it('opens from a tile click with the modal state', async () => {
    renderOnBackend(backend.config, {
      initialEntries: [paths.group(three.id)],
      group: <GroupPage />,
      post: <PostView />,
    });
    await userEvent.click(await screen.findByRole('link', { name: p3.description! }));
    expect(await screen.findByTestId('post-modal')).toBeInTheDocument();
    expect(location()).toBe(paths.groupPost(three.id, p3.id));
  });
});

describe('post page (direct load)', () => {
  it('shows the post as a plain page without the gallery: photo, description, type, categories, group link', async () => {
    renderPage(three.id, p1.id);
    expect(await screen.findByText(p1.description!)).toBeInTheDocument();
    expect(screen.queryByTestId('gallery')).not.toBeInTheDocument();
    expect(screen.queryByTestId('post-modal')).not.toBeInTheDocument();
    expect(screen.getByText('Film')).toBeInTheDocument();
    expect(screen.getByText('Street')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Harbour Town' })).toHaveAttribute('href', paths.group(three.id));
    // The description is the page's heading; the date and, last, the author follow the other details.
    expect(screen.getByRole('heading', { level: 1, name: p1.description! })).toBeInTheDocument();
    const author = screen.getByTestId('post-author');
    expect(author).toHaveTextContent(AUTHOR_NAME);
    const row = author.parentElement!;
    expect(row.parentElement!.lastElementChild).toBe(row);
    const posted = screen.getByTestId('post-detail').querySelector('time')!.getAttribute('datetime')!;
    expect(Date.parse(posted)).toBe(Date.parse(p1.created_at));
    await waitFor(() =>
      expect(screen.getByRole('img', { name: p1.description! })).toHaveAttribute(
        'src',
        expect.stringContaining(`posts/${p1.id}/${p1.file_name}?token=`),
      ),
    );
  });

  it("moves a post opened under another group's URL to its own group's URL", async () => {
    renderPage(many.id, p1.id);
    await waitFor(() => expect(location()).toBe(paths.groupPost(three.id, p1.id)));
    expect(await screen.findByRole('heading', { level: 1, name: p1.description! })).toBeInTheDocument();
  });

  it("says 'Private Group' when the post's group is not visible", async () => {
    // Row level security shows a post only in a group its reader sees, so the server never sends this; the
    // screen still words it, read from the page's real Apollo cache.
    const { request, result } = postByIdMock({ ...p1, id: crypto.randomUUID() }, { group: null });
    initData(backend.config).apolloClient.writeQuery({
      query: request.query,
      variables: request.variables,
      data: result.data,
    });
    renderPage(three.id, request.variables.id);
    expect(await screen.findByText(MESSAGES.PRIVATE_GROUP)).toBeInTheDocument();
  });

  it("says 'Invalid page URL' for an id that is not a post", async () => {
    renderPage(three.id, 'nope');
    expect(await screen.findByText(MESSAGES.INVALID_PAGE_URL)).toBeInTheDocument();
    // It leads somewhere: the group list.
    expect(screen.getByRole('link', { name: BROWSE_TEXT.GROUPS_LINK })).toHaveAttribute('href', paths.groups());
  });

  it('offers a signed-out visitor Sign in back to a photo it cannot show (private or gone), not an error', async () => {
    const postId = crypto.randomUUID();
    renderPage(three.id, postId);
    expect(await screen.findByText(RETURN_TEXT.PHOTO_SIGN_IN)).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.queryByText(MESSAGES.INVALID_PAGE_URL)).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: RETURN_TEXT.SIGN_IN })).toHaveAttribute(
      'href',
      paths.login(paths.groupPost(three.id, postId)),
    );
    expect(screen.getByRole('link', { name: RETURN_TEXT.CREATE_ACCOUNT })).toHaveAttribute(
      'href',
      paths.register(paths.groupPost(three.id, postId)),
    );
  });

  it('tells a signed-in reader plainly that a photo it cannot show is not available', async () => {
    const email = uniqueEmail('reader');
    await insertAuthor(backend, email);
    const { error } = await initData(backend.config).supabase.auth.signInWithPassword({
      email,
      password: AUTHOR_PASSWORD,
    });
    if (error) throw error;
    renderPage(three.id, crypto.randomUUID());
    expect(await screen.findByText(RETURN_TEXT.PHOTO_NOT_AVAILABLE)).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: RETURN_TEXT.SIGN_IN })).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});

describe('post actions keep the focus where the person is', { timeout: 60_000 }, () => {
  beforeEach(async () => {
    const { error } = await initData(backend.config).supabase.auth.signInWithPassword({
      email: authorEmail,
      password: AUTHOR_PASSWORD,
    });
    if (error) throw error;
  });

  it('moves into the edit form, and back to Edit post when it closes by Cancel or Save', async () => {
    const [post] = own.posts as [GalleryPost];
    renderPage(own.id, post.id);
    const u = userEvent.setup();
    await u.click(await screen.findByRole('button', { name: 'Edit post' }));
    const description = screen.getByRole('textbox', { name: 'Description' });
    await waitFor(() => expect(description).toHaveFocus());

    await u.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Edit post' })).toHaveFocus());

    await u.click(screen.getByRole('button', { name: 'Edit post' }));
    await u.clear(screen.getByRole('textbox', { name: 'Description' }));
    await u.type(screen.getByRole('textbox', { name: 'Description' }), 'Low tide');
    await u.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText(GROUP_ACTION_MESSAGES.POST_UPDATED);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Edit post' })).toHaveFocus());
  });

  it('keeps the photo a confirmation is about: the arrow keys in it do not move the modal', async () => {
    const [first] = own.posts as [GalleryPost];
    renderModal(first, own);
    const u = userEvent.setup();
    await u.click(await screen.findByRole('button', { name: 'Delete post' }));
    const dialog = await screen.findByRole('alertdialog');
    await u.keyboard('{ArrowRight}');
    expect(location()).toBe(paths.groupPost(own.id, first.id));
    await u.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    // Without a dialog over it, the arrows move the modal again.
    await u.keyboard('{ArrowRight}');
    await waitFor(() => expect(location()).toBe(paths.groupPost(own.id, own.posts[1]!.id)));
  });

  it("after deleting, gives the focus to the group page's news that the post is gone", async () => {
    const post = own.posts[2]!;
    renderPage(own.id, post.id);
    const u = userEvent.setup();
    await u.click(await screen.findByRole('button', { name: 'Delete post' }));
    const dialog = await screen.findByRole('alertdialog');
    await u.click(within(dialog).getByRole('button', { name: 'Delete post' }));
    await waitFor(() => expect(location()).toBe(paths.group(own.id)));
    const news = await screen.findByText(GROUP_ACTION_MESSAGES.POST_DELETED);
    await waitFor(() => expect(news.closest('[role="status"]')).toHaveFocus());
  });
});
