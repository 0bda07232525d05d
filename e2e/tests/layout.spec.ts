/**
 * Fit and flow on phones and desktops (issue 14): the post photo is contained in the screen (page and modal,
 * portrait and landscape, 360x800 and 1280x800); a phone's first screen of a group shows a photo (the
 * advert comes after it); keyboard focus never sits under the sticky top bar; the category filter lives in
 * the URL; a post under another group's URL moves to its own; error screens lead somewhere; the footer does
 * not move while a remote loads.
 */
import type { Browser, Page } from '@playwright/test';
import { CATEGORY_QUERY_PARAM, MESSAGES, RETURN_TEXT, paths } from '@snapshire/contracts';
import { LARGE_GROUP_ID, SEED_CATEGORIES, SEED_GROUPS } from '../../supabase/seed/ids.ts';
import { expect, test, type E2EStack } from '../harness/fixtures.ts';
import { graphqlAs } from '../support/graphql.ts';

const PHONE = { width: 360, height: 800 };
const DESKTOP = { width: 1280, height: 800 };
const BRISTOL = SEED_GROUPS.bristol;

interface SeedPost {
  id: string;
  group_id: string;
  meta_width: number;
  meta_height: number;
}

/** A portrait and a landscape photo of public groups, read past RLS (test setup only). */
async function portraitAndLandscape(stack: E2EStack): Promise<{ portrait: SeedPost; landscape: SeedPost }> {
  const data = await graphqlAs<{ postCollection: { edges: Array<{ node: SeedPost }> } }>(
    stack,
    stack.serviceRoleKey,
    `query ($group: UUID!) { postCollection(filter: { group_id: { eq: $group }, has_uploaded_photo: { eq: true } },
      first: 100) { edges { node { id group_id meta_width meta_height } } } }`,
    { group: BRISTOL },
  );
  const posts = data.postCollection.edges.map((edge) => edge.node);
  const portrait = posts.find((p) => p.meta_height > p.meta_width * 1.2);
  const landscape = posts.find((p) => p.meta_width > p.meta_height * 1.2);
  if (!portrait || !landscape) throw new Error('the seed has no portrait or no landscape photo in Bristol');
  return { portrait, landscape };
}

async function phonePage(browser: Browser, viewport = PHONE): Promise<Page> {
  const context = await browser.newContext({ viewport });
  return context.newPage();
}

/** The shown photo's box: inside the viewport, at the photo's own shape (letterboxed, not cropped). */
async function expectPhotoFits(page: Page, scope: string, post: SeedPost, viewport: { width: number; height: number }) {
  const img = page.locator(`${scope} [data-testid="post-photo"] img`);
  await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0)).toBe(true);
  const box = (await img.boundingBox())!;
  const where = `${scope} ${post.meta_width}x${post.meta_height} at ${viewport.width}x${viewport.height}: ${JSON.stringify(box)}`;
  expect(box.y, where).toBeGreaterThanOrEqual(0);
  expect(box.x, where).toBeGreaterThanOrEqual(0);
  expect(box.y + box.height, where).toBeLessThanOrEqual(viewport.height);
  expect(box.x + box.width, where).toBeLessThanOrEqual(viewport.width);
  expect(Math.abs(box.width / box.height - post.meta_width / post.meta_height), where).toBeLessThan(0.03);
  // Not a thumbnail either: it takes the screen's width or most of its height.
  expect(Math.max(box.width / viewport.width, box.height / viewport.height), where).toBeGreaterThan(0.5);
}

