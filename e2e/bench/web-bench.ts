/**
 * Benchmark (not a test): the federated site against the same screens built as one bundle
 * (e2e/bench/one-bundle/), in Debian's Chromium, cold cache, for the landing page, the groups list, a seeded
 * group and the 500-photo group (fixture large-group, also scrolled to its end). Prints medians of alternating
 * runs with min-max and the federated / one-bundle ratio, unthrottled and under fast 4G + 4x CPU.
 *
 *   npm run bench:web                       # builds both, then runs this
 *   RUNS=5 npx tsx e2e/bench/web-bench.ts   # only this (both builds must exist)
 *
 * Settings (environment): RUNS (loads per page, build and profile; default 3), BENCH_WIDTH / BENCH_HEIGHT
 * (viewport, default 1280x900), BENCH_PROFILES (comma-separated: unthrottled,fast4g; default both),
 * BENCH_PAGES (comma-separated: landing,groups,group,large; default all), BENCH_BASELINE_HOST (the dist/ of
 * another host build, e.g. the previous commit's: served beside the same remotes and config and measured in
 * the same alternation as a third column, so a change to the host is compared against what it replaces).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type CDPSession, type Page } from '@playwright/test';
import { startBackend } from '../../packages/backend/src/index.ts';
import { buildRuntimeConfig } from '../../packages/federation/src/index.ts';
import { startStaticServer } from '../../scripts/lib/static-server.mjs';
import { LARGE_GROUP_ID, SEED_GROUPS } from '../../supabase/seed/ids.ts';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../harness/ports.ts';

const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
const env = process.env;
const RUNS = Math.max(1, Number(env.RUNS || 3));
const VIEWPORT = { width: Number(env.BENCH_WIDTH || 1280), height: Number(env.BENCH_HEIGHT || 900) };

interface Profile {
  name: string;
  /** Chrome DevTools Protocol Network.emulateNetworkConditions parameters; none when unthrottled. */
  network?: { latency: number; downloadThroughput: number; uploadThroughput: number };
  cpuSlowdown: number;
}
const PROFILES: Profile[] = [
  { name: 'unthrottled', cpuSlowdown: 1 },
  {
    name: 'fast4g',
    // Fast 4G: 9 Mbps, 60 ms round trip; the CPU four times slower (a mid-range phone on this machine).
    network: { latency: 60, downloadThroughput: (9_000_000 / 8) | 0, uploadThroughput: (9_000_000 / 8) | 0 },
    cpuSlowdown: 4,
  },
].filter((p) => !env.BENCH_PROFILES || env.BENCH_PROFILES.split(',').includes(p.name));

interface Scenario {
  name: string;
  path: string;
  /** Shown once the screen has its content. */
  ready: string;
  scroll?: boolean;
}
const SCENARIOS: Scenario[] = [
  { name: 'landing', path: '/', ready: 'h1' },
  { name: 'groups', path: '/groups', ready: '[data-testid="group-card"]' },
  { name: 'group', path: `/groups/${SEED_GROUPS.bristol}`, ready: '[data-testid="photo-tile"]' },
  { name: 'large', path: `/groups/${LARGE_GROUP_ID}`, ready: '[data-testid="photo-tile"]', scroll: true },
].filter((s) => !env.BENCH_PAGES || env.BENCH_PAGES.split(',').includes(s.name));

type Build = 'federated' | 'bundle' | 'baseline';
const BASELINE_HOST = env.BENCH_BASELINE_HOST ? resolve(env.BENCH_BASELINE_HOST) : undefined;
const BUILDS: Build[] = BASELINE_HOST ? ['federated', 'bundle', 'baseline'] : ['federated', 'bundle'];

