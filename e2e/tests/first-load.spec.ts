/**
 * The first load's chain (issue 16), checked by what does not depend on timing: the runtime config comes in
 * the first HTML response (no /config.json round trip), the current route's remote is asked for by the
 * page's first script (before the shell's JavaScript has run), each remote file is fetched once, and a full,
 * fast scroll of the 500-photo group moves nothing on screen.
 */
import type { BrowserContext, Page } from '@playwright/test';
import { LIMITS, SIGN_PHOTOS_FUNCTION, columnCountForWidth, paths } from '@snapshire/contracts';
import { REALTIME_CHUNK, SHELL_SCRIPTS_ELEMENT_ID } from '@snapshire/federation';
import { LARGE_GROUP_ID, LARGE_GROUP_POST_COUNT, SEED_GROUPS } from '../../supabase/seed/ids.ts';
import { SAMPLE_ACCOUNTS } from '../../supabase/seed/accounts.ts';
import { expect, test } from '../harness/fixtures.ts';
import { cumulativeLayoutShift, recordLayoutShifts } from '../support/layoutShifts.ts';
import { signInOnDevice } from '../support/session.ts';

/** The phone these checks load the page on: the bench's phone (e2e/bench/web-bench.ts). */
const PHONE = { viewport: { width: 412, height: 823 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true } as const;

/** The id of the config block (scripts/lib/static-server.mjs, host/src/app/runtimeConfigElement.ts). */
const CONFIG_BLOCK = /<script type="application\/json" id="snapshire-runtime-config">([\s\S]*?)<\/script>/;

/** The host's list of the shell's scripts, which its first script preloads (SHELL_SCRIPTS_ELEMENT_ID). */
const SHELL_SCRIPTS_BLOCK = new RegExp(
  `<script type="application/json" id="${SHELL_SCRIPTS_ELEMENT_ID}">([\\s\\S]*?)</script>`,
);

test('the first HTML response carries the runtime config, and the CSP still allows no inline script beyond the built ones', async ({
  page,
  stack,
}) => {
  const response = await page.request.get(`${stack.hostUrl}${paths.group(SEED_GROUPS.bristol)}`);
  const html = await response.text();
  const inlined = CONFIG_BLOCK.exec(html)?.[1];
  expect(inlined).toBeDefined();
  const served = (await (await page.request.get(`${stack.hostUrl}/config.json`)).json()) as unknown;
  expect(JSON.parse(inlined!)).toEqual(served);
  // The block is data: the policy hashes only the page's real inline scripts (theme, early remote).
  const csp = response.headers()['content-security-policy'] ?? '';
  const hashes = csp.match(/'sha256-[^']+'/g) ?? [];
  const inlineScripts = [...html.matchAll(/<script(?![^>]*\bsrc=)(?![^>]*application\/json)[^>]*>/g)];
  expect(hashes).toHaveLength(inlineScripts.length);
  const scriptSrc = csp.split(';').find((d) => d.trim().startsWith('script-src')) ?? '';
  expect(scriptSrc).not.toContain("'unsafe-inline'");
  // Preconnects to where the first screen goes next.
  expect(html).toContain(`<link rel="preconnect" href="${new URL(stack.supabaseUrl).origin}" crossorigin>`);
});

interface ColdLoadRequest {
  url: string;
  /** Where the request started: the first frame of its stack, else the initiator's URL (the document's). */
  initiatorUrl?: string;
  /** The first script file in its stack, if any: a request a script found (import(), a link it added). */
  foundByScript?: string;
}

/** Every request of a cold load of the Bristol group page, until the network is idle. */
async function coldLoadOfGroupPage(page: Page, context: BrowserContext, pageUrl: string): Promise<ColdLoadRequest[]> {
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  const requests: ColdLoadRequest[] = [];
  cdp.on('Network.requestWillBeSent', (e) => {
    // A modulepreload in the HTML is the parser's, and one the inline script adds has no script file in its
    // stack; an import() (or a link) from a script file names that file.
    const frames = [...(e.initiator.stack?.callFrames ?? []), ...(e.initiator.stack?.parent?.callFrames ?? [])];
    requests.push({
      url: e.request.url,
      initiatorUrl: e.initiator.stack?.callFrames[0]?.url ?? e.initiator.url,
      foundByScript: [e.initiator.url, ...frames.map((f) => f.url)].find((url) => url && /\.js(\?|$)/.test(url)),
    });
  });
  await page.goto(pageUrl);
  await expect(page.getByTestId('photo-tile').first()).toBeVisible();
  await page.waitForLoadState('networkidle');
  await cdp.detach();
  return requests;
}

test("the route's remote is asked for by the page's first script, without /config.json, each file once", async ({
  page,
  context,
  stack,
}) => {
  const pageUrl = `${stack.hostUrl}${paths.group(SEED_GROUPS.bristol)}`;
  const requests = await coldLoadOfGroupPage(page, context, pageUrl);

  const browse = stack.remoteOrigins.remote_browse;
  expect(requests.filter((r) => r.url.endsWith('/config.json'))).toEqual([]);
  const manifests = requests.filter((r) => r.url.startsWith(`${browse}/mf-manifest.json`));
  expect(manifests).toHaveLength(1);
  // Started by the page's inline script (its stack is the document's), not by the shell's bundles.
  expect(manifests[0]!.initiatorUrl).toBe(pageUrl);
  const entries = requests.filter((r) => /\/remoteEntry[.-][^/]*\.js$/.test(r.url) && r.url.startsWith(browse));
  expect(entries).toHaveLength(1);
  // A modulepreload the inline script added, not an import from a script file.
  expect(entries[0]!.initiatorUrl ?? '').not.toMatch(/\.js$/);
  // No file of the remote is fetched twice (a preload the runtime did not reuse would be).
  const remoteFiles = requests.filter((r) => r.url.startsWith(browse)).map((r) => r.url);
  expect(remoteFiles.length).toBeGreaterThan(3);
  expect(new Set(remoteFiles).size).toBe(remoteFiles.length);
  // Remotes the page does not show are not fetched.
  expect(requests.filter((r) => r.url.startsWith(stack.remoteOrigins.remote_auth))).toEqual([]);
  expect(requests.filter((r) => r.url.startsWith(stack.remoteOrigins.remote_upload))).toEqual([]);
});

test("the group page's first query leaves before the shell's scripts are preloaded, and every script the shell loads is named", async ({
  page,
  context,
  stack,
}) => {
  // Preloaded from the HTML, the shell's scripts were fetched and compiled alongside the first script's query,
  // signing and photos and held them back on a phone; the first script preloads them once its query has left
  // (packages/federation/src/firstScripts.ts, host/src/features/remotes/earlyRemote.ts).
  const pageUrl = `${stack.hostUrl}${paths.group(SEED_GROUPS.bristol)}`;
  const html = await (await page.request.get(pageUrl)).text();
  expect(html).not.toMatch(/<link[^>]*rel="modulepreload"/);
  const named = JSON.parse(SHELL_SCRIPTS_BLOCK.exec(html)?.[1] ?? '[]') as string[];
  expect(named.length).toBeGreaterThan(10);

  const requests = await coldLoadOfGroupPage(page, context, pageUrl);
  const scripts = requests.filter((r) => /\.js(\?|$)/.test(r.url));
  expect(new Set(scripts.map((s) => s.url)).size).toBe(scripts.length);
  const hostScripts = scripts.filter((s) => s.url.startsWith(`${stack.hostUrl}/`));
  const entry = /\/mf-entry-bootstrap[^/]*\.js$/;
  const isRealtime = (url: string) => new RegExp(`/${REALTIME_CHUNK}-[^/]+\\.js$`).test(url);
  // Every host script but the federation's entry (which the page names) and Realtime's code (asked for once the
  // page is drawn: nothing on the first screen waits for it) is in the first script's list: none is found only
  // when another script has run.
  const unnamed = hostScripts
    .filter((s) => !entry.test(s.url) && !isRealtime(s.url))
    .map((s) => new URL(s.url).pathname)
    .filter((path) => !named.includes(path));
  expect(unnamed).toEqual([]);
  expect(hostScripts.filter((s) => isRealtime(s.url))).toHaveLength(1);
  // The first script's preloads (no script file in their stack) come after its query.
  const query = requests.findIndex((r) => r.url === `${stack.supabaseUrl}/graphql/v1`);
  expect(query).toBeGreaterThanOrEqual(0);
  // The host's own files only: a remote may serve a file of the same name (the same content, the same hash).
  const preloadedByFirstScript = requests
    .map((r, index) => ({ ...r, index }))
    .filter((r) => r.url.startsWith(`${stack.hostUrl}/`) && named.includes(new URL(r.url).pathname))
    .filter((r) => !r.foundByScript);
  expect(preloadedByFirstScript.length).toBeGreaterThan(0);
  for (const preload of preloadedByFirstScript) expect(preload.index).toBeGreaterThan(query);
});

test("the contracts' zod settings are in force on the built page: no code generation, English messages", async ({
  page,
}) => {
  await page.goto(paths.group(SEED_GROUPS.bristol));
  await expect(page.getByTestId('photo-tile').first()).toBeVisible();
  // zod keeps its settings on globalThis (packages/contracts/src/zod.ts sets them).
  const settings = await page.evaluate(() => {
    const config = (globalThis as { __zod_globalConfig?: { jitless?: boolean; localeError?: unknown } })
      .__zod_globalConfig;
    return { jitless: config?.jitless, locale: typeof config?.localeError };
  });
  expect(settings).toEqual({ jitless: true, locale: 'function' });
});

test('a full, fast scroll of the 500-photo group moves nothing on screen (CLS <= 0.01)', async ({ page }) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  const layoutShifts = await recordLayoutShifts(page);
  await page.goto(paths.group(LARGE_GROUP_ID));
  await expect(page.getByTestId('photo-tile').first()).toBeVisible();
  await page.waitForLoadState('networkidle');
  const from = await page.evaluate(() => performance.now());

  // A fling: a whole screen every 50 ms, faster than anyone reads, until every page is in. (A scripted jump
  // straight to the bottom, again and again, can still see the footer come into view as the last page lands:
  // docs/product.md, "Long groups".)
  const end = page.getByTestId('gallery-end');
  for (let i = 0; i < 2000 && (await end.getAttribute('data-has-more')) !== 'false'; i++) {
    await page.evaluate(() => window.scrollBy(0, window.innerHeight));
    await page.waitForTimeout(50);
  }
  await expect(end).toHaveAttribute('data-has-more', 'false', { timeout: 60_000 });
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await page.waitForLoadState('networkidle');
  await expect(page.locator('footer')).toBeInViewport();
  const placed = await page
    .getByTestId('masonry')
    .evaluateAll((els) => els.reduce((n, el) => n + Number(el.getAttribute('data-count')), 0));
  expect(placed).toBe(LARGE_GROUP_POST_COUNT);

  const shifts = await layoutShifts();
  const cls = cumulativeLayoutShift(shifts, from);
  console.log(
    `CLS over the fast scroll: ${cls.toFixed(4)} (${shifts.length} shifts; pages of ${LIMITS.GRAPHQL_PAGE_SIZE})` +
      shifts.map(({ at, value, moved }) => `\n  ${Math.round(at)} ms ${value.toFixed(4)} at ${moved}`).join(''),
  );
  expect(cls).toBeLessThanOrEqual(0.01);
});

