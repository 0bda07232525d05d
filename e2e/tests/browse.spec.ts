/**
 * Browsing journeys (issue 6) through the host, remote-browse and the embedded backend: the groups list, a
 * group page (days, masonry), the post modal (arrows, Esc, Back), a post URL loaded directly, private
 * groups for visitors, non-members and members, and the 500-post group (fixture `large-group`) scrolled to
 * its end.
 */
import type { Locator, Page } from '@playwright/test';
import { LIMITS, MESSAGES, PHOTO_WIDTH_STEPS, RETURN_TEXT, SIGNED_URL_STORE_KEY, paths } from '@snapshire/contracts';
import { SAMPLE_ACCOUNTS } from '../../supabase/seed/accounts.ts';
import { LARGE_GROUP_ID, LARGE_GROUP_POST_COUNT, SEED_GROUPS } from '../../supabase/seed/ids.ts';
import { expect, test } from '../harness/fixtures.ts';
import { cumulativeLayoutShift, recordLayoutShifts } from '../support/layoutShifts.ts';
import { recordPostPages } from '../support/postPages.ts';
import { recordSignRequests } from '../support/signRequests.ts';

const PUBLIC_GROUP = { id: SEED_GROUPS.bristol, name: 'Bristol Harbourside' };
const FAMILY = { id: SEED_GROUPS.family, name: 'The Harper Family' };

const tiles = (page: Page) => page.getByTestId('photo-tile');
/** Photos placed in the gallery: every one has its box, though only those near the screen are in the DOM. */
const placedPhotos = (page: Page) =>
  page.getByTestId('masonry').evaluateAll((els) => els.reduce((n, el) => n + Number(el.getAttribute('data-count')), 0));
const modal = (page: Page) => page.getByTestId('post-modal');
const topBar = (page: Page) => page.getByRole('banner');

/** The tile at a gallery position (newest first); DOM order is time order too. */
const tileAt = (page: Page, order: number) => page.locator(`[data-testid="photo-tile"][data-order="${order}"]`);
const postIdAt = async (page: Page, order: number) => (await tileAt(page, order).getAttribute('data-post-id'))!;

async function signIn(page: Page, account: { email: string; password: string }, then: string) {
  await page.goto(paths.login(then));
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(topBar(page).getByRole('button', { name: 'Sign out' })).toBeVisible();
  await expect(page).toHaveURL((url) => url.pathname === then);
}

/** True when every storage image inside `selector` that is in the viewport has been decoded. */
async function visiblePhotosShown(page: Page, selector: string): Promise<{ shown: number; pending: number }> {
  return page.evaluate((sel) => {
    let shown = 0;
    let pending = 0;
    for (const box of document.querySelectorAll(`${sel} [data-photo-state]`)) {
      const r = box.getBoundingClientRect();
      if (r.bottom <= 0 || r.top >= innerHeight || r.width === 0) continue;
      const img = box.querySelector('img');
      if (img && img.complete && img.naturalWidth > 0) shown += 1;
      else pending += 1;
    }
    return { shown, pending };
  }, selector);
}

