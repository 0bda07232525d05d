/**
 * Benchmark (not a test): the 500-post group page (fixture `large-group`) loaded in Chromium against the
 * production builds, printing LCP, CLS, JavaScript and image bytes transferred, and the time until every
 * photo of the first screen shows.
 *
 *   npm run build                      # host and remotes (dist/)
 *   npx tsx e2e/bench/browse-bench.ts  # from the repository root
 *
 * Settings (environment): BENCH_RUNS (cold loads, default 3), BENCH_WIDTH / BENCH_HEIGHT (viewport, default
 * 1280x900), BENCH_PORT_BASE (default 58400: backend, then host and the three remotes), BENCH_DATA_DIR (keep
 * the database between runs; the fixture is loaded once per data directory), BENCH_DATABASE_URL (a real
 * PostgreSQL instead of PGlite), BENCH_HOST_URL + BENCH_GROUP_ID (measure an already running site instead).
 * Each cold load uses a fresh browser context (empty HTTP cache and local storage); the warm load then reloads
 * in the last context (HTTP cache and the signed-URL cache in local storage kept).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type BrowserContext, type CDPSession, type Page } from '@playwright/test';
import { startBackend } from '../../packages/backend/src/index.ts';
import { buildRuntimeConfig } from '../../packages/federation/src/index.ts';
import { startStaticServer } from '../../scripts/lib/static-server.mjs';
import { LARGE_GROUP_ID } from '../../supabase/seed/ids.ts';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../harness/ports.ts';

const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
const env = process.env;
const RUNS = Number(env.BENCH_RUNS || 3);
const VIEWPORT = { width: Number(env.BENCH_WIDTH || 1280), height: Number(env.BENCH_HEIGHT || 900) };
const PORT_BASE = Number(env.BENCH_PORT_BASE || 58400);

interface Sample {
  lcpMs: number;
  cls: number;
  firstScreenPhotosMs: number;
  firstScreenPhotos: number;
  jsBytes: number;
  imageBytes: number;
  totalBytes: number;
  requests: number;
  signRequests: number;
  graphqlRequests: number;
  jsByOrigin: Record<string, number>;
}

/**
 * Runs in the page from its first script: records LCP, CLS (largest burst, as web-vitals reports it) and when
 * every photo box on the first screen shows a decoded image. Plain JavaScript source: a compiled function
 * could carry the bundler's helpers, which do not exist in the page.
 */
const PAGE_PROBE = `(() => {
  const bench = (window.__bench = { lcp: 0, cls: 0, photosAt: 0, photos: 0 });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) bench.lcp = entry.startTime;
  }).observe({ type: 'largest-contentful-paint', buffered: true });
  let burst = 0, first = 0, last = 0;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      if (entry.hadRecentInput) continue;
      if (burst && entry.startTime - last < 1000 && entry.startTime - first < 5000) burst += entry.value;
      else { burst = entry.value; first = entry.startTime; }
      last = entry.startTime;
      bench.cls = Math.max(bench.cls, burst);
    }
  }).observe({ type: 'layout-shift', buffered: true });
  const check = () => {
    const boxes = [...document.querySelectorAll('[data-testid="gallery"] [data-photo-state]')].filter((box) => {
      const r = box.getBoundingClientRect();
      return r.width > 0 && r.bottom > 0 && r.top < innerHeight;
    });
    const done = boxes.length > 0 && boxes.every((box) => {
      const img = box.querySelector('img');
      return box.getAttribute('data-photo-state') === 'failed' || (img && img.complete && img.naturalWidth > 0);
    });
    if (done) { bench.photosAt = performance.now(); bench.photos = boxes.length; }
    else requestAnimationFrame(check);
  };
  requestAnimationFrame(check);
})();`;

/** Bytes on the wire per resource type, from the DevTools protocol (encoded sizes, headers included). */
async function countBytes(cdp: CDPSession) {
  const responses = new Map<string, { type: string; origin: string }>();
  const totals = { js: 0, image: 0, total: 0, requests: 0, jsByOrigin: {} as Record<string, number> };
  await cdp.send('Network.enable');
  cdp.on('Network.responseReceived', (e) => responses.set(e.requestId, { type: e.type, origin: new URL(e.response.url).origin }));
  cdp.on('Network.loadingFinished', (e) => {
    const response = responses.get(e.requestId);
    totals.total += e.encodedDataLength;
    totals.requests += 1;
    if (response?.type === 'Script') {
      totals.js += e.encodedDataLength;
      totals.jsByOrigin[response.origin] = (totals.jsByOrigin[response.origin] ?? 0) + e.encodedDataLength;
    }
    if (response?.type === 'Image') totals.image += e.encodedDataLength;
  });
  return totals;
}

async function measure(context: BrowserContext, page: Page, url: string, reload: boolean): Promise<Sample> {
  const cdp = await context.newCDPSession(page);
  const bytes = await countBytes(cdp);
  let signRequests = 0;
  let graphqlRequests = 0;
  page.on('request', (r) => {
    if (r.method() === 'POST' && /\/storage\/v1\/object\/sign\/|\/functions\/v1\/sign-photos/.test(r.url())) signRequests += 1;
    if (r.url().includes('/graphql/v1')) graphqlRequests += 1;
  });
  if (reload) await page.reload();
  else await page.goto(url);
  await page.waitForFunction('window.__bench && window.__bench.photosAt > 0', null, { timeout: 60_000 });
  await page.waitForLoadState('networkidle');
  const result = (await page.evaluate('window.__bench')) as { lcp: number; cls: number; photosAt: number; photos: number };
  await cdp.detach();
  return {
    lcpMs: result.lcp,
    cls: result.cls,
    firstScreenPhotosMs: result.photosAt,
    firstScreenPhotos: result.photos,
    jsBytes: bytes.js,
    imageBytes: bytes.image,
    totalBytes: bytes.total,
    requests: bytes.requests,
    signRequests,
    graphqlRequests,
    jsByOrigin: bytes.jsByOrigin,
  };
}

