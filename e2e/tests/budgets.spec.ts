/**
 * Budgets that do not depend on timing (issue 16): what the servers send (compressed, cached right, with the
 * security headers) and how many requests and bytes the group page costs on a cold load. Timings are the
 * benchmark's business (npm run bench:web), not a test's.
 */
import { request as httpRequest } from 'node:http';
import type { Page } from '@playwright/test';
import { paths } from '@snapshire/contracts';
import { SEED_GROUPS } from '../../supabase/seed/ids.ts';
import { expect, test } from '../harness/fixtures.ts';
import { recordPostPages } from '../support/postPages.ts';
import { recordSignRequests } from '../support/signRequests.ts';

/**
 * The group page's cold load may cost at most this (Bristol, 1280x720, compressed): requests, JavaScript,
 * and everything but the photos. The photos' bytes are not budgeted: which five tiles the first screen draws,
 * and how wide, follows the days the seeded posts fall on, which depends on the hour the seed ran (the same
 * build measured 524 KB in all one day and 543 KB another, 57 to 72 KB of it photos). The photos are held to
 * what does not vary: five of them, each fetched at the size it is drawn at, no larger.
 * Measured when set: 50 requests with its 5 photos and the page of posts signed in one request (CORS
 * preflights included), 452 KB of JavaScript and 471 KB besides the photos (brotli). How it got there:
 * sharing only Chakra's core took it from 631 KB of JavaScript (each app bundles the components it uses,
 * packages/federation/src/chakraCore.ts); the app code several screens share is one chunk per app (56 -> 48
 * requests); the remotes use the host's federation runtime
 * (packages/federation/src/runtimeCoreFromHost.ts, 513 -> 498 KB); one signature a photo (597 -> 512 KB in
 * all); the router shared at the size browser pages use (packages/federation/src/shared/reactRouterDom.ts,
 * 499 -> 475 KB); contracts written with zod/mini (packages/contracts/src/zod.ts, 475 -> 448 KB). A remote's
 * Chakra helpers have a chunk of their own so that its own page works (packages/federation/src/chunkGroups.ts,
 * one request more). Then (issue 24) the light design system and the first photos' module: 51 requests,
 * 441.9 KB of JavaScript, 466.8 KB besides the photos. Then Supabase's libraries instead of supabase-js,
 * Realtime's loaded once the page is drawn (packages/data/src/config/createSupabase.ts): 53 requests (the
 * Realtime chunk, and the live channel's catch-up query once it opens), 446.0 KB of JavaScript of which 15 KB
 * Realtime's after the first screen, 473.9 KB besides the photos; with Storage's client kept for remotes of
 * the release before (packages/data/src/config/createSupabase.ts), 451.5 KB and 479.4 KB. Then the theme menu
 * the host's own, out of the remotes' components chunk, and a component one chunk uses kept in it
 * (packages/federation/src/chunkGroups.ts): 432.1 KB and 460.0 KB. Then the shell's Chakra components once
 * for the page (packages/shell-components): 423.5 KB and 451.4 KB, one request more. Then a remote's own page
 * taking its screens lazily (lazyScreen in packages/standalone: statically imported there, every screen was
 * in the remote's shared chunk): 415.7 KB and 443.7 KB. Then a remote's Chakra components, and the code that
 * draws with them, in chunks by the screens that draw them (packages/federation/src/chunkGroups.ts; the group
 * forms' checkbox, switch and textarea had come with the remote's shared code): 38 requests besides the
 * photos, 397.1 KB and 428.5 KB. Then the theme menu's code loaded when the visitor reaches for it, not with
 * every page (host/src/features/layout/ColorModeToggle.tsx; 400.4 KB before): 383.1 KB and 416.6 KB. The
 * script budget is issue 24's target, 390 KB. Bytes have a 2-3% margin over the latest measurement, requests
 * one; a regression past these fails the suite.
 */
const GROUP_PAGE_BUDGET = { photos: 5, scriptKB: 390, withoutPhotosKB: 428 };
/**
 * How many photos the first screen draws follows the hour the seed ran too (five at most; three when the
 * newest day holds one wide photo), and the first script may have fetched one it then does not draw: the
 * requests are budgeted besides the photos' own.
 */
const GROUP_PAGE_REQUESTS_BESIDES_PHOTOS = 39; // measured 38 (51 in all, 13 of them images, 5 photos drawn)

