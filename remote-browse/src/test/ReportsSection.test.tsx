import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  GROUP_ACTION_MESSAGES,
  GROUP_RULE_MESSAGES,
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
import GroupSettingsPage from '../screens/GroupSettingsPage/GroupSettingsPage.tsx';
import GroupPage from '../screens/GroupPage/GroupPage.tsx';
import { REPORTS_PAGE_SIZE } from '../screens/GroupSettingsPage/reports/ReportsSection.tsx';

const REPORTER_NAME = 'Rita Reporter';
const COMMENTER_NAME = 'Cal Commenter';

let backend: ComponentBackend;
let ownerId: string;
let ownerEmail: string;
let memberEmail: string;
let reporterEmail: string;
let reporterId: string;
let commenterId: string;

beforeAll(async () => {
  backend = await startComponentBackend();
  ownerEmail = uniqueEmail('owner');
  memberEmail = uniqueEmail('member');
  reporterEmail = uniqueEmail('reporter');
  ownerId = await insertAuthor(backend, ownerEmail);
  await insertPerson(backend, memberEmail, 'Mo Member');
  reporterId = await insertPerson(backend, reporterEmail, REPORTER_NAME);
  commenterId = await insertPerson(backend, uniqueEmail('commenter'), COMMENTER_NAME);
});
afterAll(async () => {
  await backend?.stop();
});
beforeEach(() => localStorage.clear());
afterEach(() => disposeData());

/** A group of its own per test (they share the backend), owned by the owner, with the others as members. */
async function newGroup(posts = 2): Promise<WorldGroup> {
  const group = await insertGroup(backend, { authorId: ownerId, posts: galleryPosts(posts) });
  await insertMember(backend, group.id, ownerId, 'owner');
  const [member] = await backend.sql<{ id: string }>('select id from auth.users where email = $1', [memberEmail]);
  await insertMember(backend, group.id, member!.id, 'member');
  await insertMember(backend, group.id, reporterId, 'member');
  await insertMember(backend, group.id, commenterId, 'member');
  return group;
}

const signIn = (email: string) => signInOnBackend(backend, email);

const renderSettings = (groupId: string) =>
  renderOnBackend(backend.config, {
    initialEntries: [paths.groupSettings(groupId)],
    settings: <GroupSettingsPage />,
  });

const reportsRegion = () => screen.findByRole('region', { name: /^Reports/ });