async function startSite(): Promise<{ url: string; stop: () => Promise<void> }> {
  const ports = { backend: PORT_BASE, host: PORT_BASE + 1, remote_browse: PORT_BASE + 2, remote_auth: PORT_BASE + 3, remote_upload: PORT_BASE + 4 };
  const origin = (port: number) => `http://127.0.0.1:${port}`;
  const ownDataDir = !env.BENCH_DATA_DIR;
  const dataDir = env.BENCH_DATA_DIR || (await mkdtemp(join(tmpdir(), 'snapshire-bench-')));
  const started = performance.now();
  const backend = await startBackend({
    port: ports.backend,
    host: '127.0.0.1',
    dataDir,
    databaseUrl: env.BENCH_DATABASE_URL || undefined,
    siteUrl: origin(ports.host),
    fixtures: ['large-group'],
    log: (line) => (line.includes('error') || line.includes('large-group') ? console.log(`  [backend] ${line}`) : undefined),
  });
  console.log(`backend with the 500-post group ready in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  const config = buildRuntimeConfig({
    supabaseUrl: backend.url,
    supabaseAnonKey: backend.anonKey,
    remoteOrigins: { remote_browse: origin(ports.remote_browse), remote_auth: origin(ports.remote_auth), remote_upload: origin(ports.remote_upload) },
  });
  const servers = [
    await startStaticServer({ root: join(REPO_ROOT, 'host', 'dist'), port: ports.host, spa: true, overrides: { '/config.json': JSON.stringify(config) } }),
  ];
  for (const [name, dir] of [['remote_browse', 'remote-browse'], ['remote_auth', 'remote-auth'], ['remote_upload', 'remote-upload']] as const)
    servers.push(await startStaticServer({ root: join(REPO_ROOT, dir, 'dist'), port: ports[name] }));
  return {
    url: origin(ports.host),
    stop: async () => {
      for (const server of servers) await server.close();
      await backend.stop();
      if (ownDataDir) await rm(dataDir, { recursive: true, force: true });
    },
  };
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};
const kb = (bytes: number) => `${(bytes / 1024).toFixed(0)} KB`;
const ms = (value: number) => `${Math.round(value)} ms`;

function report(label: string, samples: Sample[]): void {
  const m = (key: Exclude<keyof Sample, 'jsByOrigin'>) => median(samples.map((s) => s[key]));
  const origins = Object.entries(samples[0]!.jsByOrigin).map(([origin, bytes]) => `${origin} ${kb(bytes)}`);
  console.log(`\n${label} (${samples.length === 1 ? '1 load' : `median of ${samples.length} loads`}), viewport ${VIEWPORT.width}x${VIEWPORT.height}`);
  console.log(`  LCP                                 ${ms(m('lcpMs'))}`);
  console.log(`  CLS                                 ${m('cls').toFixed(4)}`);
  console.log(`  all photos of the first screen shown ${ms(m('firstScreenPhotosMs'))}  (${m('firstScreenPhotos')} photos)`);
  console.log(`  JavaScript transferred              ${kb(m('jsBytes'))}${origins.length ? `  (${origins.join(', ')})` : ''}`);
  console.log(`  images transferred                  ${kb(m('imageBytes'))}`);
  console.log(`  everything transferred              ${kb(m('totalBytes'))} in ${m('requests')} requests`);
  console.log(`  signed-URL requests                 ${m('signRequests')}`);
  console.log(`  GraphQL requests                    ${m('graphqlRequests')}`);
}

const site = env.BENCH_HOST_URL ? { url: env.BENCH_HOST_URL, stop: async () => {} } : await startSite();
const groupUrl = `${site.url}/groups/${env.BENCH_GROUP_ID || LARGE_GROUP_ID}`;
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: [...CHROMIUM_ARGS, '--headless'] });
try {
  const cold: Sample[] = [];
  let last: { context: BrowserContext; page: Page } | undefined;
  for (let run = 0; run < RUNS; run++) {
    await last?.context.close();
    const context = await browser.newContext({ viewport: VIEWPORT, deviceScaleFactor: 1 });
    await context.addInitScript({ content: PAGE_PROBE });
    const page = await context.newPage();
    cold.push(await measure(context, page, groupUrl, false));
    last = { context, page };
    console.log(`cold load ${run + 1}: LCP ${ms(cold.at(-1)!.lcpMs)}, photos ${ms(cold.at(-1)!.firstScreenPhotosMs)}`);
  }
  const warm = await measure(last!.context, last!.page, groupUrl, true);
  await last!.context.close();
  console.log(`\nGroup page ${groupUrl}`);
  report('Cold (empty cache)', cold);
  report('Warm (reload: HTTP cache and signed URLs in local storage)', [warm]);
} finally {
  await browser.close();
  await site.stop();
}