/**
 * The landing page and the groups list, the other first screens, on the same terms (3% over the measurement
 * in bytes, one request; two for the groups list, whose lowest cards' thumbnails come near the screen or not
 * as the cards' heights settle). Measured when set (issue 24: the light design system, the first photos):
 * landing 28 requests, 338.7 KB of JavaScript, 350.5 KB in all; groups list 60 requests, 439.1 KB and 468.4 KB
 * besides its photos. The groups list then grew to 452.1 KB on CI (the top bar and membership bar keeping
 * their room, issue 24), past its budget; Supabase's libraries instead of supabase-js (neither screen opens a
 * live channel, so Realtime's code is not loaded): landing 316.7 KB and 328.5 KB, groups list 62 requests,
 * 428.8 KB and 458.8 KB; with Storage's client for remotes of the release before, landing 322.2 KB and
 * 334.0 KB, groups list 434.3 KB and 464.3 KB; the theme menu out of the remotes' components chunk, landing
 * 321.5 KB and 333.3 KB, groups list 415.0 KB and 445.0 KB; the shell's Chakra components once for the page
 * (the landing page loads them through the federation's share, one request and 2.5 KB more): landing 29
 * requests, 324.0 KB and 335.8 KB, groups list 63 requests, 406.3 KB and 436.4 KB; a remote's own page taking
 * its screens lazily (packages/standalone): groups list 61 requests, 395.9 KB and 426.0 KB; a remote's Chakra
 * components in chunks by the screens that draw them (the groups list draws cards, not the forms' fields):
 * groups list 62 requests, 381.2 KB and 414.8 KB; the theme menu's code loaded when it is reached for: landing
 * 29 requests, 310.1 KB and 325.8 KB, groups list 62 requests, 364.2 KB and 401.8 KB.
 */
const FIRST_SCREEN_BUDGETS = {
  landing: { requests: 30, scriptKB: 319, withoutPhotosKB: 336 },
  'groups list': { requests: 64, scriptKB: 375, withoutPhotosKB: 414 },
};

interface RawResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  bytes: number;
}

/** A GET with exactly the given headers (no client of ours adds or undoes an encoding). */
function get(url: string, headers: Record<string, string> = {}): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { headers }, (res) => {
      let bytes = 0;
      res.on('data', (chunk: Buffer) => (bytes += chunk.length));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, bytes }));
    });
    req.on('error', reject);
    req.end();
  });
}

async function firstScriptUrl(page: Page, origin: string): Promise<string> {
  const html = await (await page.request.get(origin + '/')).text();
  const src = /<script type="module" crossorigin src="([^"]+)"/.exec(html)?.[1];
  if (!src) throw new Error(`no module script in ${origin}/`);
  return new URL(src, origin).href;
}