/**
 * Nothing on the group page moves while it loads, for a visitor and for someone signed in, on a phone with
 * its CPU four times slower (so the shell is drawn before the stored session has been read): the top bar
 * holds the room of the controls it will show (it moved "Sign up" 90 px to the left, CLS 0.002).
 */
for (const visitor of ['signed out', 'signed in'] as const) {
  test(`the group page's cold load moves nothing on a phone, ${visitor} (CLS 0)`, async ({ browser, stack }) => {
    const context = await browser.newContext({ baseURL: stack.hostUrl, ...PHONE });
    try {
      if (visitor === 'signed in') await signInOnDevice(context, SAMPLE_ACCOUNTS.ben);
      const page = await context.newPage();
      const layoutShifts = await recordLayoutShifts(page);
      const cdp = await context.newCDPSession(page);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
      await page.goto(paths.group(SEED_GROUPS.bristol));
      await expect(page.getByTestId('photo-tile').first()).toBeVisible({ timeout: 30_000 });
      await expect(
        visitor === 'signed in'
          ? page.getByRole('button', { name: 'Sign out' })
          : page.getByRole('link', { name: 'Sign up' }),
      ).toBeVisible();
      await page.waitForLoadState('networkidle');
      // Every shift, even one a tap would excuse: nothing was tapped.
      expect((await layoutShifts()).map((s) => `${s.value.toFixed(4)}: ${s.moved}`)).toEqual([]);
    } finally {
      await context.close();
    }
  });
}