test.describe('as a visitor', () => {
  test('groups list: title, intro, a card per public group with its photos, linking to the group', async ({
    page,
    pageErrors,
  }) => {
    await page.goto(paths.groups());
    await expect(page.getByRole('heading', { level: 1, name: MESSAGES.GROUPS_TITLE })).toBeVisible();
    await expect(page.getByText(MESSAGES.GROUPS_INTRO)).toBeVisible();

    const cards = page.getByTestId('group-card');
    await expect(cards.filter({ hasText: PUBLIC_GROUP.name })).toHaveCount(1);
    await expect(cards.filter({ hasText: FAMILY.name })).toHaveCount(0); // private: members only

    // Each card: a row of 3 slots, the group's 2 newest photos shown (signed, transformed, loaded).
    const card = cards.filter({ hasText: PUBLIC_GROUP.name });
    const photos = card.locator('img');
    await expect(photos).toHaveCount(LIMITS.GROUPS_LIST_POSTS_PER_GROUP);
    for (const img of await photos.all()) {
      await expect(img).toHaveAttribute('src', /\/storage\/v1\/render\/image\/sign\/photography\/posts\//);
      await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0)).toBe(true);
    }
    await expect(card.getByText(PUBLIC_GROUP.name)).toHaveCSS('font-weight', '700');

    await card.click();
    await expect(page).toHaveURL(paths.group(PUBLIC_GROUP.id));
    await expect(page.getByRole('heading', { level: 1, name: PUBLIC_GROUP.name })).toBeVisible();
    expect(pageErrors).toEqual([]);
  });

  test('group page: header, Sign in to post, 320x250 advert, day headings newest first', async ({ page }) => {
    await page.goto(paths.group(PUBLIC_GROUP.id));
    await expect(page.getByRole('heading', { level: 1, name: PUBLIC_GROUP.name })).toBeVisible();
    await expect(page.getByRole('link', { name: MESSAGES.SIGN_IN_TO_POST })).toHaveAttribute(
      'href',
      paths.register(paths.groupNewPost(PUBLIC_GROUP.id)),
    );
    await expect(page.getByRole('link', { name: MESSAGES.NEW_POST })).toHaveCount(0);
    const advert = await page.getByTestId('advert').filter({ visible: true }).boundingBox();
    expect([advert!.width, advert!.height]).toEqual([LIMITS.ADVERT_WIDTH_PX, LIMITS.ADVERT_HEIGHT_PX]);

    await expect(tiles(page).first()).toBeVisible();
    const days = await page
      .locator('section[data-day]')
      .evaluateAll((sections) =>
        sections.map((s) => ({ key: s.getAttribute('data-day')!, heading: s.querySelector('h2')!.textContent! })),
      );
    expect(days.length).toBeGreaterThan(1);
    // Newest day first, each day once, headed by its date in the viewer's locale.
    expect(days.map((d) => d.key)).toEqual([...new Set(days.map((d) => d.key))].sort().reverse());
    const expected = await page.evaluate(
      (keys) =>
        keys.map((key) =>
          new Intl.DateTimeFormat(undefined, {
            weekday: 'long',
            year: 'numeric',
            month: 'long',
            day: 'numeric',
          }).format(new Date(`${key}T12:00:00`)),
        ),
      days.map((d) => d.key),
    );
    expect(days.map((d) => d.heading)).toEqual(expected);
  });

  test('post modal: opens from a tile, arrows move, Esc and Back return to the group', async ({ page }) => {
    await page.goto(paths.group(PUBLIC_GROUP.id));
    const first = await postIdAt(page, 0);
    const second = await postIdAt(page, 1);

    // Keyboard-focusable tile, named by the photo's description.
    const link = tileAt(page, 0).getByRole('link').first();
    await expect(link).toHaveAttribute('aria-label', /.+/);
    await link.focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(paths.groupPost(PUBLIC_GROUP.id, first));
    await expect(modal(page)).toBeVisible();
    await expect(modal(page).getByTestId('post-photo').locator('img')).toBeVisible();
    await expect(page.getByTestId('gallery')).toBeAttached(); // the gallery stays underneath

    await page.keyboard.press('ArrowRight');
    await expect(page).toHaveURL(paths.groupPost(PUBLIC_GROUP.id, second));
    await page.keyboard.press('ArrowLeft');
    await expect(page).toHaveURL(paths.groupPost(PUBLIC_GROUP.id, first));

    await page.keyboard.press('Escape');
    await expect(page).toHaveURL(paths.group(PUBLIC_GROUP.id));
    await expect(modal(page)).toHaveCount(0);

    // Open, move on, then the browser's Back: the group page again (arrows replace, so one step back).
    await tileAt(page, 1).getByRole('link').first().click();
    await expect(modal(page)).toBeVisible();
    await page.keyboard.press('ArrowRight');
    await expect(page).toHaveURL(paths.groupPost(PUBLIC_GROUP.id, await postIdAt(page, 2)));
    await page.goBack();
    await expect(page).toHaveURL(paths.group(PUBLIC_GROUP.id));
    await expect(modal(page)).toHaveCount(0);
    await expect(tiles(page).first()).toBeVisible();

    // The close button.
    await tileAt(page, 0).getByRole('link').first().click();
    await modal(page).getByRole('button', { name: 'Close' }).click();
    await expect(page).toHaveURL(paths.group(PUBLIC_GROUP.id));
  });

  test('post modal on a touch phone: swipe left and right between photos, swipe down to close', async ({ browser }) => {
    const context = await browser.newContext({
      viewport: { width: 390, height: 844 },
      deviceScaleFactor: 2,
      isMobile: true,
      hasTouch: true,
    });
    const page = await context.newPage();
    await page.goto(paths.group(PUBLIC_GROUP.id));
    const first = await postIdAt(page, 0);
    const second = await postIdAt(page, 1);
    await tileAt(page, 0).getByRole('link').first().tap();
    await expect(page).toHaveURL(paths.groupPost(PUBLIC_GROUP.id, first));
    await expect(modal(page).getByTestId('post-photo').locator('img')).toBeVisible();

    // A finger across the photo, as the touch screen reports it (touch events, then the pointer's).
    const cdp = await context.newCDPSession(page);
    const swipe = async (from: [number, number], to: [number, number]) => {
      const point = ([x, y]: [number, number]) => [{ x, y }];
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: point(from) });
      for (let i = 1; i <= 5; i++) {
        const x = from[0] + ((to[0] - from[0]) * i) / 5;
        const y = from[1] + ((to[1] - from[1]) * i) / 5;
        await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: point([x, y]) });
      }
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
    };
    // A person swipes again once the next photo shows.
    const photoShown = (img: Locator) =>
      expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0)).toBe(true);
    const shows = async (postId: string) => {
      await expect(page).toHaveURL(paths.groupPost(PUBLIC_GROUP.id, postId));
      await expect(modal(page).getByTestId('post-detail')).toHaveAttribute('data-post-id', postId);
      await photoShown(modal(page).getByTestId('post-photo').locator('img').last());
    };
    await swipe([320, 300], [60, 310]);
    await shows(second);
    await swipe([60, 300], [330, 290]);
    await shows(first);
    await swipe([200, 200], [205, 520]);
    await expect(page).toHaveURL(paths.group(PUBLIC_GROUP.id));
    await expect(modal(page)).toHaveCount(0);
    await context.close();
  });

  test('a post URL loaded directly shows the post as a page, without the gallery', async ({ page }) => {
    await page.goto(paths.group(PUBLIC_GROUP.id));
    const id = await postIdAt(page, 0);
    const description = await tileAt(page, 0).getByRole('link').first().getAttribute('aria-label');

    await page.goto(paths.groupPost(PUBLIC_GROUP.id, id));
    const detail = page.getByTestId('post-detail');
    await expect(detail).toBeVisible();
    await expect(page.getByTestId('gallery')).toHaveCount(0);
    await expect(modal(page)).toHaveCount(0);
    const img = detail.getByTestId('post-photo').locator('img');
    await expect(img).toHaveAttribute('alt', description!);
    await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0)).toBe(true);
    await expect(detail.getByText('Photo type')).toBeVisible();
    await expect(detail.getByRole('link', { name: PUBLIC_GROUP.name })).toHaveAttribute(
      'href',
      paths.group(PUBLIC_GROUP.id),
    );

    await page.goto(paths.groupPost(PUBLIC_GROUP.id, 'not-a-post'));
    await expect(page.getByText(MESSAGES.INVALID_PAGE_URL)).toBeVisible();
  });

  test('signed URLs are cached in local storage for 24 hours and reused on the next visit', async ({ page }) => {
    const signs = recordSignRequests(page);
    await page.goto(paths.group(PUBLIC_GROUP.id));
    await expect
      .poll(() => visiblePhotosShown(page, '[data-testid="gallery"]').then((s) => s.shown > 0 && s.pending === 0))
      .toBe(true);
    // Every request answered, and the (coalesced) write to local storage done: it follows the answer by a
    // moment, and the answer may be the page's first script's, long before the network went quiet.
    await page.waitForLoadState('networkidle');
    expect(signs.count()).toBeGreaterThan(0);
    await expect
      .poll(() => page.evaluate((key) => localStorage.getItem(key), SIGNED_URL_STORE_KEY))
      .toContain('signedUrl');

    const store = await page.evaluate((key) => JSON.parse(localStorage.getItem(key) ?? 'null'), SIGNED_URL_STORE_KEY);
    const entries = Object.values(store.signedUrls) as Array<{
      loading: boolean;
      signedUrl?: string;
      expiresAt?: number;
    }>;
    expect(entries.length).toBeGreaterThan(0);
    for (const entry of entries.filter((e) => e.signedUrl)) {
      expect(entry.loading).toBe(false);
      expect(entry.expiresAt! - Date.now()).toBeGreaterThan(LIMITS.SIGNED_URL_CACHE_TTL_MS - 5 * 60_000);
    }

    const before = signs.count();
    await page.reload();
    await expect
      .poll(() => visiblePhotosShown(page, '[data-testid="gallery"]').then((s) => s.shown > 0 && s.pending === 0))
      .toBe(true);
    await page.waitForLoadState('networkidle');
    expect(signs.count()).toBe(before); // every photo came from the cache

    // Unparseable cache: ignored (and replaced), the page still shows its photos.
    await page.evaluate((key) => localStorage.setItem(key, '{broken'), SIGNED_URL_STORE_KEY);
    await page.reload();
    await expect
      .poll(() => visiblePhotosShown(page, '[data-testid="gallery"]').then((s) => s.shown > 0 && s.pending === 0))
      .toBe(true);
  });
});