interface Sample {
  jsRawKB: number;
  jsKB: number;
  totalKB: number;
  requests: number;
  fcpMs: number;
  lcpMs: number;
  clsLoad: number;
  tbtMs: number;
  signRequests: number;
  /** When the page asked for its first GraphQL result, and for its first photo signatures: the LCP chain. */
  graphqlStartMs?: number;
  signStartMs?: number;
  clsScroll?: number;
  scrollSignRequests?: number;
  scrollPosts?: number;
  domElements?: number;
}
const METRICS: { key: keyof Sample; label: string; digits: number }[] = [
  { key: 'jsRawKB', label: 'JS raw (KB)', digits: 0 },
  { key: 'jsKB', label: 'JS transferred (KB)', digits: 0 },
  { key: 'totalKB', label: 'all transferred (KB)', digits: 0 },
  { key: 'requests', label: 'requests', digits: 0 },
  { key: 'fcpMs', label: 'FCP (ms)', digits: 0 },
  { key: 'lcpMs', label: 'LCP (ms)', digits: 0 },
  { key: 'clsLoad', label: 'CLS load', digits: 3 },
  { key: 'tbtMs', label: 'TBT (ms)', digits: 0 },
  { key: 'signRequests', label: 'sign requests (load)', digits: 0 },
  { key: 'graphqlStartMs', label: 'first GraphQL request sent (ms)', digits: 0 },
  { key: 'signStartMs', label: 'first sign request sent (ms)', digits: 0 },
  { key: 'clsScroll', label: 'CLS scroll to the end', digits: 3 },
  { key: 'scrollSignRequests', label: 'sign requests (to the end)', digits: 0 },
  { key: 'scrollPosts', label: 'posts loaded (to the end)', digits: 0 },
  { key: 'domElements', label: 'DOM elements (at the end)', digits: 0 },
];

/**
 * Runs in the page from its first script: FCP, LCP, layout shifts (CLS as web-vitals reports it: the largest
 * burst of shifts less than 1 s apart within 5 s) and long tasks. Plain JavaScript: a compiled function could
 * carry the bundler's helpers, which do not exist in the page.
 */
const PAGE_PROBE = `(() => {
  const bench = (window.__bench = { lcp: 0, shifts: [], longTasks: [] });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) bench.lcp = entry.startTime;
  }).observe({ type: 'largest-contentful-paint', buffered: true });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) if (!entry.hadRecentInput) bench.shifts.push([entry.startTime, entry.value]);
  }).observe({ type: 'layout-shift', buffered: true });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) bench.longTasks.push([entry.startTime, entry.duration]);
  }).observe({ type: 'longtask', buffered: true });
})();`;

function cls(shifts: [number, number][], from = 0, to = Infinity): number {
  let best = 0;
  let burst = 0;
  let first = 0;
  let last = -Infinity;
  for (const [time, value] of shifts) {
    if (time < from || time > to) continue;
    if (time - last < 1000 && time - first < 5000) burst += value;
    else {
      burst = value;
      first = time;
    }
    last = time;
    best = Math.max(best, burst);
  }
  return best;
}

/** Requests and bytes from the DevTools protocol: decoded and on-the-wire sizes per request. */
function watchNetwork(cdp: CDPSession) {
  const types = new Map<string, string>();
  const decoded = new Map<string, number>();
  const totals = { jsRaw: 0, js: 0, total: 0, requests: 0, sign: 0 };
  cdp.on('Network.requestWillBeSent', (e) => {
    if (!/^https?:/.test(e.request.url)) return;
    totals.requests += 1;
    // Signing is a POST (its CORS preflight, an OPTIONS, counts among the requests but not here).
    if (e.request.method === 'POST' && /\/storage\/v1\/object\/sign|\/functions\/v1\/sign-photos/.test(e.request.url)) totals.sign += 1;
  });
  cdp.on('Network.responseReceived', (e) => types.set(e.requestId, e.type));
  cdp.on('Network.dataReceived', (e) => decoded.set(e.requestId, (decoded.get(e.requestId) ?? 0) + e.dataLength));
  cdp.on('Network.loadingFinished', (e) => {
    totals.total += e.encodedDataLength;
    if (types.get(e.requestId) === 'Script') {
      totals.js += e.encodedDataLength;
      totals.jsRaw += decoded.get(e.requestId) ?? 0;
    }
  });
  return totals;
}

/** Waits until every image box on screen shows a decoded image (or has failed). */
async function visibleImagesDone(page: Page): Promise<void> {
  await page.waitForFunction(
    () =>
      [...document.querySelectorAll('img')]
        .filter((img) => {
          const r = img.getBoundingClientRect();
          return r.width > 0 && r.bottom > 0 && r.top < innerHeight && img.loading !== 'lazy';
        })
        .every((img) => img.complete) &&
      [...document.querySelectorAll('[data-photo-state="pending"]')].every((box) => {
        const r = box.getBoundingClientRect();
        return r.bottom <= 0 || r.top >= innerHeight;
      }),
    null,
    { timeout: 90_000, polling: 100 },
  );
}

