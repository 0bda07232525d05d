import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  BROWSE_TEXT,
  GROUP_RULE_MESSAGES,
  REPORT_REASONS,
  REPORT_REASON_LABELS,
  SOCIAL_TEXT,
  paths,
} from '@snapshire/contracts';
import { disposeData } from '@snapshire/data';
import { startComponentBackend, uniqueEmail, type ComponentBackend } from '@snapshire/backend/testing';
import { renderOnBackend } from '../shared/testing/renderOnBackend.tsx';
import { insertAuthor, insertGroup, type WorldGroup, signInOnBackend } from '../shared/testing/browseWorld.ts';
import { galleryPosts } from '../shared/testing/fixtures.ts';
import {
  insertComment,
  insertMember,
  insertPerson,
  insertReport,
  storedReports,
} from '../shared/testing/reportsWorld.ts';
import GroupPage from '../screens/GroupPage/GroupPage.tsx';
import PostView from '../screens/PostView/PostView.tsx';
import { POST_MODAL_STATE } from '../shared/gallery/modalState.ts';
import { ReportButton } from '../screens/PostView/reports/ReportButton.tsx';

let backend: ComponentBackend;
let ownerEmail: string;
let memberEmail: string;
let memberId: string;
let group: WorldGroup;

beforeAll(async () => {
  backend = await startComponentBackend();
  ownerEmail = uniqueEmail('owner');
  memberEmail = uniqueEmail('member');
  const ownerId = await insertAuthor(backend, ownerEmail);
  memberId = await insertPerson(backend, memberEmail, 'Ben Member');
  group = await insertGroup(backend, { authorId: ownerId, posts: galleryPosts(5) });
  await insertMember(backend, group.id, ownerId, 'owner');
  await insertMember(backend, group.id, memberId, 'member');
});
afterAll(async () => {
  await backend?.stop();
});
beforeEach(() => localStorage.clear());
afterEach(() => disposeData());

const signIn = (email: string) => signInOnBackend(backend, email);

const renderPostPage = (postId: string) =>
  renderOnBackend(backend.config, {
    initialEntries: [paths.groupPost(group.id, postId)],
    group: <GroupPage />,
    post: <PostView />,
  });

async function openDialog(
  u: ReturnType<typeof userEvent.setup>,
  name: string,
  button: string = SOCIAL_TEXT.REPORT_PHOTO,
) {
  await u.click(await screen.findByRole('button', { name: button }));
  return screen.findByRole('dialog', { name });
}