test.describe('what the static servers send', () => {
  test('compressed by Accept-Encoding, brotli first, with Vary; plain to a client that takes neither', async ({
    page,
    stack,
  }) => {
    const script = await firstScriptUrl(page, stack.hostUrl);
    const manifest = `${stack.remoteOrigins.remote_browse}/mf-manifest.json`;
    for (const url of [script, manifest, `${stack.hostUrl}/`]) {
      const plain = await get(url);
      const br = await get(url, { 'Accept-Encoding': 'gzip, deflate, br' });
      const gzip = await get(url, { 'Accept-Encoding': 'gzip' });
      expect(plain.headers['content-encoding'], url).toBeUndefined();
      expect(br.headers['content-encoding'], url).toBe('br');
      expect(gzip.headers['content-encoding'], url).toBe('gzip');
      for (const response of [plain, br, gzip]) expect(response.headers.vary, url).toBe('Accept-Encoding');
      expect(br.bytes, url).toBeLessThan(plain.bytes / 2);
      expect(gzip.bytes, url).toBeLessThan(plain.bytes / 2);
      expect(Number(br.headers['content-length']), url).toBe(br.bytes);
    }
    // A client that refuses brotli (q=0) gets gzip.
    expect((await get(script, { 'Accept-Encoding': 'br;q=0, gzip' })).headers['content-encoding']).toBe('gzip');
  });

  test('hashed files are immutable; entries, manifests and config.json are revalidated', async ({ page, stack }) => {
    const script = await firstScriptUrl(page, stack.hostUrl);
    expect((await get(script)).headers['cache-control']).toBe('public, max-age=31536000, immutable');
    for (const url of [
      `${stack.hostUrl}/`,
      `${stack.hostUrl}/groups/${SEED_GROUPS.bristol}`,
      `${stack.hostUrl}/config.json`,
      `${stack.hostUrl}/favicon.svg`,
      `${stack.remoteOrigins.remote_browse}/mf-manifest.json`,
      `${stack.remoteOrigins.remote_browse}/remoteEntry.js`,
    ]) {
      const response = await get(url);
      expect(response.status, url).toBe(200);
      expect(response.headers['cache-control'], url).toBe('no-cache');
    }
    // Revalidation costs no body.
    const first = await get(`${stack.remoteOrigins.remote_browse}/mf-manifest.json`);
    const again = await get(`${stack.remoteOrigins.remote_browse}/mf-manifest.json`, {
      'If-None-Match': String(first.headers.etag),
    });
    expect(again.status).toBe(304);
    expect(again.bytes).toBe(0);
  });

  test('security headers: a CSP allowing exactly the configured remotes and backend, no framing, nosniff, a referrer policy', async ({
    stack,
  }) => {
    const page = await get(`${stack.hostUrl}/groups`);
    const csp = String(page.headers['content-security-policy']);
    const directive = (name: string) =>
      csp
        .split(';')
        .map((d) => d.trim().split(/\s+/))
        .find(([n]) => n === name)
        ?.slice(1) ?? [];
    const remotes = Object.values(stack.remoteOrigins);
    const backend = new URL(stack.supabaseUrl).origin;
    expect(directive('frame-ancestors')).toEqual(["'none'"]);
    expect(directive('object-src')).toEqual(["'none'"]);
    expect(directive('default-src')).toEqual(["'self'"]);
    expect(
      directive('script-src')
        .filter((s) => !s.startsWith("'sha256-"))
        .sort(),
    ).toEqual(["'self'", ...remotes].sort());
    expect(directive('script-src').some((s) => s.startsWith("'sha256-"))).toBe(true); // the theme script, by hash
    expect(directive('script-src')).not.toContain("'unsafe-inline'");
    expect(directive('script-src')).not.toContain("'unsafe-eval'");
    const backendSocket = backend.replace(/^http/, 'ws');
    expect(directive('connect-src').sort()).toEqual(["'self'", 'blob:', backend, backendSocket, ...remotes].sort());
    expect(directive('img-src')).toEqual(expect.arrayContaining(["'self'", 'data:', 'blob:', backend]));
    expect(page.headers['x-content-type-options']).toBe('nosniff');
    expect(page.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(page.headers['x-frame-options']).toBe('DENY');
    // Every response is nosniff, scripts of the remotes included.
    expect((await get(`${stack.remoteOrigins.remote_browse}/remoteEntry.js`)).headers['x-content-type-options']).toBe(
      'nosniff',
    );
  });
});

interface ColdLoad {
  requests: number;
  /** Of those, the photos'. */
  photoRequests: number;
  scriptKB: number;
  withoutPhotosKB: number;
  /** Scripts of 1 KB or more that came uncompressed. */
  uncompressed: string[];
  scripts: number;
  /** The scripts that are zod's chunk (ZOD_CHUNK in packages/federation/src/chunkGroups.ts). */
  zodFiles: string[];
}

/**
 * The requests and bytes (compressed, as transferred) of a cold load of `path`, until `drawn` holds, the
 * network is idle, and `drawn` holds again (a tile that came near meanwhile has loaded too).
 */
async function coldLoad(page: Page, path: string, drawn: () => Promise<unknown>): Promise<ColdLoad> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  const scripts = new Map<string, { url: string; encoding?: string; bytes: number }>();
  const images = new Set<string>();
  const totals = { requests: 0, scriptBytes: 0, withoutPhotosBytes: 0 };
  cdp.on('Network.requestWillBeSent', (e) => {
    if (/^https?:/.test(e.request.url)) totals.requests += 1;
  });
  cdp.on('Network.responseReceived', (e) => {
    if (e.type === 'Image') images.add(e.requestId);
    if (e.type !== 'Script') return;
    const headers = Object.fromEntries(
      Object.entries(e.response.headers).map(([k, v]) => [k.toLowerCase(), String(v)]),
    );
    scripts.set(e.requestId, { url: e.response.url, encoding: headers['content-encoding'], bytes: 0 });
  });
  cdp.on('Network.dataReceived', (e) => {
    const script = scripts.get(e.requestId);
    if (script) script.bytes += e.dataLength;
  });
  cdp.on('Network.loadingFinished', (e) => {
    if (!images.has(e.requestId)) totals.withoutPhotosBytes += e.encodedDataLength;
    if (scripts.has(e.requestId)) totals.scriptBytes += e.encodedDataLength;
  });
  await page.goto(path);
  await drawn();
  await page.waitForLoadState('networkidle');
  await drawn();
  await cdp.detach();
  return {
    requests: totals.requests,
    photoRequests: images.size,
    scriptKB: totals.scriptBytes / 1024,
    withoutPhotosKB: totals.withoutPhotosBytes / 1024,
    // The build leaves files under 1 KB as they are.
    uncompressed: [...scripts.values()]
      .filter((s) => s.bytes >= 1024 && s.encoding !== 'br' && s.encoding !== 'gzip')
      .map((s) => s.url),
    scripts: scripts.size,
    zodFiles: [...scripts.values()].map((s) => s.url).filter((url) => /\/zod-[\w-]+\.js(?:\?|$)/.test(url)),
  };
}