async function scrollToEnd(page: Page): Promise<void> {
  const deadline = Date.now() + 240_000;
  for (;;) {
    const state = await page.evaluate(() => {
      window.scrollBy(0, Math.round(innerHeight * 0.8));
      const end = document.querySelector('[data-testid="gallery-end"]');
      return {
        more: end?.getAttribute('data-has-more') !== 'false',
        bottom: scrollY + innerHeight >= document.documentElement.scrollHeight - 2,
      };
    });
    if (!state.more && state.bottom) return;
    if (Date.now() > deadline) throw new Error('the 500-photo group did not reach its end within 4 minutes');
    await page.waitForTimeout(120);
  }
}

async function measure(browser: Browser, url: string, scenario: Scenario, profile: Profile): Promise<Sample> {
  const context = await browser.newContext({ viewport: VIEWPORT, deviceScaleFactor: 1 });
  try {
    await context.addInitScript({ content: PAGE_PROBE });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: false });
    if (profile.network) await cdp.send('Network.emulateNetworkConditions', { offline: false, ...profile.network });
    if (profile.cpuSlowdown > 1) await cdp.send('Emulation.setCPUThrottlingRate', { rate: profile.cpuSlowdown });
    const net = watchNetwork(cdp);
    await page.goto(url + scenario.path, { waitUntil: 'load', timeout: 120_000 });
    await page.locator(scenario.ready).first().waitFor({ timeout: 90_000 });
    await visibleImagesDone(page);
    await page.waitForLoadState('networkidle', { timeout: 60_000 });
    const loaded = (await page.evaluate(() => {
      const probe = (window as unknown as { __bench: { lcp: number; shifts: [number, number][]; longTasks: [number, number][] } }).__bench;
      const fcp = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? 0;
      // No named helper here: tsx would wrap it in its __name(), which the page does not have.
      const resources = performance.getEntriesByType('resource');
      return {
        ...probe,
        fcp,
        graphql: resources.find((entry) => entry.name.includes('/graphql/v1'))?.startTime,
        sign: resources.find((entry) => /\/functions\/v1\/sign-photos|\/storage\/v1\/object\/sign/.test(entry.name))
          ?.startTime,
        now: performance.now(),
      };
    })) as {
      lcp: number;
      shifts: [number, number][];
      longTasks: [number, number][];
      fcp: number;
      graphql?: number;
      sign?: number;
      now: number;
    };
    const sample: Sample = {
      jsRawKB: net.jsRaw / 1024,
      jsKB: net.js / 1024,
      totalKB: net.total / 1024,
      requests: net.requests,
      fcpMs: loaded.fcp,
      lcpMs: loaded.lcp,
      clsLoad: cls(loaded.shifts),
      tbtMs: loaded.longTasks.filter(([start]) => start >= loaded.fcp).reduce((sum, [, d]) => sum + Math.max(0, d - 50), 0),
      signRequests: net.sign,
      graphqlStartMs: loaded.graphql,
      signStartMs: loaded.sign,
    };
    if (scenario.scroll) {
      const signBefore = net.sign;
      await scrollToEnd(page);
      await page.waitForLoadState('networkidle', { timeout: 60_000 });
      const end = (await page.evaluate(() => ({
        shifts: (window as unknown as { __bench: { shifts: [number, number][] } }).__bench.shifts,
        dom: document.getElementsByTagName('*').length,
        posts: Math.max(-1, ...[...document.querySelectorAll('[data-order]')].map((e) => Number(e.getAttribute('data-order')))) + 1,
      }))) as { shifts: [number, number][]; dom: number; posts: number };
      sample.clsScroll = cls(end.shifts, loaded.now);
      sample.scrollSignRequests = net.sign - signBefore + sample.signRequests;
      sample.domElements = end.dom;
      sample.scrollPosts = end.posts;
    }
    await cdp.detach();
    return sample;
  } finally {
    await context.close();
  }
}

