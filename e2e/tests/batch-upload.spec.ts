/**
 * A whole day's photos in one go (issue 25): a member drops 12 JPEGs and a PNG on the new-post screen of
 * their private family group; the PNG is marked and left out, the 12 are posted (at most 3 at a time) and
 * the group shows 12 new tiles. A connection cut after the server stored a photo and before its answer
 * arrived ends in Retry, and the retry (same idempotency key) creates no second post. axe is clean on the
 * grid; with SHOTS_DIR set, screenshots of the grid, the progress and the result at 360 and 1280 px go there.
 */
import type { Page, Route } from '@playwright/test';
import sharp from 'sharp';
import { BATCH_TEXT, LIMITS, MESSAGES, paths, POST_CREATE_FUNCTION } from '@snapshire/contracts';
import { SAMPLE_ACCOUNTS } from '../../supabase/seed/accounts.ts';
import { SEED_GROUPS } from '../../supabase/seed/ids.ts';
import { expect, test, type E2EStack } from '../harness/fixtures.ts';
import { graphqlAs } from '../support/graphql.ts';
import { smallJpeg } from '../support/posting.ts';
import { signIn } from '../support/session.ts';
import { seriousAxeFindings } from '../support/axe.ts';
import { shootPage } from '../support/screenshots.ts';

const FAMILY = SEED_GROUPS.family;
const FUNCTION_URL = `**/functions/v1/${POST_CREATE_FUNCTION}`;

type Upload = { name: string; mimeType: string; buffer: Buffer };

async function jpegs(count: number, prefix: string): Promise<Upload[]> {
  return Promise.all(
    Array.from({ length: count }, async (_, i) => ({
      name: `${prefix}-${String(i + 1).padStart(2, '0')}.jpg`,
      mimeType: 'image/jpeg',
      buffer: await smallJpeg(Date.now() + i * 17),
    })),
  );
}

async function png(name: string): Promise<Upload> {
  const buffer = await sharp({ create: { width: 64, height: 48, channels: 3, background: { r: 200, g: 40, b: 40 } } })
    .png()
    .toBuffer();
  return { name, mimeType: 'image/png', buffer };
}

const tile = (page: Page, name: string) => page.getByRole('listitem', { name });

async function openNewPost(page: Page) {
  await signIn(page, SAMPLE_ACCOUNTS.ada, paths.groupNewPost(FAMILY));
  await expect(page.getByRole('heading', { name: MESSAGES.UPLOAD_STEP_TITLE })).toBeVisible();
}

async function drop(page: Page, files: Upload[]) {
  await page.getByLabel('Choose a photo').setInputFiles(files);
  await expect(page.getByRole('heading', { name: BATCH_TEXT.UPLOAD_STEP_TITLE })).toBeVisible();
}

/** Posts of the group with this description, read with the service role (past RLS). */
async function postsDescribed(stack: E2EStack, description: string): Promise<string[]> {
  const data = await graphqlAs<{ postCollection: { edges: Array<{ node: { id: string } }> } }>(
    stack,
    stack.serviceRoleKey,
    `query ($d: String!) { postCollection(filter: { description: { eq: $d } }) { edges { node { id } } } }`,
    { d: description },
  );
  return data.postCollection.edges.map((edge) => edge.node.id);
}

/** The post ids the result panel links to. */
async function postedIds(page: Page): Promise<string[]> {
  const hrefs = await page
    .getByRole('list', { name: 'Posts created' })
    .getByRole('link')
    .evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? ''));
  return hrefs.map((href) => href.split('/post/')[1]!);
}

test('12 JPEGs and a PNG dropped at once: the PNG is left out, 12 posts are created and the group shows them', async ({
  page,
  stack,
}) => {
  test.setTimeout(180_000);
  const description = `A day at the beach (${Date.now()})`;
  const photos = await jpegs(12, 'beach');
  await openNewPost(page);

  // Count the requests open at once at the function, as the browser sends them.
  let open = 0;
  let maxOpen = 0;
  await page.route(FUNCTION_URL, async (route) => {
    if (route.request().method() !== 'POST') return route.continue();
    open++;
    maxOpen = Math.max(maxOpen, open);
    try {
      const response = await route.fetch();
      await route.fulfill({ response });
    } finally {
      open--;
    }
  });

  await drop(page, [...photos.slice(0, 5), await png('drawing.png'), ...photos.slice(5)]);
  const refused = tile(page, 'drawing.png');
  await expect(refused.getByText(BATCH_TEXT.LEFT_OUT)).toBeVisible();
  await expect(refused.getByText(MESSAGES.ONLY_JPEG)).toBeVisible();
  await expect(page.getByText(BATCH_TEXT.chosen(12, 1))).toBeVisible();
  await expect(page.getByRole('heading', { name: BATCH_TEXT.DESCRIBE_STEP_TITLE })).toBeVisible();
  await expect(page.locator('[data-testid="batch-tile"][data-status="ready"]')).toHaveCount(12);

  await page.getByPlaceholder(MESSAGES.DESCRIPTION_PLACEHOLDER).fill(description);
  const started = Date.now();
  await page.getByRole('button', { name: BATCH_TEXT.submit(12) }).click();
  await expect(page.getByText(BATCH_TEXT.posted(12))).toBeVisible({ timeout: 120_000 });
  console.log(`[batch] 12 photos posted in ${Date.now() - started} ms (at most ${maxOpen} in flight)`);
  expect(maxOpen).toBeLessThanOrEqual(LIMITS.UPLOAD_CONCURRENCY);
  expect(maxOpen).toBeGreaterThan(1);
  await expect(page.getByText(BATCH_TEXT.notPosted(1))).toBeVisible();
  await expect(page.getByRole('list', { name: 'Photos not posted' })).toContainText('drawing.png');

  const ids = await postedIds(page);
  expect(ids).toHaveLength(12);
  expect((await postsDescribed(stack, description)).sort()).toEqual([...ids].sort());

  // The group shows the 12 new tiles (no reload: the screen refreshed the group's posts).
  await page.getByRole('link', { name: 'Cancel' }).click();
  await expect(page).toHaveURL(paths.group(FAMILY));
  for (const id of ids) await expect(page.locator(`[data-testid="photo-tile"][data-post-id="${id}"]`)).toHaveCount(1);
});