/**
 * The group page's first photos come from the page's first script (remote-browse's group/firstPhotos.ts
 * plans them, host/src/features/remotes/earlyRemote.ts signs and fetches them): on a phone and on a laptop,
 * under a slow 4G link, the page's one sign request is the inline script's, the first row's photos are asked
 * for before the screen has drawn its first tile (the order of the two in the page's own clock), and each
 * photo is downloaded once, at the size its tile shows it: the tiles' images are the ones the script fetched.
 */
for (const device of [
  { name: 'phone', ...PHONE },
  { name: 'laptop', viewport: { width: 1280, height: 900 }, deviceScaleFactor: 1, isMobile: false, hasTouch: false },
] as const) {
  test.describe(`the first photos on a ${device.name}`, () => {
    const { name: _name, ...options } = device;
    test.use(options);

    test("are signed and fetched by the page's first script before the screen draws, once each", async ({
      page,
      context,
      stack,
    }) => {
      test.setTimeout(120_000);
      const pageUrl = `${stack.hostUrl}${paths.group(SEED_GROUPS.bristol)}`;
      // When the screen put its first tile on the page, in the page's clock (that of its resource timings).
      await page.addInitScript(() => {
        new MutationObserver((_, observer) => {
          if (!document.querySelector('[data-testid="photo-tile"]')) return;
          (window as unknown as { __firstTileAt: number }).__firstTileAt = performance.now();
          observer.disconnect();
        }).observe(document, { childList: true, subtree: true });
      });
      const cdp = await context.newCDPSession(page);
      await cdp.send('Network.enable');
      // Slow 4G (1.6 Mbps, 150 ms): the photos share the link with every script of the page.
      await cdp.send('Network.emulateNetworkConditions', {
        offline: false,
        latency: 150,
        downloadThroughput: 200_000,
        uploadThroughput: 90_000,
      });
      const photoRequests: { url: string; initiator?: string }[] = [];
      const signs: { initiator?: string }[] = [];
      cdp.on('Network.requestWillBeSent', (e) => {
        const initiator = e.initiator.stack?.callFrames[0]?.url ?? e.initiator.url;
        if (e.request.url.includes('/render/image/sign/')) photoRequests.push({ url: e.request.url, initiator });
        if (e.request.method === 'POST' && e.request.url.includes(`/functions/v1/${SIGN_PHOTOS_FUNCTION}`))
          signs.push({ initiator });
      });

      await page.goto(pageUrl);
      // The first row: the newest day's first photo of each column (a newest day shorter than the columns is
      // a row of its own; the next day starts below it). Which it is follows the hour the seed ran.
      const newestDay = page.locator('section[data-day]').first().getByTestId('photo-tile');
      await expect(newestDay.first()).toBeVisible({ timeout: 60_000 });
      const columns = columnCountForWidth(device.viewport.width);
      const firstRowCount = Math.min(await newestDay.count(), columns);
      const firstRow = newestDay.locator('img');
      for (let i = 0; i < firstRowCount; i++)
        await expect(firstRow.nth(i)).toHaveJSProperty('complete', true, { timeout: 60_000 });
      await page.waitForLoadState('networkidle', { timeout: 60_000 });
      const firstRowSources = (
        await firstRow.evaluateAll((imgs) => imgs.map((img) => (img as HTMLImageElement).currentSrc))
      ).slice(0, firstRowCount);
      const timing = await page.evaluate(() => ({
        firstTileAt: (window as unknown as { __firstTileAt: number }).__firstTileAt,
        photos: performance
          .getEntriesByType('resource')
          .filter((e) => e.name.includes('/render/image/sign/'))
          .map((e) => ({
            url: e.name,
            startTime: e.startTime,
            initiatorType: (e as PerformanceResourceTiming).initiatorType,
          })),
      }));
      await cdp.detach();

      // One sign request on the page, and the inline script sent it (its stack is the document's).
      expect(signs).toEqual([{ initiator: pageUrl }]);
      // Each photo once: no URL twice, and no photo at two sizes.
      const photoPaths = photoRequests.map((r) => new URL(r.url).pathname);
      expect(new Set(photoRequests.map((r) => r.url)).size).toBe(photoRequests.length);
      expect(new Set(photoPaths).size).toBe(photoPaths.length);
      // The first row's images are the photos the first script fetched (its preloads, found in the cache).
      const fetchedFirst = photoRequests.slice(0, firstRowCount);
      expect(fetchedFirst.every((r) => r.initiator === pageUrl)).toBe(true);
      expect(fetchedFirst.map((r) => r.url).sort()).toEqual([...firstRowSources].sort());
      // Asked for before the screen drew its first tile: the photo did not wait for the app.
      const preloaded = timing.photos.filter((p) => firstRowSources.includes(p.url));
      expect(preloaded.map((p) => p.initiatorType)).toEqual(new Array<string>(firstRowCount).fill('link'));
      console.log(
        `${device.name}: first photos asked for at ${preloaded.map((p) => Math.round(p.startTime)).join(', ')} ms, ` +
          `the screen's first tile drawn at ${Math.round(timing.firstTileAt)} ms`,
      );
      for (const photo of preloaded) expect(photo.startTime).toBeLessThan(timing.firstTileAt);
    });
  });
}

