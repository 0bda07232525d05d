/**
 * Reports (issue 26, item 3) through the host, the browse remote and the embedded backend: in a public group
 * of ada's, ben (a member) reports a photo another member posted, from the post modal; ada, the owner, sees
 * the count on the settings link and the report in the group's settings (its reason and details, never who
 * sent it), removes the photo, and it is gone for everyone. axe finds no serious or critical violation on the
 * report dialog and on the reports list, in the light and the dark theme. Once sent, ben's Report gives way to
 * "Reported", also after a reload.
 */
import type { Browser, Page } from '@playwright/test';
import { REPORT_REASON_LABELS, SOCIAL_TEXT, paths } from '@snapshire/contracts';
import { SAMPLE_ACCOUNTS } from '../../supabase/seed/accounts.ts';
import { expect, test, type E2EStack } from '../harness/fixtures.ts';
import { graphqlAs } from '../support/graphql.ts';
import { postDirectly } from '../support/posting.ts';
import { accessTokenOf, signIn, type Account } from '../support/session.ts';
import { seriousAxeFindings } from '../support/axe.ts';

/** The account's user id, from its access token. */
function userIdOf(token: string): string {
  return (JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { sub: string }).sub;
}

/** Serious and critical axe findings on the page as it is now (after any animation has finished). */
async function seriousViolations(page: Page) {
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
  return seriousAxeFindings(page);
}

/** axe in the light theme and then the dark one ('system' follows the emulated colour scheme at once). */
async function expectCleanInBothThemes(page: Page, what: string) {
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme, reducedMotion: 'reduce' });
    await expect(page.locator('html')).toHaveClass(new RegExp(`\\b${colorScheme}\\b`));
    expect.soft(await seriousViolations(page), `${what} (${colorScheme})`).toEqual([]);
  }
  await page.emulateMedia({ colorScheme: 'light' });
}

async function signedInPage(browser: Browser, stack: E2EStack, account: Account, then: string): Promise<Page> {
  const context = await browser.newContext({ baseURL: stack.hostUrl });
  const page = await context.newPage();
  await page.emulateMedia({ colorScheme: 'light', reducedMotion: 'reduce' });
  await signIn(page, account, then);
  return page;
}