test.describe('private groups', () => {
  test('a visitor gets the missing-group page, with a link home', async ({ page }) => {
    await page.goto(paths.group(FAMILY.id));
    await expect(page.getByText(MESSAGES.MISSING_GROUP_PAGE)).toBeVisible();
    await page.getByRole('link', { name: 'Go home' }).click();
    await expect(page).toHaveURL(paths.home());
  });

  test('a signed-in non-member is told plainly the group is not available', async ({ page }) => {
    await signIn(page, SAMPLE_ACCOUNTS.ben, paths.groups());
    await expect(page.getByTestId('group-card').filter({ hasText: FAMILY.name })).toHaveCount(0);
    await page.goto(paths.group(FAMILY.id));
    await expect(page.getByText(RETURN_TEXT.GROUP_NOT_AVAILABLE)).toBeVisible();
  });

  test('a member sees the group, its photos and New Post', async ({ page }) => {
    await signIn(page, SAMPLE_ACCOUNTS.ada, paths.groups());
    await page.getByTestId('group-card').filter({ hasText: FAMILY.name }).click();
    await expect(page.getByRole('heading', { level: 1, name: FAMILY.name })).toBeVisible();
    await expect(page.getByRole('link', { name: MESSAGES.NEW_POST })).toHaveAttribute(
      'href',
      paths.groupNewPost(FAMILY.id),
    );
    await expect(tiles(page).first()).toBeVisible();
    await expect
      .poll(() => visiblePhotosShown(page, '[data-testid="gallery"]').then((s) => s.shown))
      .toBeGreaterThan(0);

    // Its post opens as a page too, with the group named.
    const id = await postIdAt(page, 0);
    await page.goto(paths.groupPost(FAMILY.id, id));
    await expect(page.getByTestId('post-detail').getByRole('link', { name: FAMILY.name })).toBeVisible();

    // Loaded by its address, the group's first query leaves with the page's first script, as the member: the
    // group shows, asked for once.
    let asked = 0;
    page.on('request', (r) => {
      if (r.method() === 'POST' && r.url().includes('/graphql/v1'))
        if ((r.postDataJSON() as { operationName?: string }).operationName === 'GroupById') asked += 1;
    });
    await page.goto(paths.group(FAMILY.id));
    await expect(page.getByRole('heading', { level: 1, name: FAMILY.name })).toBeVisible();
    await expect(tiles(page).first()).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(asked).toBe(1);
  });
});