// Chakra's dialogs and a real backend on a busy 2-core machine.
describe('ReportsSection', { timeout: 60_000 }, () => {
  it('shows the owner a reported photo (never who reported it) and dismisses the report', async () => {
    const group = await newGroup();
    const post = group.posts[0]!;
    await insertReport(backend, {
      postId: post.id,
      reporterId,
      reason: 'copyright',
      details: 'This is my photo, taken in 2019.',
    });
    await signIn(ownerEmail);
    renderSettings(group.id);

    const region = await reportsRegion();
    expect(within(region).getByRole('heading', { level: 2 })).toHaveTextContent(`${SOCIAL_TEXT.OPEN_REPORTS} (1)`);
    const [item] = within(region).getAllByTestId('open-report');
    expect(item).toHaveTextContent(REPORT_REASON_LABELS.copyright);
    expect(item).toHaveTextContent('This is my photo, taken in 2019.');
    expect(item).toHaveTextContent(SOCIAL_TEXT.REPORTED_PHOTO);
    expect(within(item!).getByTestId('reported-photo')).toBeInTheDocument();
    expect(within(item!).getByRole('link', { name: SOCIAL_TEXT.VIEW_REPORTED_POST })).toHaveAttribute(
      'href',
      paths.groupPost(group.id, post.id),
    );
    expect(
      within(item!)
        .getByText(/^Reported /)
        .closest('time'),
    ).toHaveAttribute('datetime');
    // Who sent it is not in the list (the API does not give it; they are listed as a member, further down).
    expect(region).not.toHaveTextContent(REPORTER_NAME);
    expect(document.body).not.toHaveTextContent(reporterEmail);

    const u = userEvent.setup();
    await u.click(within(item!).getByRole('button', { name: SOCIAL_TEXT.DISMISS_REPORT }));
    const news = await within(region).findByRole('status');
    expect(news).toHaveTextContent(SOCIAL_TEXT.REPORT_DISMISSED);
    await waitFor(() => expect(news).toHaveFocus());
    expect(await within(region).findByText(SOCIAL_TEXT.NO_OPEN_REPORTS)).toBeInTheDocument();
    expect(within(region).getByRole('heading', { level: 2 })).toHaveTextContent(`${SOCIAL_TEXT.OPEN_REPORTS} (0)`);
    expect(await storedReports(backend, post.id)).toEqual([]);
    // The photo stays.
    expect(await backend.sql('select id from public.post where id = $1', [post.id])).toHaveLength(1);
  });

  it('removes a reported comment for everyone after asking, and its report with it', async () => {
    const group = await newGroup();
    const post = group.posts[1]!;
    const commentId = await insertComment(backend, post.id, commenterId, 'You all take\nterrible photos');
    await insertReport(backend, { postId: post.id, commentId, reporterId, reason: 'harassment' });
    await signIn(ownerEmail);
    renderSettings(group.id);

    const region = await reportsRegion();
    const [item] = within(region).getAllByTestId('open-report');
    expect(item).toHaveAttribute('data-report-kind', 'comment');
    expect(within(item!).getByTestId('reported-comment')).toHaveTextContent('You all take terrible photos');
    expect(item).toHaveTextContent(SOCIAL_TEXT.reportedCommentBy(COMMENTER_NAME));
    expect(within(item!).queryByTestId('reported-photo')).not.toBeInTheDocument();
    expect(within(item!).queryByTestId('report-details')).not.toBeInTheDocument();

    const u = userEvent.setup();
    await u.click(within(item!).getByRole('button', { name: SOCIAL_TEXT.REMOVE_REPORTED_COMMENT }));
    const confirm = await screen.findByRole('alertdialog');
    expect(confirm).toHaveTextContent(SOCIAL_TEXT.CONFIRM_REMOVE_REPORTED_COMMENT);
    await u.click(within(confirm).getByRole('button', { name: SOCIAL_TEXT.REMOVE_REPORTED_COMMENT }));

    expect(await within(region).findByRole('status')).toHaveTextContent(SOCIAL_TEXT.REPORTED_CONTENT_REMOVED);
    expect(await within(region).findByText(SOCIAL_TEXT.NO_OPEN_REPORTS)).toBeInTheDocument();
    expect(await backend.sql('select id from public.post_comment where id = $1', [commentId])).toEqual([]);
    expect(await storedReports(backend, post.id)).toEqual([]);
  });

  it('removes a reported photo for everyone after asking', async () => {
    const group = await newGroup();
    const post = group.posts[0]!;
    await insertReport(backend, { postId: post.id, reporterId, reason: 'nudity' });
    await signIn(ownerEmail);
    renderSettings(group.id);

    const region = await reportsRegion();
    const u = userEvent.setup();
    await u.click(await within(region).findByRole('button', { name: SOCIAL_TEXT.REMOVE_REPORTED_PHOTO }));
    const confirm = await screen.findByRole('alertdialog');
    expect(confirm).toHaveTextContent(SOCIAL_TEXT.CONFIRM_REMOVE_REPORTED_PHOTO);
    await u.click(within(confirm).getByRole('button', { name: SOCIAL_TEXT.REMOVE_REPORTED_PHOTO }));

    expect(await within(region).findByRole('status')).toHaveTextContent(SOCIAL_TEXT.REPORTED_CONTENT_REMOVED);
    expect(await within(region).findByText(SOCIAL_TEXT.NO_OPEN_REPORTS)).toBeInTheDocument();
    expect(await backend.sql('select id from public.post where id = $1', [post.id])).toEqual([]);
  });

  it(`lists the newest first, ${REPORTS_PAGE_SIZE} at a time`, async () => {
    const group = await newGroup(REPORTS_PAGE_SIZE + 1);
    // One report per photo; the oldest report is about the last photo.
    for (const [i, post] of group.posts.entries())
      await insertReport(backend, {
        postId: post.id,
        reporterId,
        reason: i === 0 ? 'violence' : 'spam',
        details: `Report ${i + 1}`,
        minutesAgo: i,
      });
    await signIn(ownerEmail);
    renderSettings(group.id);

    const region = await reportsRegion();
    expect(within(region).getByRole('heading', { level: 2 })).toHaveTextContent(
      `${SOCIAL_TEXT.OPEN_REPORTS} (${REPORTS_PAGE_SIZE + 1})`,
    );
    let items = within(region).getAllByTestId('open-report');
    expect(items).toHaveLength(REPORTS_PAGE_SIZE);
    expect(items[0]).toHaveTextContent(REPORT_REASON_LABELS.violence);
    expect(items[0]).toHaveTextContent('Report 1');

    const u = userEvent.setup();
    await u.click(within(region).getByRole('button', { name: SOCIAL_TEXT.SHOW_MORE_REPORTS }));
    await waitFor(() => expect(within(region).getAllByTestId('open-report')).toHaveLength(REPORTS_PAGE_SIZE + 1));
    items = within(region).getAllByTestId('open-report');
    expect(items.at(-1)).toHaveTextContent(`Report ${REPORTS_PAGE_SIZE + 1}`);
    // The first new one takes the focus; nothing more to show.
    await waitFor(() => expect(items.at(-1)).toHaveFocus());
    expect(within(region).queryByRole('button', { name: SOCIAL_TEXT.SHOW_MORE_REPORTS })).not.toBeInTheDocument();
  });

  it('shows a member no reports: the settings are not theirs', async () => {
    const group = await newGroup();
    await insertReport(backend, { postId: group.posts[0]!.id, reporterId, reason: 'spam', details: 'Hidden' });
    await signIn(memberEmail);
    renderSettings(group.id);
    expect(await screen.findByText(GROUP_RULE_MESSAGES.not_group_manager)).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: /^Reports/ })).not.toBeInTheDocument();
    expect(screen.queryByText('Hidden')).not.toBeInTheDocument();
  });

  it("counts the open reports on the owner's settings link, and on no one else's page", async () => {
    const group = await newGroup();
    await insertReport(backend, { postId: group.posts[0]!.id, reporterId, reason: 'spam' });
    await insertReport(backend, { postId: group.posts[1]!.id, reporterId, reason: 'spam' });
    await signIn(ownerEmail);
    const owner = renderOnBackend(backend.config, { initialEntries: [paths.group(group.id)], group: <GroupPage /> });
    const link = await screen.findByRole('link', { name: /^Group settings/ });
    expect(link).toHaveAccessibleName(`${GROUP_ACTION_MESSAGES.GROUP_SETTINGS} (${SOCIAL_TEXT.openReportCount(2)})`);
    expect(within(link).getByTestId('open-report-count')).toHaveTextContent('2');
    owner.unmount();
    disposeData();

    await signIn(memberEmail);
    renderOnBackend(backend.config, { initialEntries: [paths.group(group.id)], group: <GroupPage /> });
    expect(await screen.findByTestId('my-role')).toHaveTextContent('Member');
    expect(screen.queryByTestId('open-report-count')).not.toBeInTheDocument();
  });
});