async function startSites() {
  const dataDir = await mkdtemp(join(tmpdir(), 'snapshire-web-bench-'));
  const started = performance.now();
  const backend = await startBackend({
    port: 0,
    host: '127.0.0.1',
    dataDir,
    siteUrl: 'http://127.0.0.1',
    fixtures: ['large-group'],
    // As on `npm start`: the first run measured must not pay an edge function's import.
    warmFunctions: true,
    log: (line) => (/error/i.test(line) ? console.log(`  [backend] ${line}`) : undefined),
  });
  await backend.functionsWarmed;
  console.log(`backend with the 500-photo group ready in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  const servers: { close: () => Promise<void> }[] = [];
  const remotes = {} as Record<'remote_browse' | 'remote_auth' | 'remote_upload', string>;
  for (const [name, dir] of [['remote_browse', 'remote-browse'], ['remote_auth', 'remote-auth'], ['remote_upload', 'remote-upload']] as const) {
    const server = await startStaticServer({ root: join(REPO_ROOT, dir, 'dist'), port: 0 });
    servers.push(server);
    remotes[name] = server.url;
  }
  const configJson = JSON.stringify(
    buildRuntimeConfig({ supabaseUrl: backend.url, supabaseAnonKey: backend.anonKey, remoteOrigins: remotes }),
  );
  const overrides = { '/config.json': configJson };
  const federated = await startStaticServer({ root: join(REPO_ROOT, 'host', 'dist'), port: 0, spa: true, overrides });
  const bundle = await startStaticServer({ root: join(REPO_ROOT, 'e2e', 'bench', 'one-bundle', 'dist'), port: 0, spa: true, overrides });
  servers.push(federated, bundle);
  const baseline = BASELINE_HOST ? await startStaticServer({ root: BASELINE_HOST, port: 0, spa: true, overrides }) : undefined;
  if (baseline) servers.push(baseline);
  return {
    urls: { federated: federated.url, bundle: bundle.url, baseline: baseline?.url ?? '' } satisfies Record<Build, string>,
    stop: async () => {
      for (const server of servers) await server.close();
      await backend.stop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

function cell(values: number[], digits: number): string {
  const fmt = (v: number) => v.toFixed(digits);
  return values.length === 1 ? fmt(values[0]!) : `${fmt(median(values))} (${fmt(Math.min(...values))}-${fmt(Math.max(...values))})`;
}

function printTable(profile: Profile, scenario: Scenario, samples: Record<Build, Sample[]>): void {
  const rows: string[][] = [
    ['', 'federated', 'one bundle', 'ratio', ...(BASELINE_HOST ? ['baseline host', 'federated / baseline'] : [])],
  ];
  const ratio = (a: number[], b: number[]) => (median(b) > 0 ? (median(a) / median(b)).toFixed(2) : '-');
  for (const metric of METRICS) {
    const values = (build: Build) =>
      samples[build].map((s) => s[metric.key]).filter((v): v is number => typeof v === 'number');
    const fed = values('federated');
    const one = values('bundle');
    if (!fed.length || !one.length) continue;
    const row = [metric.label, cell(fed, metric.digits), cell(one, metric.digits), ratio(fed, one)];
    const base = values('baseline');
    if (BASELINE_HOST) row.push(base.length ? cell(base, metric.digits) : '-', base.length ? ratio(fed, base) : '-');
    rows.push(row);
  }
  const widths = rows[0]!.map((_, c) => Math.max(...rows.map((r) => r[c]!.length)));
  console.log(`\n${scenario.name} (${scenario.path}), ${profile.name}, median (min-max) of ${samples.federated.length}`);
  for (const row of rows) console.log(`| ${row.map((v, c) => v.padEnd(widths[c]!)).join(' | ')} |`);
}

const sites = await startSites();
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: [...CHROMIUM_ARGS, '--headless'] });
const startedAt = performance.now();
try {
  for (const profile of PROFILES) {
    for (const scenario of SCENARIOS) {
      const samples: Record<Build, Sample[]> = { federated: [], bundle: [], baseline: [] };
      for (let run = 0; run < RUNS; run++) {
        // Rotate which build goes first, so drift on a shared machine hits all alike.
        const order = BUILDS.map((_, i) => BUILDS[(i + run) % BUILDS.length]!);
        for (const build of order) samples[build].push(await measure(browser, sites.urls[build], scenario, profile));
      }
      printTable(profile, scenario, samples);
    }
  }
  console.log(`\n${RUNS} alternating cold loads per cell, viewport ${VIEWPORT.width}x${VIEWPORT.height}, ${((performance.now() - startedAt) / 1000).toFixed(0)} s`);
} finally {
  await browser.close();
  await sites.stop();
}
