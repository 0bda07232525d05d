import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { GROUP_RULE_MESSAGES, MESSAGES, SOCIAL_LIMITS, SOCIAL_TEXT, paths } from '@snapshire/contracts';
import { disposeData } from '@snapshire/data';
import { startComponentBackend, uniqueEmail, type ComponentBackend } from '@snapshire/backend/testing';
import { renderOnBackend } from '../shared/testing/renderOnBackend.tsx';
import {
  AUTHOR_NAME,
  AUTHOR_PASSWORD,
  insertAuthor,
  insertGroup,
  type WorldGroup,
  signInOnBackend,
} from '../shared/testing/browseWorld.ts';
import { galleryPosts } from '../shared/testing/fixtures.ts';
import GroupPage from '../screens/GroupPage/GroupPage.tsx';
import PostView from '../screens/PostView/PostView.tsx';
import { CommentsSection } from '../screens/PostView/comments/CommentsSection.tsx';

let backend: ComponentBackend;
let group: WorldGroup;
let authorId: string;
let authorEmail: string;
let adminEmail: string;
let adminId: string;

beforeAll(async () => {
  backend = await startComponentBackend();
  authorEmail = uniqueEmail('author');
  authorId = await insertAuthor(backend, authorEmail);
  adminEmail = uniqueEmail('admin');
  adminId = await backend.createUser(adminEmail, AUTHOR_PASSWORD);
  await backend.sql(`update public.profile set display_name = 'Grace Admin' where id = $1`, [adminId]);
  group = await insertGroup(backend, { authorId, name: 'Harbour Family', isPrivate: true, posts: galleryPosts(4) });
  await backend.sql(
    `insert into public.group_member (group_id, user_id, role) values ($1, $2, 'member'), ($1, $3, 'admin')`,
    [group.id, authorId, adminId],
  );
});
afterAll(async () => {
  await backend?.stop();
});
beforeEach(() => localStorage.clear());
afterEach(() => disposeData());

const signIn = (email: string) => signInOnBackend(backend, email);
/** The post page, once its comments section is there. */
async function renderPost(postId: string, groupId = group.id) {
  renderOnBackend(backend.config, {
    initialEntries: [paths.groupPost(groupId, postId)],
    group: <GroupPage />,
    post: <PostView />,
  });
  await screen.findByTestId('comments');
}
const comments = () => within(screen.getByTestId('comments'));