/** Every photo the first screen draws (the first row eagerly, the tiles near the screen lazily) has loaded. */
const photosDrawn = (page: Page, tiles: string) => () =>
  page.waitForFunction((selector) => {
    const photos = [...document.querySelectorAll<HTMLImageElement>(`${selector} img`)];
    return photos.length > 0 && photos.every((img) => img.complete && img.naturalWidth > 0);
  }, tiles);

test('the group page loads within its request and byte budget, all JavaScript compressed', async ({ page, stack }) => {
  // The first screen includes its photos: waiting only for the eager ones counted the lazy ones as the
  // machine's speed had it (3 to 5 photos, 47 to 50 requests); an idle network alone could even come before
  // the first photo was asked for.
  const measured = await coldLoad(
    page,
    paths.group(SEED_GROUPS.bristol),
    photosDrawn(page, '[data-testid="photo-tile"]'),
  );
  const photos = await page.locator('[data-testid="photo-tile"] img').count();
  // Each photo fetched at the width and height it is drawn at (the page's pixel ratio is 1), never larger.
  const oversized = await page.$$eval('[data-testid="photo-tile"] img', (imgs: HTMLImageElement[]) =>
    imgs
      .filter((img) => img.naturalWidth > Math.ceil(img.clientWidth * devicePixelRatio) + 1)
      .map((img) => `${img.naturalWidth}px drawn at ${img.clientWidth}px: ${img.currentSrc.slice(0, 120)}`),
  );
  expect(measured.scripts).toBeGreaterThan(5);
  expect(measured.uncompressed).toEqual([]);
  // zod comes once, the host's: the remote checks its sign-photos answers with the host's copy of
  // @snapshire/data (signedPhotosIn), and none of the screen's own code writes a schema.
  expect(measured.zodFiles).toHaveLength(1);
  expect(measured.zodFiles[0]!.startsWith(`${stack.hostUrl}/`)).toBe(true);
  const { uncompressed: _u, scripts: _s, zodFiles: _z, ...cost } = measured;
  console.log(`group page cold load: ${JSON.stringify({ ...cost, photos })}`);
  expect(photos).toBeGreaterThan(0);
  expect(photos).toBeLessThanOrEqual(GROUP_PAGE_BUDGET.photos);
  expect(measured.requests - measured.photoRequests).toBeLessThanOrEqual(GROUP_PAGE_REQUESTS_BESIDES_PHOTOS);
  expect(measured.scriptKB).toBeLessThanOrEqual(GROUP_PAGE_BUDGET.scriptKB);
  expect(measured.withoutPhotosKB).toBeLessThanOrEqual(GROUP_PAGE_BUDGET.withoutPhotosKB);
  expect(oversized).toEqual([]);
});

/**
 * The other first screens' cold loads (1280x720, compressed), photos' bytes left out as on the group page.
 * Measured when set (the light design system, issue 24): see FIRST_SCREEN_BUDGETS' comment.
 */