test('the post photo fits the screen on the page and in the modal: portrait and landscape, 360 and 1280 wide', async ({
  browser,
  stack,
}) => {
  test.setTimeout(120_000);
  const { portrait, landscape } = await portraitAndLandscape(stack);
  for (const viewport of [PHONE, DESKTOP]) {
    const page = await phonePage(browser, viewport);
    for (const post of [portrait, landscape]) {
      await page.goto(paths.groupPost(post.group_id, post.id));
      await expect(page.getByTestId('post-heading')).toBeVisible();
      await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
      await expectPhotoFits(page, '[data-testid="post-detail"]', post, viewport);

      // The details: beside the photo on a wide screen, below it on a phone.
      const photo = (await page.getByTestId('post-stage').boundingBox())!;
      const heading = (await page.getByTestId('post-heading').boundingBox())!;
      if (viewport === DESKTOP) expect(heading.x).toBeGreaterThanOrEqual(photo.x + photo.width);
      else expect(heading.y).toBeGreaterThanOrEqual(photo.y + photo.height);
      await expect(page.getByTestId('post-detail').locator('time')).toHaveAttribute('datetime', /^\d{4}-/);
      // The author's public name, last of the details.
      await expect(page.getByTestId('post-author')).toHaveText(/\S/);
      expect(
        await page
          .getByTestId('post-author')
          .evaluate((el) => el.parentElement === el.parentElement!.parentElement!.lastElementChild),
      ).toBe(true);

      // The same post in the modal, opened from its tile in the group.
      await page.goto(paths.group(post.group_id));
      const tile = page.locator(`[data-testid="photo-tile"][data-post-id="${post.id}"] a`);
      await tile.click();
      const modal = page.getByTestId('post-modal');
      await expect(modal).toBeVisible();
      await expect(modal.getByTestId('post-position')).toHaveText(/^\d+ of \d+\+?$/);
      await expectPhotoFits(page, '[data-testid="post-modal"]', post, viewport);
    }
    await page.context().close();
  }
});

test('the modal shows its position and keeps previous/next, Esc and focus return', async ({ page }) => {
  await page.goto(paths.group(BRISTOL));
  const first = page.locator('[data-testid="photo-tile"][data-order="0"] a');
  await first.focus();
  await page.keyboard.press('Enter');
  const position = page.getByTestId('post-modal').getByTestId('post-position');
  await expect(position).toHaveText(/^1 of (\d+)$/);
  const total = Number((await position.textContent())!.split(' of ')[1]);
  await page.keyboard.press('ArrowRight');
  await expect(position).toHaveText(`2 of ${total}`);
  await page.getByRole('button', { name: 'Next photo' }).click();
  await expect(position).toHaveText(`3 of ${total}`);
  await page.getByRole('button', { name: 'Previous photo' }).click();
  await expect(position).toHaveText(`2 of ${total}`);
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('post-modal')).toHaveCount(0);
  await expect(page.locator('[data-testid="photo-tile"][data-order="1"] a')).toBeFocused();
});

test('a phone shows the first photo on its first screen; the advert follows the first day', async ({ browser }) => {
  const page = await phonePage(browser);
  for (const group of [BRISTOL, LARGE_GROUP_ID]) {
    await page.goto(paths.group(group));
    const img = page.locator('[data-testid="photo-tile"][data-order="0"] img');
    await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0)).toBe(true);
    expect(await page.evaluate(() => scrollY)).toBe(0);
    const photo = (await img.boundingBox())!;
    // At least 120px of the photo on the first screen.
    expect(photo.y + Math.min(photo.height, 120)).toBeLessThanOrEqual(PHONE.height);
    const advert = (await page.getByTestId('advert').filter({ visible: true }).boundingBox())!;
    expect(advert.y).toBeGreaterThan(photo.y + photo.height);
    const firstDay = (await page.locator('section[data-day]').first().boundingBox())!;
    expect(advert.y).toBeGreaterThanOrEqual(firstDay.y);
    // The filter is one short row.
    const filter = (await page.getByRole('group', { name: 'Filter by category' }).boundingBox())!;
    expect(filter.height).toBeLessThan(48);
  }
  await page.context().close();
});

test('keyboard focus is never under the sticky top bar', async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  await page.goto(paths.group(LARGE_GROUP_ID));
  await expect(page.locator('[data-testid="photo-tile"][data-order="0"] img')).toBeVisible();
  const barBottom = (await page.getByRole('banner').boundingBox())!.height;
  const focusTop = () =>
    page.evaluate(() => {
      const el = document.activeElement as HTMLElement | null;
      const topBar = document.querySelector('header');
      if (!el || el === document.body || topBar?.contains(el)) return null;
      return el.getBoundingClientRect().top;
    });
  const tops: number[] = [];
  // Down through the header and two dozen photos (link and heart each), then back up.
  for (let i = 0; i < 40; i += 1) {
    await page.keyboard.press('Tab');
    const top = await focusTop();
    if (top !== null) tops.push(top);
  }
  for (let i = 0; i < 40; i += 1) {
    await page.keyboard.press('Shift+Tab');
    const top = await focusTop();
    if (top !== null) tops.push(top);
  }
  expect(await page.evaluate(() => scrollY)).toBeGreaterThanOrEqual(0);
  expect(Math.min(...tops)).toBeGreaterThanOrEqual(barBottom);
});