test.describe('the 500-post group', () => {
  test.setTimeout(180_000);

  test('pages in as the user scrolls, to the very end, in 3 columns with nothing jumping, one sign request a page at most', async ({
    page,
  }) => {
    const postPages = recordPostPages(page, ['GroupById']);
    const signs = recordSignRequests(page);
    const layoutShifts = await recordLayoutShifts(page);

    await page.goto(paths.group(LARGE_GROUP_ID));
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(tiles(page).first()).toBeVisible();
    expect(await placedPhotos(page)).toBeGreaterThanOrEqual(LIMITS.GRAPHQL_PAGE_SIZE);
    // The first page of posts is signed in one request.
    await page.waitForLoadState('networkidle');
    expect(signs.count()).toBe(1);

    // Masonry at 1280px: 3 columns 12px apart (a day with fewer photos than columns is one row instead).
    const columnTiles = page.locator('[data-testid="masonry"][data-layout="columns"] [data-testid="photo-tile"]');
    const lefts = await columnTiles.evaluateAll((els) =>
      [...new Set(els.map((el) => Math.round(el.getBoundingClientRect().left)))].sort((a, b) => a - b),
    );
    expect(lefts).toHaveLength(3);
    const width = await columnTiles.first().evaluate((el) => el.getBoundingClientRect().width);
    expect(Math.round(lefts[1]! - lefts[0]! - width)).toBe(LIMITS.MASONRY_GUTTER_PX);

    // Scroll to the end: more pages arrive until there are none.
    const scrollFrom = await page.evaluate(() => performance.now());
    const end = page.getByTestId('gallery-end');
    // A brisk reader: 1200px every 250 ms.
    for (let i = 0; i < 400 && (await end.getAttribute('data-has-more')) === 'true'; i++) {
      await page.mouse.wheel(0, 1200);
      await page.waitForTimeout(250);
    }
    await expect(end).toHaveAttribute('data-has-more', 'false', { timeout: 30_000 });
    // The last page is asked for ahead of the reader, so it lands while they are still above the end (by how much
    // depends on the days' layout, and so on the date the group was seeded): the reader scrolls on to the footer.
    const footer = page.locator('footer');
    for (let i = 0; i < 40 && !(await footer.evaluate((el) => el.getBoundingClientRect().top < innerHeight)); i++) {
      await page.mouse.wheel(0, 1200);
      await page.waitForTimeout(250);
    }
    await expect(footer).toBeInViewport();
    // Every post is placed (the masonries count them all, the last one is on screen), yet only the tiles near
    // the screen are in the DOM: it stays bounded however long the group.
    expect(await placedPhotos(page)).toBe(LARGE_GROUP_POST_COUNT);
    await expect(tileAt(page, LARGE_GROUP_POST_COUNT - 1)).toBeVisible();
    expect(await tiles(page).count()).toBeLessThan(LARGE_GROUP_POST_COUNT / 4);
    expect(await page.evaluate(() => document.getElementsByTagName('*').length)).toBeLessThan(1500);
    const { answered: pages, refused } = await postPages.settled();
    expect(pages).toHaveLength(Math.ceil(LARGE_GROUP_POST_COUNT / LIMITS.GRAPHQL_PAGE_SIZE));
    expect(new Set(pages).size).toBe(pages.length); // each page once
    // A page the server refused (its statement time-out, on a busy machine) was asked again, and only it; a
    // refusal is the exception, not how the pages arrive.
    for (const cursor of refused) expect(pages).toContain(cursor);
    expect(refused.length, `refused pages: ${refused.join(', ')}`).toBeLessThanOrEqual(Math.floor(pages.length / 4));

    // Days newest first over the whole group; the photos at the end show.
    const keys = await page
      .locator('section[data-day]')
      .evaluateAll((s) => s.map((el) => el.getAttribute('data-day')!));
    expect(keys).toEqual([...new Set(keys)].sort().reverse());
    await expect
      .poll(() => visiblePhotosShown(page, '[data-testid="gallery"]').then((s) => s.pending), { timeout: 30_000 })
      .toBe(0);
    // Each photo on screen there is a signed rendition, offered as a width-described srcset with its sizes (asked
    // until it holds: a wheel may still be moving the page when the call returns, on a busy machine).
    await expect
      .poll(
        () =>
          page.evaluate(() => {
            const onScreen = [
              ...document.querySelectorAll<HTMLImageElement>('[data-testid="photo-tile"] [data-photo-state] img'),
            ].filter((img) => {
              const r = img.getBoundingClientRect();
              return r.bottom > 0 && r.top < innerHeight && r.width > 0;
            });
            if (onScreen.length === 0) return ['no photo on screen'];
            return onScreen
              .filter(
                (img) =>
                  !img.currentSrc.includes('/render/image/sign/') || !/ \d+w(,|$)/.test(img.srcset) || !img.sizes,
              )
              .map((img) => JSON.stringify({ src: img.currentSrc, srcset: img.srcset, sizes: img.sizes }));
          }),
        { timeout: 30_000 },
      )
      .toEqual([]);

    // Thumbnails are fetched at the size of their tile, never at 1230: from the width-described srcset, the
    // browser (1x here) takes the narrowest width step at least as wide as the tile (a column, or a short day's
    // row at most 1.25 columns tall: remote-browse/src/screens/GroupPage/masonry.ts).
    const fetched = await tiles(page)
      .locator('img')
      .evaluateAll((imgs) =>
        (imgs as HTMLImageElement[])
          .filter((img) => img.complete && img.naturalWidth > 0)
          .map((img) => ({ natural: img.naturalWidth, shown: img.getBoundingClientRect().width, sizes: img.sizes })),
      );
    expect(fetched.length).toBeGreaterThan(0);
    for (const image of fetched) {
      const step = PHOTO_WIDTH_STEPS.find((w) => w >= image.shown) ?? LIMITS.IMAGE_MAX_WIDTH;
      expect(image.natural, JSON.stringify(image)).toBeLessThanOrEqual(step);
      expect(Math.abs(parseFloat(image.sizes) - image.shown), JSON.stringify(image)).toBeLessThanOrEqual(2);
    }
    expect(Math.max(...fetched.map((i) => i.natural))).toBeLessThan(LIMITS.IMAGE_MAX_WIDTH);
    // One sign request per page of posts, each photo asked for once, however the tiles come and go.
    expect(signs.count()).toBeLessThanOrEqual(pages.length);
    expect(new Set(signs.postIds).size).toBe(signs.postIds.length);
    expect(signs.objectSignings()).toBe(0);

    const shifts = await layoutShifts();
    expect(cumulativeLayoutShift(shifts)).toBeLessThan(0.05);
    // Scrolling through all 500 photos moves nothing: placed tiles stay put, the footer stays out of view.
    expect(cumulativeLayoutShift(shifts, scrollFrom)).toBeLessThanOrEqual(0.01);
  });

  test('a category filter shows only the photos filed under it', async ({ page }) => {
    const operations: Array<{ operationName?: string; variables?: { filteredCategoryIds?: string[] } }> = [];
    page.on('request', (r) => {
      if (r.url().includes('/graphql/v1') && r.method() === 'POST') operations.push(r.postDataJSON());
    });
    await page.goto(paths.group(LARGE_GROUP_ID));
    await expect(tiles(page).first()).toBeVisible();
    const filter = page.getByRole('group', { name: 'Filter by category' });
    await filter.getByRole('button', { name: 'Night' }).click();
    await expect(filter.getByRole('button', { name: 'Night' })).toHaveAttribute('aria-pressed', 'true');
    await expect
      .poll(() =>
        operations.some(
          (o) => o.operationName === 'GroupPostsByCategoryIds' && o.variables?.filteredCategoryIds?.length === 1,
        ),
      )
      .toBe(true);

    // Every photo shown is filed under Night (its post says so).
    await expect(tiles(page).first()).toBeVisible();
    await tileAt(page, 0).getByRole('link').first().click();
    await expect(modal(page).getByText('Night', { exact: true })).toBeVisible();
    await page.keyboard.press('ArrowRight');
    await expect(modal(page).getByText('Night', { exact: true })).toBeVisible();
    await page.keyboard.press('Escape');

    // Clearing the filter shows every photo again.
    await filter.getByRole('button', { name: 'Night' }).click();
    await expect(filter.getByRole('button', { name: 'Night' })).toHaveAttribute('aria-pressed', 'false');
    await expect.poll(() => placedPhotos(page)).toBeGreaterThanOrEqual(LIMITS.GRAPHQL_PAGE_SIZE);
  });

  test('2 columns on a 360px screen', async ({ browser }) => {
    const context = await browser.newContext({ viewport: { width: 360, height: 800 } });
    const page = await context.newPage();
    await page.goto(paths.group(LARGE_GROUP_ID));
    await expect(tiles(page).first()).toBeVisible();
    // Days with fewer photos than columns are one row; the others are in columns.
    const lefts = await page
      .locator('[data-testid="masonry"][data-layout="columns"] [data-testid="photo-tile"]')
      .evaluateAll((els) => new Set(els.map((el) => Math.round(el.getBoundingClientRect().left))).size);
    expect(lefts).toBe(2);
    await context.close();
  });
});