describe('comments under a post', { timeout: 60_000 }, () => {
  it('says so when the comments cannot be loaded, and offers to ask again, instead of showing none', async () => {
    const post = group.posts[0]!;
    // A backend that is down: nothing listens on its port (a real refused connection).
    const down = { ...backend.config, supabaseUrl: 'http://127.0.0.1:9' };
    renderOnBackend(down, {
      initialEntries: [paths.group(group.id)],
      group: <CommentsSection postId={post.id} groupId={group.id} canTakePart={false} headingLevel="h2" />,
    });
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.COMMENTS_LOAD_FAILED);
    expect(comments().getByRole('button', { name: MESSAGES.RETRY })).toBeInTheDocument();
    expect(comments().queryByText(SOCIAL_TEXT.NO_COMMENTS)).not.toBeInTheDocument();
  });

  it('lets a member write one as plain text, kept with its line breaks, and counted', async () => {
    await signIn(authorEmail);
    const post = group.posts[0]!;
    await renderPost(post.id);
    const box = await screen.findByRole('textbox', { name: SOCIAL_TEXT.ADD_COMMENT });
    expect(comments().getByText(SOCIAL_TEXT.WHO_MAY_COMMENT)).toBeInTheDocument();
    const u = userEvent.setup();
    await u.type(box, 'Lovely light{Enter}<b>on the water</b> https://example.com');
    await u.click(comments().getByRole('button', { name: SOCIAL_TEXT.POST_COMMENT }));
    const body = await comments().findByTestId('comment-body');
    expect(body.textContent).toBe('Lovely light\n<b>on the water</b> https://example.com');
    expect(body.querySelector('b, a')).toBeNull();
    expect(comments().getByText(AUTHOR_NAME)).toBeInTheDocument();
    expect(comments().getByText('just now')).toBeInTheDocument();
    expect(comments().getByRole('heading', { name: `${SOCIAL_TEXT.COMMENTS} (1)` })).toBeInTheDocument();
    await waitFor(() => expect(box).toHaveValue(''));
    const stored = await backend.sql<{ n: number }>('select comment_count as n from public.post where id = $1', [
      post.id,
    ]);
    expect(stored[0]!.n).toBe(1);
  });

  it('keeps the text and says why when the server refuses it', async () => {
    // A member of its own: the limit counts a person's comments on every post, and the other tests comment as
    // the author (tests may run in any order: --sequence.shuffle).
    const busyEmail = uniqueEmail('busy');
    const busyId = await insertAuthor(backend, busyEmail);
    await backend.sql(`insert into public.group_member (group_id, user_id, role) values ($1, $2, 'member')`, [
      group.id,
      busyId,
    ]);
    await signIn(busyEmail);
    const post = group.posts[1]!;
    // Twenty comments this minute already: the next is refused whole.
    await backend.sql(
      `insert into public.post_comment (post_id, group_id, author_id, body)
       select $1, $2, $3, 'Earlier ' || n from generate_series(1, $4::int) n`,
      [post.id, group.id, busyId, SOCIAL_LIMITS.COMMENTS_PER_MINUTE],
    );
    await renderPost(post.id);
    const box = await screen.findByRole('textbox', { name: SOCIAL_TEXT.ADD_COMMENT });
    const u = userEvent.setup();
    await u.type(box, 'One too many');
    await u.click(comments().getByRole('button', { name: SOCIAL_TEXT.POST_COMMENT }));
    expect(await comments().findByText(GROUP_RULE_MESSAGES.comment_rate_limited)).toBeInTheDocument();
    expect(box).toHaveValue('One too many');
    const stored = await backend.sql('select 1 from public.post_comment where post_id = $1', [post.id]);
    expect(stored).toHaveLength(SOCIAL_LIMITS.COMMENTS_PER_MINUTE);
  });

  it('lets the author edit their comment, and an admin delete it', async () => {
    const post = group.posts[2]!;
    const [row] = await backend.sql<{ id: string }>(
      `insert into public.post_comment (post_id, group_id, author_id, body) values ($1, $2, $3, 'Frist') returning id`,
      [post.id, group.id, authorId],
    );
    await signIn(authorEmail);
    await renderPost(post.id);
    const u = userEvent.setup();
    await u.click(await comments().findByRole('button', { name: SOCIAL_TEXT.EDIT_COMMENT }));
    const edit = comments().getByRole('textbox', { name: SOCIAL_TEXT.EDIT_COMMENT });
    await waitFor(() => expect(edit).toHaveFocus());
    await u.clear(edit);
    await u.type(edit, 'First');
    await u.click(comments().getByRole('button', { name: SOCIAL_TEXT.SAVE_COMMENT }));
    await waitFor(() =>
      expect(comments().queryByRole('textbox', { name: SOCIAL_TEXT.EDIT_COMMENT })).not.toBeInTheDocument(),
    );
    expect(comments().getByTestId('comment-body')).toHaveTextContent('First');
    expect(comments().getByText(new RegExp(SOCIAL_TEXT.EDITED))).toBeInTheDocument();
    await waitFor(() => expect(comments().getByRole('button', { name: SOCIAL_TEXT.EDIT_COMMENT })).toHaveFocus());
    cleanup();
    disposeData();

    await signIn(adminEmail);
    await renderPost(post.id);
    await comments().findByText('First');
    const remove = await comments().findByRole('button', { name: SOCIAL_TEXT.DELETE_COMMENT });
    expect(comments().queryByRole('button', { name: SOCIAL_TEXT.EDIT_COMMENT })).not.toBeInTheDocument();
    await u.click(remove);
    const dialog = await screen.findByRole('alertdialog');
    await u.click(within(dialog).getByRole('button', { name: SOCIAL_TEXT.DELETE_COMMENT }));
    const news = await comments().findByText(SOCIAL_TEXT.COMMENT_DELETED);
    await waitFor(() => expect(news.closest('[role="status"]')).toHaveFocus());
    expect(comments().queryByText('First')).not.toBeInTheDocument();
    expect(await backend.sql('select 1 from public.post_comment where id = $1', [row!.id])).toHaveLength(0);
  });

  it('shows the latest page, and the earlier comments on request, oldest first', async () => {
    const [extra] = galleryPosts(1);
    const busy = await insertGroup(backend, { authorId, name: 'Busy Harbour', posts: [extra!] });
    const post = busy.posts[0]!;
    const total = SOCIAL_LIMITS.COMMENTS_PAGE_SIZE + 5;
    await backend.sql(
      `insert into public.post_comment (post_id, group_id, author_id, body, created_at)
       select $1, $2, $3, 'Comment ' || n, now() - make_interval(mins => $4::int - n) from generate_series(1, $4::int) n`,
      [post.id, busy.id, authorId, total],
    );
    await renderPost(post.id, busy.id);
    expect(await comments().findByRole('heading', { name: `${SOCIAL_TEXT.COMMENTS} (${total})` })).toBeInTheDocument();
    const bodies = () =>
      comments()
        .getAllByTestId('comment-body')
        .map((b) => b.textContent);
    await waitFor(() => expect(bodies()).toHaveLength(SOCIAL_LIMITS.COMMENTS_PAGE_SIZE));
    expect(bodies().at(-1)).toBe(`Comment ${total}`);
    expect(bodies()[0]).toBe('Comment 6');
    await userEvent.click(comments().getByRole('button', { name: SOCIAL_TEXT.SHOW_EARLIER_COMMENTS }));
    await waitFor(() => expect(bodies()).toHaveLength(total));
    expect(bodies()[0]).toBe('Comment 1');
    expect(comments().queryByRole('button', { name: SOCIAL_TEXT.SHOW_EARLIER_COMMENTS })).not.toBeInTheDocument();
    // Signed out, the way in is to sign in and come back here.
    expect(comments().getByRole('link', { name: SOCIAL_TEXT.SIGN_IN_TO_COMMENT })).toHaveAttribute(
      'href',
      paths.login(paths.groupPost(busy.id, post.id)),
    );
  });

  it("shows a deleted account's comment without a name", async () => {
    // Not the post another test counts the comments of.
    const post = group.posts[3]!;
    await backend.sql(
      `insert into public.post_comment (post_id, group_id, author_id, body) values ($1, $2, null, 'From the past')`,
      [post.id, group.id],
    );
    await signIn(adminEmail);
    await renderPost(post.id);
    const item = (await comments().findByText('From the past')).closest('li')!;
    expect(within(item as HTMLElement).getByText(SOCIAL_TEXT.DELETED_ACCOUNT)).toBeInTheDocument();
  });
});