test('the category filter lives in the URL: shareable and kept on reload', async ({ page, browser }) => {
  await page.goto(paths.group(BRISTOL));
  const filter = page.getByRole('group', { name: 'Filter by category' });
  const street = filter.getByRole('button', { name: 'Street' });
  await street.click();
  await expect(street).toHaveAttribute('aria-pressed', 'true');
  await expect(page).toHaveURL(
    (url) =>
      url.searchParams.get(CATEGORY_QUERY_PARAM) === SEED_CATEGORIES.street && url.pathname === paths.group(BRISTOL),
  );

  // Opening a photo and closing it keeps the filter.
  await page.locator('[data-testid="photo-tile"][data-order="0"] a').click();
  await expect(page.getByTestId('post-modal').getByText('Street', { exact: true })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(street).toHaveAttribute('aria-pressed', 'true');

  await page.reload();
  await expect(filter.getByRole('button', { name: 'Street' })).toHaveAttribute('aria-pressed', 'true');

  // Shared: another visitor opening the URL sees the same selection.
  const other = await phonePage(browser, DESKTOP);
  await other.goto(page.url());
  await expect(
    other.getByRole('group', { name: 'Filter by category' }).getByRole('button', { name: 'Street' }),
  ).toHaveAttribute('aria-pressed', 'true');
  await other.context().close();

  await filter.getByRole('button', { name: 'Street' }).click();
  await expect(page).toHaveURL((url) => !url.searchParams.has(CATEGORY_QUERY_PARAM));
});

test("a post under another group's URL moves to its own group's URL", async ({ page, stack }) => {
  const { landscape } = await portraitAndLandscape(stack);
  await page.goto(paths.groupPost(SEED_GROUPS.york, landscape.id));
  await expect(page).toHaveURL(paths.groupPost(landscape.group_id, landscape.id));
  await expect(page.getByTestId('post-heading')).toBeVisible();
});

test('error screens lead to the group list and back', async ({ page }) => {
  await page.goto(paths.groups());
  await page.goto(paths.groupPost(BRISTOL, '00000000-0000-4000-8000-000000000000'));
  // A photo the server does not return (gone, or private): a way to sign in, and on.
  await expect(page.getByText(RETURN_TEXT.PHOTO_SIGN_IN)).toBeVisible();
  await page.getByRole('link', { name: 'Browse groups' }).click();
  await expect(page).toHaveURL(paths.groups());

  await page.goto(paths.group('10000000-0000-4000-8000-000000000999'));
  await expect(page.getByText(MESSAGES.MISSING_GROUP_PAGE)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Browse groups' })).toHaveAttribute('href', paths.groups());
  await expect(page.getByRole('link', { name: 'Go home' })).toHaveAttribute('href', paths.home());
  await page.getByRole('link', { name: 'Browse groups' }).click();
  await page.getByTestId('group-card').first().click();
  await page.goto(paths.groupPost(BRISTOL, '00000000-0000-4000-8000-000000000000'));
  await page.getByRole('button', { name: 'Go back' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page).not.toHaveURL(/\/post\//);
});

test('the footer stays below the screen while a remote screen loads', async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  // Record the footer's top at every change of the page until the groups have arrived.
  await page.addInitScript(() => {
    const tops: number[] = [];
    (window as unknown as { __footerTops: number[] }).__footerTops = tops;
    new MutationObserver(() => {
      const footer = document.querySelector('footer');
      // Only a footer drawn: the shell from the HTML stays undisplayed until it has been parsed whole.
      if (footer && footer.getClientRects().length > 0) tops.push(footer.getBoundingClientRect().top);
    }).observe(document, { subtree: true, childList: true });
  });
  await page.goto(paths.groups());
  await expect(page.getByTestId('group-card').first()).toBeVisible();
  const tops = await page.evaluate(() => (window as unknown as { __footerTops: number[] }).__footerTops);
  expect(tops.length).toBeGreaterThan(0);
  expect(Math.min(...tops)).toBeGreaterThanOrEqual(DESKTOP.height);
});