test('a member reports a photo; the owner sees the report, not who sent it, and removes the photo for everyone', async ({
  browser,
  stack,
  supabaseAdmin,
}) => {
  test.setTimeout(180_000);
  const stamp = `${Date.now()}-${Math.floor(Math.random() * 1e6)}`;
  const groupName = `Harbour reports ${stamp}`;
  const description = `Parked across the quay ${stamp}`;
  const details = 'Blocks the lifeboat slipway; not a photo of the harbour.';

  // --- A public group of ada's; cal posts a photo in it and ben joins it.
  const adaToken = await accessTokenOf(stack, SAMPLE_ACCOUNTS.ada);
  const { create_group } = await graphqlAs<{ create_group: { id: string } }>(
    stack,
    adaToken,
    'mutation ($name: String!) { create_group(display_name: $name, is_private: false) { id } }',
    { name: groupName },
  );
  const groupId = create_group.id;
  const cal = { email: `cal-${stamp}@snapshire.test`, password: 'a-long-enough-password' };
  const created = await supabaseAdmin.auth.admin.createUser({ ...cal, email_confirm: true });
  expect(created.error).toBeNull();
  const calToken = await accessTokenOf(stack, cal);
  const benToken = await accessTokenOf(stack, SAMPLE_ACCOUNTS.ben);
  const join = 'mutation ($id: UUID!) { join_group(group_id: $id) { role } }';
  await graphqlAs(stack, calToken, join, { id: groupId });
  await graphqlAs(stack, benToken, join, { id: groupId });
  const postId = await postDirectly(stack, calToken, groupId, description);
  const { profileCollection } = await graphqlAs<{ profileCollection: { edges: { node: { display_name: string } }[] } }>(
    stack,
    benToken,
    'query ($id: UUID!) { profileCollection(filter: { id: { eq: $id } }) { edges { node { display_name } } } }',
    { id: userIdOf(benToken) },
  );
  const benName = profileCollection.edges[0]!.node.display_name;

  // --- ben opens the photo from the gallery (the post modal) and reports it.
  const ben = await signedInPage(browser, stack, SAMPLE_ACCOUNTS.ben, paths.group(groupId));
  await ben.getByTestId('photo-tile').first().getByRole('link').click();
  const modal = ben.getByTestId('post-modal');
  await expect(modal.getByTestId('post-photo').locator('img')).toBeVisible();
  const reportButton = modal.getByRole('button', { name: SOCIAL_TEXT.REPORT_PHOTO, exact: true });
  await reportButton.click();
  const dialog = ben.getByRole('dialog', { name: SOCIAL_TEXT.REPORT_POST_TITLE });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('radio')).toHaveCount(6);
  await expectCleanInBothThemes(ben, 'report dialog');

  // The arrow keys choose among the reasons; the photo behind stays the same.
  const reason = (label: string) => dialog.locator('label').filter({ hasText: label });
  await reason(REPORT_REASON_LABELS.spam).click();
  await expect(dialog.getByRole('radio', { name: REPORT_REASON_LABELS.spam })).toBeFocused();
  await ben.keyboard.press('ArrowDown');
  await ben.keyboard.press('ArrowRight');
  await expect(dialog.getByRole('radio', { name: REPORT_REASON_LABELS.nudity })).toBeChecked();
  await expect(ben).toHaveURL(paths.groupPost(groupId, postId));
  await reason(REPORT_REASON_LABELS.other).click();
  await expect(dialog.getByRole('radio', { name: REPORT_REASON_LABELS.other })).toBeChecked();
  await dialog.getByLabel(SOCIAL_TEXT.REPORT_DETAILS).fill(details);
  await expect(dialog.getByText(SOCIAL_TEXT.reportDetailsCount(details.length))).toBeVisible();
  await dialog.getByRole('button', { name: SOCIAL_TEXT.SEND_REPORT }).click();
  await expect(dialog.getByRole('status')).toHaveText(SOCIAL_TEXT.REPORT_SENT);
  await expect(dialog.getByRole('status')).toBeFocused();
  await ben.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(modal).toBeVisible();
  // Reported once: Report gives way to words that say so, which take the focus, here and after a reload.
  await expect(reportButton).toHaveCount(0);
  await expect(modal.getByText(SOCIAL_TEXT.REPORTED, { exact: true })).toBeFocused();
  await ben.reload();
  await expect(ben.getByTestId('post-photo').locator('img')).toBeVisible();
  await expect(ben.getByText(SOCIAL_TEXT.REPORTED, { exact: true })).toBeVisible();
  await expect(ben.getByRole('button', { name: SOCIAL_TEXT.REPORT_PHOTO })).toHaveCount(0);

  // --- ada: the count on the settings link, then the report in the settings, with no sign of who sent it.
  const ada = await signedInPage(browser, stack, SAMPLE_ACCOUNTS.ada, paths.group(groupId));
  const settingsLink = ada.getByRole('link', { name: /^Group settings/ });
  await expect(settingsLink).toHaveAccessibleName(`Group settings (${SOCIAL_TEXT.openReportCount(1)})`);
  await settingsLink.click();
  await expect(ada).toHaveURL(paths.groupSettings(groupId));
  const reports = ada.getByRole('region', { name: /^Reports/ });
  await expect(reports.getByRole('heading', { level: 2 })).toHaveText(`${SOCIAL_TEXT.OPEN_REPORTS} (1)`);
  const report = reports.getByTestId('open-report');
  await expect(report).toHaveCount(1);
  await expect(report).toContainText(REPORT_REASON_LABELS.other);
  await expect(report).toContainText(details);
  await expect(report.getByRole('img', { name: description })).toBeVisible();
  await expect(report.getByRole('link', { name: SOCIAL_TEXT.VIEW_REPORTED_POST })).toHaveAttribute(
    'href',
    paths.groupPost(groupId, postId),
  );
  await expect(reports).not.toContainText(benName);
  await expect(reports).not.toContainText(SAMPLE_ACCOUNTS.ben.email);
  await expectCleanInBothThemes(ada, 'reports list');

  // --- ada removes the photo (asked first): the report goes, and so does the photo, for everyone.
  await report.getByRole('button', { name: SOCIAL_TEXT.REMOVE_REPORTED_PHOTO }).click();
  const confirm = ada.getByRole('alertdialog');
  await confirm.getByRole('button', { name: SOCIAL_TEXT.REMOVE_REPORTED_PHOTO }).click();
  await expect(reports.getByRole('status')).toHaveText(SOCIAL_TEXT.REPORTED_CONTENT_REMOVED);
  await expect(reports.getByText(SOCIAL_TEXT.NO_OPEN_REPORTS)).toBeVisible();
  await expect(reports.getByRole('heading', { level: 2 })).toHaveText(`${SOCIAL_TEXT.OPEN_REPORTS} (0)`);
  await ada.goto(paths.group(groupId));
  await expect(ada.getByRole('heading', { level: 1, name: groupName })).toBeVisible();
  await expect(ada.getByTestId('photo-tile')).toHaveCount(0);
  await expect(ada.getByRole('link', { name: /^Group settings/ })).toHaveAccessibleName('Group settings');

  await ben.goto(paths.group(groupId));
  await expect(ben.getByRole('heading', { level: 1, name: groupName })).toBeVisible();
  await expect(ben.getByTestId('photo-tile')).toHaveCount(0);
  await ben.goto(paths.groupPost(groupId, postId));
  await expect(ben.getByTestId('post-unavailable')).toBeVisible();

  const visitor = await browser.newPage({ baseURL: stack.hostUrl });
  await visitor.goto(paths.groupPost(groupId, postId));
  await expect(visitor.getByTestId('post-unavailable')).toBeVisible();
  await expect(visitor.getByTestId('post-photo')).toHaveCount(0);
  const { postCollection } = await graphqlAs<{ postCollection: { edges: unknown[] } }>(
    stack,
    stack.serviceRoleKey,
    'query ($id: UUID!) { postCollection(filter: { id: { eq: $id } }) { edges { node { id } } } }',
    { id: postId },
  );
  expect(postCollection.edges).toEqual([]);

  // Clean up: the owner deletes the group (through the edge function the settings use).
  const deleted = await fetch(`${stack.supabaseUrl}/functions/v1/delete-group`, {
    method: 'POST',
    headers: { apikey: stack.anonKey, Authorization: `Bearer ${adaToken}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ groupId }),
  });
  expect(deleted.status).toBe(200);
  await Promise.all([ben.context().close(), ada.context().close(), visitor.context().close()]);
});