for (const [name, { path, drawn }] of Object.entries({
  landing: {
    path: paths.home(),
    drawn: (page: Page) => () => expect(page.getByRole('heading', { level: 1 })).toBeVisible(),
  },
  'groups list': {
    path: paths.groups(),
    drawn: (page: Page) => photosDrawn(page, '[data-testid="group-card"]'),
  },
})) {
  test(`the ${name} loads within its request and byte budget, all JavaScript compressed`, async ({ page }) => {
    const budget = FIRST_SCREEN_BUDGETS[name as keyof typeof FIRST_SCREEN_BUDGETS];
    const measured = await coldLoad(page, path, drawn(page));
    expect(measured.uncompressed).toEqual([]);
    const { uncompressed: _u, scripts: _s, zodFiles: _z, ...cost } = measured;
    console.log(`${name} cold load: ${JSON.stringify(cost)}`);
    expect(measured.requests).toBeLessThanOrEqual(budget.requests);
    expect(measured.scriptKB).toBeLessThanOrEqual(budget.scriptKB);
    expect(measured.withoutPhotosKB).toBeLessThanOrEqual(budget.withoutPhotosKB);
  });
}

test("the group page's first query leaves with the page's first script, before the shell's JavaScript, and only once", async ({
  page,
  context,
}) => {
  // Who sent each GroupById request: the inline script of the HTML (its stack is the document's) or a bundle.
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  const senders: string[] = [];
  cdp.on('Network.requestWillBeSent', (e) => {
    if (e.request.method !== 'POST' || !e.request.url.includes('/graphql/v1')) return;
    const body = JSON.parse(e.request.postData ?? '{}') as { operationName?: string };
    if (body.operationName !== 'GroupById') return;
    senders.push(e.initiator.stack?.callFrames[0]?.url ?? e.initiator.url ?? e.initiator.type);
  });
  await page.goto(paths.group(SEED_GROUPS.bristol));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Bristol Harbourside');
  await expect(page.getByTestId('photo-tile').first()).toBeVisible();
  await page.waitForLoadState('networkidle');
  await cdp.detach();
  // Sent once, by the document itself (the inline script), and the screen took that answer.
  expect(senders).toEqual([page.url()]);
});

/**
 * The photos on screen: how many, how many have loaded an image from a signed URL, and how many of those
 * are offered as a width-described srcset.
 */
async function photosOnScreen(page: Page): Promise<{ onScreen: number; loaded: number; withSrcset: number }> {
  return page.evaluate(() => {
    let onScreen = 0;
    let loaded = 0;
    let withSrcset = 0;
    for (const box of document.querySelectorAll('[data-testid="photo-tile"] [data-photo-state]')) {
      const r = box.getBoundingClientRect();
      if (r.bottom <= 0 || r.top >= innerHeight || r.width === 0) continue;
      onScreen += 1;
      const img = box.querySelector('img');
      if (!img || !img.complete || img.naturalWidth === 0 || !img.currentSrc.includes('/render/image/sign/')) continue;
      loaded += 1;
      if (/ \d+w(,|$)/.test(img.srcset) && img.sizes) withSrcset += 1;
    }
    return { onScreen, loaded, withSrcset };
  });
}

test.describe('signed photo URLs come a page of posts at a time', () => {
  test.setTimeout(180_000);

  test('the group page: one sign request for its first page, one signature a photo, and its photos show', async ({
    page,
  }) => {
    const signs = recordSignRequests(page);
    const postPages = recordPostPages(page);
    await page.goto(paths.group(SEED_GROUPS.bristol));
    await expect(page.getByTestId('photo-tile').first()).toBeVisible();
    await expect.poll(() => photosOnScreen(page).then((s) => s.onScreen > 0 && s.loaded === s.onScreen)).toBe(true);
    await page.waitForLoadState('networkidle');
    const pages = (await postPages.settled()).answered.length;
    expect(pages).toBe(1);
    console.log(`group page: ${signs.count()} sign requests for ${pages} page of posts`);
    expect(signs.count()).toBe(1);
    expect(signs.objectSignings()).toBe(0);
    console.log(`group page: sign-photos asked for ${JSON.stringify(signs.asked)}`);
    // Every tile of one page wants one width step at this screen's size and density: one signature each.
    expect(signs.asked).toHaveLength(1);
    expect(signs.asked[0]!.signatures).toBe(signs.asked[0]!.posts);
    const shown = await photosOnScreen(page);
    expect(shown.withSrcset).toBe(shown.onScreen);
  });
});