// Chakra's dialog and a real backend on a busy 2-core machine.
describe('ReportButton', { timeout: 60_000 }, () => {
  it('reports a post from its page: a reason, optional details, thanks in words, focus back on Report', async () => {
    const post = group.posts[0]!;
    await signIn(memberEmail);
    renderPostPage(post.id);
    const u = userEvent.setup();
    const dialog = await openDialog(u, SOCIAL_TEXT.REPORT_POST_TITLE);

    const reasons = within(dialog).getByRole('radiogroup', { name: SOCIAL_TEXT.REPORT_REASON });
    expect(
      within(reasons)
        .getAllByRole('radio')
        .map((radio) => radio.closest('label')?.textContent),
    ).toEqual(REPORT_REASONS.map((reason) => REPORT_REASON_LABELS[reason]));
    // No reason, nothing sent: said at the reasons, whose first takes the focus.
    await u.click(within(dialog).getByRole('button', { name: SOCIAL_TEXT.SEND_REPORT }));
    expect(within(dialog).getByText(GROUP_RULE_MESSAGES.report_reason_unknown)).toBeInTheDocument();
    expect(reasons).toHaveAccessibleDescription(GROUP_RULE_MESSAGES.report_reason_unknown);
    expect(within(reasons).getAllByRole('radio')[0]).toHaveFocus();

    await u.click(within(dialog).getByRole('radio', { name: REPORT_REASON_LABELS.harassment }));
    const details = within(dialog).getByRole('textbox', { name: SOCIAL_TEXT.REPORT_DETAILS });
    expect(details).toHaveAttribute('maxlength', '500');
    await u.type(details, 'Shouting at people');
    expect(details).toHaveAccessibleDescription(SOCIAL_TEXT.reportDetailsCount(18));
    await u.click(within(dialog).getByRole('button', { name: SOCIAL_TEXT.SEND_REPORT }));

    const thanks = await within(dialog).findByRole('status');
    expect(thanks).toHaveTextContent(SOCIAL_TEXT.REPORT_SENT);
    await waitFor(() => expect(thanks).toHaveFocus());
    expect(await storedReports(backend, post.id)).toEqual([
      { reason: 'harassment', details: 'Shouting at people', comment_id: null, reporter_id: memberId },
    ]);

    // Closed: Report is not offered again; what takes its place says so and has the focus.
    await u.click(within(dialog).getAllByRole('button', { name: BROWSE_TEXT.CLOSE }).at(-1)!);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(screen.getByText(SOCIAL_TEXT.REPORTED)).toHaveFocus());
    expect(screen.queryByRole('button', { name: SOCIAL_TEXT.REPORT_PHOTO })).not.toBeInTheDocument();
  });

  it('says a photo the viewer has reported is reported, instead of offering a form that would be refused', async () => {
    const post = group.posts[1]!;
    await insertReport(backend, { postId: post.id, reporterId: memberId, reason: 'spam' });
    await signIn(memberEmail);
    renderPostPage(post.id);
    expect(await screen.findByText(SOCIAL_TEXT.REPORTED)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: SOCIAL_TEXT.REPORT_PHOTO })).not.toBeInTheDocument();
  });

  it('refuses a second report made meanwhile elsewhere in words, keeping what was typed', async () => {
    // A post of its own, which no other test reports (tests may run in any order: --sequence.shuffle).
    const post = group.posts[4]!;
    await signIn(memberEmail);
    // Offered before the report from another device arrived.
    renderOnBackend(backend.config, {
      initialEntries: [paths.group(group.id)],
      group: <ReportButton target={{ postId: post.id }} label={SOCIAL_TEXT.REPORT_PHOTO} reported={false} />,
    });
    await insertReport(backend, { postId: post.id, reporterId: memberId, reason: 'spam' });
    const u = userEvent.setup();
    const dialog = await openDialog(u, SOCIAL_TEXT.REPORT_POST_TITLE);
    await u.click(within(dialog).getByRole('radio', { name: REPORT_REASON_LABELS.nudity }));
    await u.type(within(dialog).getByRole('textbox', { name: SOCIAL_TEXT.REPORT_DETAILS }), 'Again, sorry');
    await u.click(within(dialog).getByRole('button', { name: SOCIAL_TEXT.SEND_REPORT }));

    expect(await within(dialog).findByRole('alert')).toHaveTextContent(GROUP_RULE_MESSAGES.already_reported);
    expect(within(dialog).getByRole('radio', { name: REPORT_REASON_LABELS.nudity })).toBeChecked();
    expect(within(dialog).getByRole('textbox', { name: SOCIAL_TEXT.REPORT_DETAILS })).toHaveValue('Again, sorry');
    expect(await storedReports(backend, post.id)).toHaveLength(1);

    // Cancel closes it; the focus is back where the person was.
    await u.click(within(dialog).getByRole('button', { name: SOCIAL_TEXT.CANCEL_REPORT }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(screen.getByRole('button', { name: SOCIAL_TEXT.REPORT_PHOTO })).toHaveFocus());
  });

  it("offers nothing to a signed-out visitor, nor to the photo's author", async () => {
    const post = group.posts[2]!;
    renderPostPage(post.id);
    expect(await screen.findByTestId('post-heading')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: SOCIAL_TEXT.REPORT_PHOTO })).not.toBeInTheDocument();
    disposeData();

    await signIn(ownerEmail);
    renderPostPage(post.id);
    expect(await screen.findByRole('button', { name: 'Delete post' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: SOCIAL_TEXT.REPORT_PHOTO })).not.toBeInTheDocument();
  });

  it('keeps the arrow keys in the dialog over the post modal: they choose a reason, not the next photo', async () => {
    const post = group.posts[2]!;
    await signIn(memberEmail);
    renderOnBackend(backend.config, {
      initialEntries: [
        paths.group(group.id),
        { pathname: paths.groupPost(group.id, post.id), state: POST_MODAL_STATE },
      ],
      initialIndex: 1,
      group: <GroupPage />,
      post: <PostView />,
    });
    await screen.findByTestId('post-modal');
    const u = userEvent.setup();
    const dialog = await openDialog(u, SOCIAL_TEXT.REPORT_POST_TITLE);
    await u.click(within(dialog).getByRole('radio', { name: REPORT_REASON_LABELS.spam }));
    await u.keyboard('{ArrowRight}');
    await u.keyboard('{ArrowLeft}');
    await u.keyboard('{ArrowRight}');
    expect(screen.getByTestId('location')).toHaveTextContent(paths.groupPost(group.id, post.id));
    expect(within(dialog).getByRole('radio', { name: REPORT_REASON_LABELS.harassment })).toBeChecked();
  });

  it('names each Report by what it reports: the photo, and each comment by its author', async () => {
    const post = group.posts[2]!;
    const cleo = await insertPerson(backend, uniqueEmail('cleo'), 'Cleo Commenter');
    await insertComment(backend, post.id, cleo, 'Nice one');
    await signIn(memberEmail);
    renderPostPage(post.id);
    expect(await screen.findByRole('button', { name: SOCIAL_TEXT.reportComment('Cleo Commenter') })).toBeVisible();
    expect(screen.getAllByRole('button', { name: /^Report/ }).map((b) => b.getAttribute('aria-label'))).toEqual([
      SOCIAL_TEXT.REPORT_PHOTO,
      SOCIAL_TEXT.reportComment('Cleo Commenter'),
    ]);
  });

  it('reports a comment, with the title that says so', async () => {
    const post = group.posts[3]!;
    const commentId = await insertComment(backend, post.id, memberId, 'Rude words');
    await signIn(ownerEmail);
    renderOnBackend(backend.config, {
      initialEntries: [paths.group(group.id)],
      group: (
        <ReportButton
          target={{ postId: post.id, commentId }}
          label={SOCIAL_TEXT.reportComment('Ben Member')}
          reported={false}
        />
      ),
    });
    const u = userEvent.setup();
    const dialog = await openDialog(u, SOCIAL_TEXT.REPORT_COMMENT_TITLE, SOCIAL_TEXT.reportComment('Ben Member'));
    await u.click(within(dialog).getByRole('radio', { name: REPORT_REASON_LABELS.other }));
    await u.click(within(dialog).getByRole('button', { name: SOCIAL_TEXT.SEND_REPORT }));
    expect(await within(dialog).findByRole('status')).toHaveTextContent(SOCIAL_TEXT.REPORT_SENT);
    expect(await storedReports(backend, post.id)).toEqual([
      expect.objectContaining({ reason: 'other', details: '', comment_id: commentId }),
    ]);
  });
});
