/**
 * A group that talks back (issue 26): likes that last and comments under a photo, through the host, the
 * browse remote and the embedded backend. A signed-out visitor's heart leads to sign-in and back to the same
 * photo; a member's like and comment are stored and seen by others; a signed-in non-member is told to join.
 */
import type { Browser, Page } from '@playwright/test';
import { SOCIAL_TEXT, paths } from '@snapshire/contracts';
import { SAMPLE_ACCOUNTS } from '../../supabase/seed/accounts.ts';
import { SEED_GROUPS } from '../../supabase/seed/ids.ts';
import { expect, test } from '../harness/fixtures.ts';
import { signIn, type Account } from '../support/session.ts';

/** A public group no other journey joins, so its members are the ones this file makes. */
const GROUP = SEED_GROUPS.york;

const tileAt = (page: Page, order: number) => page.locator(`[data-testid="photo-tile"][data-order="${order}"]`);
const likeCountOf = async (scope: ReturnType<Page['locator']>) =>
  Number(await scope.getByTestId('like-count').first().getAttribute('data-count'));

/** Signed in as `account` and a member of the group (joining through the group page when not yet one). */
async function memberPage(browser: Browser, account: Account): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await signIn(page, account, paths.group(GROUP));
  const join = page.getByRole('button', { name: 'Join group' });
  await expect(page.getByTestId('group-membership')).toBeVisible();
  if (await join.isVisible()) {
    await join.click();
    await expect(page.getByTestId('my-role')).toBeVisible();
  }
  return page;
}

test("a signed-out visitor's heart offers sign-in and comes back to that photo", async ({ page }) => {
  await page.goto(paths.group(GROUP));
  const tile = tileAt(page, 0);
  const postId = (await tile.getAttribute('data-post-id'))!;
  await tile.getByRole('link', { name: SOCIAL_TEXT.SIGN_IN_TO_LIKE }).click();
  await expect(page).toHaveURL((url) => url.pathname === paths.login().split('?')[0]);
  await page.getByLabel('Email').fill(SAMPLE_ACCOUNTS.ben.email);
  await page.getByLabel('Password').fill(SAMPLE_ACCOUNTS.ben.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL((url) => url.pathname === paths.groupPost(GROUP, postId));
  await expect(page.getByTestId('post-detail')).toBeVisible();
});

test('a member likes and comments; another person sees both, and a non-member is told to join', async ({ browser }) => {
  const ben = await memberPage(browser, SAMPLE_ACCOUNTS.ben);
  const tile = tileAt(ben, 1);
  const postId = (await tile.getAttribute('data-post-id'))!;
  const heart = tile.getByRole('button', { name: /^Like / });
  const before = await likeCountOf(tile);
  const wasOn = (await heart.getAttribute('aria-pressed')) === 'true';
  if (wasOn) await heart.click(); // a retry of this test starts from "not liked"
  const base = wasOn ? before - 1 : before;
  await expect(heart).toHaveAttribute('aria-pressed', 'false');
  await heart.click();
  await expect(heart).toHaveAttribute('aria-pressed', 'true');
  await expect(tile.getByTestId('like-count')).toHaveAttribute('data-count', String(base + 1));

  // The like is stored: a reload shows it, and the post's page says who likes it.
  await ben.reload();
  await expect(tileAt(ben, 1).getByRole('button', { name: /^Like / })).toHaveAttribute('aria-pressed', 'true');
  await tileAt(ben, 1).getByRole('link').first().click();
  const detail = ben.getByTestId('post-detail');
  await expect(detail.getByTestId('liked-by')).toContainText(SOCIAL_TEXT.LIKED_BY);
  const comment = `Lovely light over the Minster ${Date.now()}`;
  const box = detail.getByRole('textbox', { name: SOCIAL_TEXT.ADD_COMMENT });
  await box.fill(`${comment}\n<b>not bold</b>`);
  // The arrow keys move the caret while writing, not the photo.
  await box.press('ArrowLeft');
  await expect(ben).toHaveURL((url) => url.pathname === paths.groupPost(GROUP, postId));
  await detail.getByRole('button', { name: SOCIAL_TEXT.POST_COMMENT }).click();
  await expect(detail.getByTestId('comment-body').filter({ hasText: comment })).toHaveText(
    `${comment}\n<b>not bold</b>`,
  );
  await expect(box).toHaveValue('');

  // Ada, signed in but not a member, sees the like and the comment, and is told how to join in.
  const ada = await (await browser.newContext()).newPage();
  await signIn(ada, SAMPLE_ACCOUNTS.ada, paths.groupPost(GROUP, postId));
  const seen = ada.getByTestId('post-detail');
  await expect(seen.getByTestId('comment-body').filter({ hasText: comment })).toBeVisible();
  await expect(seen.getByTestId('liked-by')).toBeVisible();
  await expect(seen.getByTestId('join-to-comment')).toContainText(SOCIAL_TEXT.JOIN_TO_COMMENT);
  await expect(seen.getByRole('textbox', { name: SOCIAL_TEXT.ADD_COMMENT })).toHaveCount(0);
  await seen.getByRole('button', { name: /^Like / }).click();
  await expect(seen.getByTestId('like-notice')).toHaveText(SOCIAL_TEXT.JOIN_TO_COMMENT);

  // Signed out, the counts are public in a public group.
  const visitor = await (await browser.newContext()).newPage();
  await visitor.goto(paths.group(GROUP));
  await expect(tileAt(visitor, 1).getByTestId('like-count')).toHaveAttribute('data-count', String(base + 1));
  await expect(tileAt(visitor, 1).getByTestId('comment-count')).toBeVisible();
  for (const p of [ben, ada, visitor]) await p.context().close();
});