/**
 * The group page's first render with data (issue 24): the page's first script fills the screen as this remote
 * drew it at build time (remote-browse's GroupPage/firstRenderFill.ts) with the first answer and the signed
 * photos, so the first photo paints in its final box while the screen's code is still on its way (held here
 * until then, by request order, not time); the screen then takes over with nothing moved and no photo twice.
 */
test("the group page's first photo paints from the first render, in its final box, before the screen's code has come", async ({
  browser,
  stack,
}) => {
  test.setTimeout(120_000);
  const context = await browser.newContext({ baseURL: stack.hostUrl, ...PHONE });
  try {
    const page = await context.newPage();
    const browse = stack.remoteOrigins.remote_browse;
    const manifest = (await (await page.request.get(`${browse}/mf-manifest.json`)).json()) as {
      exposes: { name: string; assets: { js: { sync: string[] } } }[];
    };
    const screenFiles = manifest.exposes.find((e) => e.name === 'GroupPage')!.assets.js.sync;
    expect(screenFiles.length).toBeGreaterThan(0);
    let release = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    const held: string[] = [];
    await page.route(
      (url) => screenFiles.some((file) => url.href === new URL(file, `${browse}/`).href),
      async (route) => {
        held.push(route.request().url());
        await released;
        await route.continue();
      },
    );
    const photoRequests: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/render/image/sign/')) photoRequests.push(request.url());
    });
    const layoutShifts = await recordLayoutShifts(page);
    await page.goto(paths.group(SEED_GROUPS.bristol));

    const firstRender = page.locator('[data-first-render]');
    // Its parts carry no test ids: those name the screen's own, which tests wait for.
    await expect(firstRender.locator('[data-testid]')).toHaveCount(0);
    const drawnPhoto = firstRender.locator('[data-post-id] img').first();
    await expect(drawnPhoto).toHaveJSProperty('complete', true, { timeout: 60_000 });
    expect(await drawnPhoto.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
    await expect(firstRender.locator('h1')).not.toBeEmpty();
    // The day's heading is written once the first row's photos have painted (remote-browse's firstRenderFill.ts).
    await expect(firstRender.locator('section[data-day] h2').first()).toHaveText(/\p{L}/u);
    const title = await firstRender.locator('h1').textContent();
    const drawn = { box: await drawnPhoto.boundingBox(), src: await drawnPhoto.getAttribute('src') };
    // Drawn while every file of the screen was still held: the screen's code had not come.
    expect(held.length).toBeGreaterThan(0);

    release();
    await expect(firstRender).toHaveCount(0, { timeout: 60_000 });
    const photo = page.locator('[data-testid="photo-tile"] img').first();
    await expect(photo).toHaveJSProperty('complete', true, { timeout: 30_000 });
    await expect(page.locator('h1')).toHaveText(title!);
    expect(await photo.boundingBox()).toEqual(drawn.box);
    expect(await photo.getAttribute('src')).toBe(drawn.src);
    await page.waitForLoadState('networkidle');
    expect(new Set(photoRequests).size).toBe(photoRequests.length);
    expect((await layoutShifts()).map((s) => `${s.value.toFixed(4)}: ${s.moved}`)).toEqual([]);
  } finally {
    await context.close();
  }
});