test('a connection cut after the server stored a photo ends in Retry, and the retry creates no second post', async ({
  page,
  stack,
}) => {
  test.setTimeout(120_000);
  const description = `Cut connection (${Date.now()})`;
  const [kept, cut] = await jpegs(2, 'cut');
  await openNewPost(page);

  let cutOnce = false;
  await page.route(FUNCTION_URL, async (route: Route) => {
    const request = route.request();
    if (request.method() !== 'POST') return route.continue();
    const body = request.postDataBuffer()?.toString('latin1') ?? '';
    if (!cutOnce && body.includes(`filename="${cut!.name}"`)) {
      cutOnce = true;
      // The server stores the post; its answer never reaches the page.
      const response = await route.fetch();
      expect(response.status()).toBe(201);
      return route.abort('connectionreset');
    }
    const response = await route.fetch();
    await route.fulfill({ response });
  });

  await drop(page, [kept!, cut!]);
  await page.getByPlaceholder(MESSAGES.DESCRIPTION_PLACEHOLDER).fill(description);
  await page.getByRole('button', { name: BATCH_TEXT.submit(2) }).click();
  await expect(page.getByText(BATCH_TEXT.posted(1))).toBeVisible({ timeout: 60_000 });
  await expect(page.getByText(BATCH_TEXT.notPosted(1))).toBeVisible();
  await expect(page.getByRole('list', { name: 'Photos not posted' })).toContainText(MESSAGES.POST_CREATE_FAILED);
  // The cut photo's post exists already, unseen by the page.
  expect(await postsDescribed(stack, description)).toHaveLength(2);

  await page.getByRole('button', { name: `Retry ${cut!.name}` }).click();
  await expect(page.getByText(BATCH_TEXT.posted(2))).toBeVisible({ timeout: 60_000 });
  const ids = await postedIds(page);
  const stored = await postsDescribed(stack, description);
  expect(stored).toHaveLength(2);
  expect([...ids].sort()).toEqual([...stored].sort());
});

test('the grid is axe clean; screenshots of the grid, the progress and the result at 360 and 1280 px', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await openNewPost(page);
  for (const width of [360, 1280]) {
    await page.setViewportSize({ width, height: width === 360 ? 780 : 900 });
    await page.goto(paths.groupNewPost(FAMILY));
    await drop(page, [...(await jpegs(4, `w${width}`)), await png('scan.png')]);
    await expect(page.locator('[data-testid="batch-tile"][data-status="ready"]')).toHaveCount(4);

    const serious = await seriousAxeFindings(page);
    expect(serious).toEqual([]);
    await shootPage(page, `batch-grid-refused-${width}`);

    // Hold the answers so the bars can be seen mid-way, then let them go.
    const held: Array<() => Promise<void>> = [];
    await page.route(FUNCTION_URL, async (route) => {
      if (route.request().method() !== 'POST') return route.continue();
      const response = await route.fetch();
      held.push(() => route.fulfill({ response }));
    });
    await page.getByPlaceholder(MESSAGES.DESCRIPTION_PLACEHOLDER).fill(`Screenshots at ${width}px`);
    await page.getByRole('button', { name: BATCH_TEXT.submit(4) }).click();
    await expect.poll(() => held.length, { timeout: 30_000 }).toBe(LIMITS.UPLOAD_CONCURRENCY);
    await held.shift()!();
    await expect(page.locator('[data-testid="batch-tile"][data-status="posted"]')).toHaveCount(1);
    await expect.poll(() => held.length, { timeout: 30_000 }).toBe(LIMITS.UPLOAD_CONCURRENCY);
    await shootPage(page, `batch-progress-${width}`);
    while (held.length || (await page.getByText(BATCH_TEXT.posted(4)).count()) === 0) {
      if (held.length) await held.shift()!();
      else await page.waitForTimeout(100);
    }
    await expect(page.getByText(BATCH_TEXT.posted(4))).toBeVisible();
    await shootPage(page, `batch-result-${width}`);
    await page.unroute(FUNCTION_URL);
  }
});
