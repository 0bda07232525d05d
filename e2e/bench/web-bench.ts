/**
 * Benchmark (not a test): the federated site against the same screens built as one bundle
 * (e2e/bench/one-bundle/), in Debian's Chromium, for the landing page, the groups list, a seeded group and the
 * 500-photo group (fixture large-group), at a phone's and a desktop's viewport, under fast and slow 4G with the
 * CPU four times slower. Each load is cold (a new browser context); a warm row adds a returning visitor (the
 * group page in a new tab of a context whose HTTP cache holds the first visit). Prints, per viewport and
 * profile, issue 24's table (medians of alternating runs with min-max, federated vs one bundle and the ratio),
 * a second table with the rest of what was measured, then one PASS/FAIL line per target of the issue
 * (TARGETS in e2e/bench/report.ts, judged on the federated medians).
 *
 *   npm run bench:web                       # builds both, then runs this
 *   RUNS=5 npx tsx e2e/bench/web-bench.ts   # only this (both builds must exist)
 *
 * Settings (environment):
 * - RUNS: loads per page, build, viewport and profile (default 3).
 * - BENCH_VIEWPORTS: phone (412x823, DPR 2, touch), desktop (1280x900, DPR 1); default phone,desktop.
 * - BENCH_PROFILES: fast4g (9 Mbps, 60 ms, 4x CPU), slow4g (1.6 Mbps, 150 ms, 4x CPU), unthrottled;
 *   default fast4g,slow4g.
 * - BENCH_PAGES: landing, groups, group, large, warm; default all, except large under slow4g (the issue sets
 *   it no target there, and it is the slowest load). Naming pages measures exactly those under every profile.
 * - BENCH_SCROLL_RUNS: in how many of the runs (per build and viewport) the 500-photo group is also scrolled to
 *   its end for CLS and sign requests over the scroll (default 1; only under fast4g and unthrottled, as one
 *   scroll under slow 4G takes minutes).
 * - BENCH_BASELINE_ROOT: another checkout of this repository, built (its host/dist and remote-*\/dist): served
 *   beside the same backend as a third build, measured in the same alternation ("before" in the tables).
 * - BENCH_BASELINE_HOST: only another host's dist/ (e.g. the previous commit's), served beside this checkout's
 *   remotes, as the third build instead. Set one of the two.
 * Absolute times depend on the machine's load (it is shared): compare columns measured in one run.
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  chromium,
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  type CDPSession,
  type Page,
} from '@playwright/test';
import { startBackend } from '../../packages/backend/src/index.ts';
import { buildRuntimeConfig } from '../../packages/federation/src/index.ts';
import { startStaticServer } from '../../scripts/lib/static-server.mjs';
import { LARGE_GROUP_ID, SEED_GROUPS } from '../../supabase/seed/ids.ts';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../harness/ports.ts';
import {
  blockingAfter,
  checkLine,
  checkTargets,
  cls,
  MAIN_COLUMNS,
  MORE_COLUMNS,
  pagesTable,
  resultKey,
  SCROLL_COLUMNS,
  type Build,
  type PageName,
  type PageResult,
  type ProfileName,
  type Results,
  type Sample,
  type Samples,
  type Viewport,
} from './report.ts';

const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
const env = process.env;
const list = (value: string | undefined) =>
  value
    ? value
        .split(',')
        .map((v) => v.trim())
        .filter(Boolean)
    : undefined;
const RUNS = Math.max(1, Number(env.RUNS || 3));
const SCROLL_RUNS = Math.max(0, Number(env.BENCH_SCROLL_RUNS ?? 1));

const VIEWPORT_OPTIONS: Record<Viewport, BrowserContextOptions & { label: string }> = {
  phone: {
    label: '412x823 DPR 2',
    viewport: { width: 412, height: 823 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
  },
  desktop: { label: '1280x900 DPR 1', viewport: { width: 1280, height: 900 }, deviceScaleFactor: 1 },
};

interface Profile {
  name: ProfileName;
  label: string;
  /** Chrome DevTools Protocol Network.emulateNetworkConditions parameters; none when unthrottled. */
  network?: { latency: number; downloadThroughput: number; uploadThroughput: number };
  cpuSlowdown: number;
  /** Whether the 500-photo group is also scrolled to its end under this profile. */
  scroll: boolean;
  /** Pages measured unless BENCH_PAGES names them. */
  defaultPages: PageName[];
  /** A rough seconds per cold load measured on this (loaded) machine, for the estimate printed at start. */
  secondsPerLoad: number;
}
const bytesPerSecond = (megabits: number) => Math.round((megabits * 1_000_000) / 8);
const ALL_PROFILES: Profile[] = [
  {
    name: 'fast4g',
    label: 'fast 4G (9 Mbps, 60 ms) + 4x CPU',
    network: { latency: 60, downloadThroughput: bytesPerSecond(9), uploadThroughput: bytesPerSecond(9) },
    cpuSlowdown: 4,
    scroll: true,
    defaultPages: ['landing', 'groups', 'group', 'large', 'warm'],
    secondsPerLoad: 8,
  },
  {
    name: 'slow4g',
    label: 'slow 4G (1.6 Mbps, 150 ms) + 4x CPU',
    network: { latency: 150, downloadThroughput: bytesPerSecond(1.6), uploadThroughput: bytesPerSecond(0.75) },
    cpuSlowdown: 4,
    scroll: false,
    defaultPages: ['landing', 'groups', 'group'],
    secondsPerLoad: 12,
  },
  {
    name: 'unthrottled',
    label: 'unthrottled',
    cpuSlowdown: 1,
    scroll: true,
    defaultPages: ['landing', 'groups', 'group', 'large'],
    secondsPerLoad: 4,
  },
];
/** The returning visitor's profile (the warm target is at fast 4G + 4x CPU). */
const WARM_PROFILE = ALL_PROFILES[0]!;
/** Seconds a scroll of the 500-photo group to its end adds to a load (fast 4G, this machine). */
const SCROLL_SECONDS = 25;

function pick<T extends string>(
  what: string,
  known: readonly T[],
  chosen: string[] | undefined,
  fallback: readonly T[],
): T[] {
  const unknown = (chosen ?? []).filter((c) => !known.includes(c as T));
  if (unknown.length) throw new Error(`${what}: unknown ${unknown.join(', ')} (known: ${known.join(', ')})`);
  return chosen ? (chosen as T[]) : [...fallback];
}
const VIEWPORTS = pick('BENCH_VIEWPORTS', ['phone', 'desktop'] as Viewport[], list(env.BENCH_VIEWPORTS), [
  'phone',
  'desktop',
]);
const PROFILES = pick(
  'BENCH_PROFILES',
  ALL_PROFILES.map((p) => p.name),
  list(env.BENCH_PROFILES),
  ['fast4g', 'slow4g'],
).map((name) => ALL_PROFILES.find((p) => p.name === name)!);
const PAGES_CHOSEN = list(env.BENCH_PAGES);
pick('BENCH_PAGES', ['landing', 'groups', 'group', 'large', 'warm'] as PageName[], PAGES_CHOSEN, []);

interface Scenario {
  name: PageName;
  /** As the tables print it. */
  label: string;
  path: string;
  /** Shown once the screen has its content. */
  ready: string;
  scroll?: boolean;
}
const SCENARIOS: Scenario[] = [
  { name: 'landing', label: 'landing', path: '/', ready: 'h1' },
  { name: 'groups', label: 'groups list', path: '/groups', ready: '[data-testid="group-card"]' },
  { name: 'group', label: 'group page', path: `/groups/${SEED_GROUPS.bristol}`, ready: '[data-testid="photo-tile"]' },
  {
    name: 'large',
    label: '500-photo group',
    path: `/groups/${LARGE_GROUP_ID}`,
    ready: '[data-testid="photo-tile"]',
    scroll: true,
  },
];
const GROUP_SCENARIO = SCENARIOS.find((s) => s.name === 'group')!;
/** The cold-load pages measured under a profile. */
const pagesUnder = (profile: Profile) =>
  SCENARIOS.filter((s) => (PAGES_CHOSEN ? PAGES_CHOSEN.includes(s.name) : profile.defaultPages.includes(s.name)));
const WARM = PAGES_CHOSEN ? PAGES_CHOSEN.includes('warm') : true;

const BASELINE_ROOT = env.BENCH_BASELINE_ROOT ? resolve(env.BENCH_BASELINE_ROOT) : undefined;
const BASELINE_HOST = env.BENCH_BASELINE_HOST ? resolve(env.BENCH_BASELINE_HOST) : undefined;
if (BASELINE_ROOT && BASELINE_HOST) throw new Error('Set BENCH_BASELINE_ROOT or BENCH_BASELINE_HOST, not both.');
const BUILDS: Build[] = BASELINE_ROOT || BASELINE_HOST ? ['federated', 'bundle', 'baseline'] : ['federated', 'bundle'];

const REMOTE_DIRS = [
  ['remote_browse', 'remote-browse'],
  ['remote_auth', 'remote-auth'],
  ['remote_upload', 'remote-upload'],
] as const;
type RemoteOrigins = Record<(typeof REMOTE_DIRS)[number][0], string>;

/**
 * Runs in the page from its first script: LCP, layout shifts and long tasks. Plain JavaScript: a compiled
 * function could carry the bundler's helpers, which do not exist in the page.
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

/** Requests and bytes from the DevTools protocol: decoded and on-the-wire sizes per request. */
function watchNetwork(cdp: CDPSession) {
  const types = new Map<string, string>();
  const decoded = new Map<string, number>();
  const totals = { jsRaw: 0, js: 0, total: 0, requests: 0, sign: 0 };
  cdp.on('Network.requestWillBeSent', (e) => {
    if (!/^https?:/.test(e.request.url)) return;
    totals.requests += 1;
    // Signing is a POST (its CORS preflight, an OPTIONS, counts among the requests but not here).
    if (e.request.method === 'POST' && /\/storage\/v1\/object\/sign|\/functions\/v1\/sign-photos/.test(e.request.url))
      totals.sign += 1;
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

/** Opens the page in a new tab of `context` under `profile` and measures its load (and the scroll, if asked). */
async function loadAndMeasure(
  context: BrowserContext,
  url: string,
  scenario: Scenario,
  profile: Profile,
  scroll: boolean,
): Promise<Sample> {
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
    const probe = (
      window as unknown as { __bench: { lcp: number; shifts: [number, number][]; longTasks: [number, number][] } }
    ).__bench;
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
    ...blockingAfter(loaded.longTasks, loaded.fcp),
    signRequests: net.sign,
    graphqlStartMs: loaded.graphql,
    signStartMs: loaded.sign,
  };
  if (scroll) {
    const signBefore = net.sign;
    await scrollToEnd(page);
    await page.waitForLoadState('networkidle', { timeout: 60_000 });
    const end = (await page.evaluate(() => ({
      shifts: (window as unknown as { __bench: { shifts: [number, number][] } }).__bench.shifts,
      dom: document.getElementsByTagName('*').length,
      posts:
        Math.max(
          -1,
          ...[...document.querySelectorAll('[data-order]')].map((e) => Number(e.getAttribute('data-order'))),
        ) + 1,
    }))) as { shifts: [number, number][]; dom: number; posts: number };
    sample.clsScroll = cls(end.shifts, loaded.now);
    sample.scrollSignRequests = net.sign - signBefore + sample.signRequests;
    sample.domElements = end.dom;
    sample.scrollPosts = end.posts;
  }
  await cdp.detach();
  await page.close();
  return sample;
}

async function newContext(browser: Browser, viewport: Viewport): Promise<BrowserContext> {
  const { label: _label, ...options } = VIEWPORT_OPTIONS[viewport];
  const context = await browser.newContext(options);
  await context.addInitScript({ content: PAGE_PROBE });
  return context;
}

/** A first visit: a new browser context, so an empty HTTP cache and storage. */
async function measureCold(
  browser: Browser,
  url: string,
  viewport: Viewport,
  scenario: Scenario,
  profile: Profile,
  scroll: boolean,
) {
  const context = await newContext(browser, viewport);
  try {
    return await loadAndMeasure(context, url, scenario, profile, scroll);
  } finally {
    await context.close();
  }
}

/**
 * A returning visitor: the group page once (unthrottled; what it leaves in the cache does not depend on the
 * network's speed), its tab closed, then the same page in a new tab of the same context (HTTP cache and storage
 * kept), measured under `profile`.
 */
async function measureWarm(browser: Browser, url: string, viewport: Viewport, profile: Profile) {
  const context = await newContext(browser, viewport);
  try {
    const first = await context.newPage();
    await first.goto(url + GROUP_SCENARIO.path, { waitUntil: 'load', timeout: 120_000 });
    await first.locator(GROUP_SCENARIO.ready).first().waitFor({ timeout: 90_000 });
    await visibleImagesDone(first);
    await first.waitForLoadState('networkidle', { timeout: 60_000 });
    await first.close();
    return await loadAndMeasure(context, url, GROUP_SCENARIO, profile, false);
  } finally {
    await context.close();
  }
}

function gitDescribe(dir: string): string {
  try {
    return execFileSync('git', ['-C', dir, 'log', '-1', '--format=%h %s'], { encoding: 'utf8' }).trim().slice(0, 90);
  } catch {
    return 'not a git checkout';
  }
}

function requireBuilt(dir: string, what: string): string {
  if (!existsSync(join(dir, 'index.html')) && !existsSync(join(dir, 'mf-manifest.json')))
    throw new Error(`${what}: ${dir} holds no build (no index.html or mf-manifest.json); build it first.`);
  return dir;
}

interface SiteDists {
  host: string;
  /** A host served beside the remotes of this checkout has none of its own. */
  remotes?: [keyof RemoteOrigins, string][];
}
const checkoutDists = (checkout: string, what: string): SiteDists => ({
  host: requireBuilt(join(checkout, 'host', 'dist'), what),
  remotes: REMOTE_DIRS.map(([name, dir]) => [name, requireBuilt(join(checkout, dir, 'dist'), what)]),
});
/** The folders served, checked here so that a missing build fails before the backend starts. */
const DISTS: Record<Build, SiteDists | undefined> = {
  federated: checkoutDists(REPO_ROOT, 'this checkout (npm run build)'),
  bundle: {
    host: requireBuilt(
      join(REPO_ROOT, 'e2e', 'bench', 'one-bundle', 'dist'),
      'the one-bundle build (npm run bench:web)',
    ),
  },
  baseline: BASELINE_ROOT
    ? checkoutDists(BASELINE_ROOT, 'BENCH_BASELINE_ROOT')
    : BASELINE_HOST
      ? { host: requireBuilt(BASELINE_HOST, 'BENCH_BASELINE_HOST') }
      : undefined,
};

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
  const serve = async (root: string, spa = false, overrides?: Record<string, string>) => {
    const server = await startStaticServer({ root, port: 0, spa, overrides });
    servers.push(server);
    return server.url;
  };
  /** Serves remotes' dist folders; the runtime config (same backend) that points a host at them. */
  const serveRemotes = async (remotes: [keyof RemoteOrigins, string][]) => {
    const origins = {} as RemoteOrigins;
    for (const [name, dir] of remotes) origins[name] = await serve(dir);
    const config = buildRuntimeConfig({
      supabaseUrl: backend.url,
      supabaseAnonKey: backend.anonKey,
      remoteOrigins: origins,
    });
    return { '/config.json': JSON.stringify(config) };
  };
  // The one bundle and a lone baseline host get the config of this checkout's remotes (the bundle loads none).
  const overrides = await serveRemotes(DISTS.federated!.remotes!);
  const urls = { federated: '', bundle: '', baseline: '' } satisfies Record<Build, string>;
  for (const build of BUILDS) {
    const dists = DISTS[build]!;
    urls[build] = await serve(
      dists.host,
      true,
      build !== 'federated' && dists.remotes ? await serveRemotes(dists.remotes) : overrides,
    );
  }
  return {
    urls,
    stop: async () => {
      for (const server of servers) await server.close();
      await backend.stop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

const minutes = (seconds: number) => {
  const whole = Math.round(seconds);
  return `${Math.floor(whole / 60)}m${String(whole % 60).padStart(2, '0')}s`;
};

// --- the plan, and an estimate of its time -------------------------------------------------------------------
const scrollRuns = (profile: Profile, scenario: Scenario) =>
  profile.scroll && scenario.scroll ? Math.min(RUNS, SCROLL_RUNS) : 0;
let plannedLoads = 0;
let plannedScrolls = 0;
let estimatedSeconds = 0;
for (const _viewport of VIEWPORTS) {
  for (const profile of PROFILES) {
    for (const scenario of pagesUnder(profile)) {
      plannedLoads += BUILDS.length * RUNS;
      plannedScrolls += BUILDS.length * scrollRuns(profile, scenario);
      estimatedSeconds +=
        BUILDS.length * (RUNS * profile.secondsPerLoad + scrollRuns(profile, scenario) * SCROLL_SECONDS);
    }
  }
  if (WARM) {
    // Two loads each: the first visit (unthrottled) and the measured return.
    plannedLoads += BUILDS.length * RUNS * 2;
    estimatedSeconds += BUILDS.length * RUNS * (WARM_PROFILE.secondsPerLoad + 4);
  }
}

const sites = await startSites();
const baselineNote = BASELINE_ROOT
  ? `before = ${BASELINE_ROOT} (host and remotes; ${gitDescribe(BASELINE_ROOT)})`
  : BASELINE_HOST
    ? `before = the host build in ${BASELINE_HOST} beside this checkout's remotes`
    : undefined;
console.log(
  `${plannedLoads} page loads (${plannedScrolls} also scrolled to the 500-photo group's end): ` +
    `${VIEWPORTS.join(', ')} x ${PROFILES.map((p) => p.name).join(', ')} x ${BUILDS.join(', ')}, RUNS=${RUNS}; ` +
    `about ${minutes(estimatedSeconds)} at the per-load times measured on this (shared) machine` +
    (baselineNote ? `\n${baselineNote}` : ''),
);
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: [...CHROMIUM_ARGS, '--headless'] });
const startedAt = performance.now();
let loadsDone = 0;
const progress = (what: string, loads: number) => {
  loadsDone += loads;
  const elapsed = (performance.now() - startedAt) / 1000;
  const left = (elapsed / loadsDone) * (plannedLoads - loadsDone);
  process.stderr.write(
    `  [${what}] ${loadsDone}/${plannedLoads} loads, ${minutes(elapsed)} elapsed, about ${minutes(left)} left\n`,
  );
};

/** Runs `measureOnce` RUNS times per build, rotating which build goes first so drift on a shared machine hits all alike. */
async function alternate(measureOnce: (build: Build, run: number) => Promise<Sample>): Promise<Samples> {
  const samples: Samples = {};
  for (let run = 0; run < RUNS; run++) {
    const order = BUILDS.map((_, i) => BUILDS[(i + run) % BUILDS.length]!);
    for (const build of order) (samples[build] ??= []).push(await measureOnce(build, run));
  }
  return samples;
}

const results: Results = new Map();
const printTables = (viewport: Viewport, profile: Profile, rows: PageResult[]) => {
  if (!rows.length) return;
  const n = Math.max(...rows.map((r) => r.samples.federated?.length ?? 0));
  console.log(
    `\n### ${viewport} (${VIEWPORT_OPTIONS[viewport].label}), ${profile.label}: median (min-max) of ${n} alternating runs, ` +
      `federated vs one bundle (ratio)${BUILDS.includes('baseline') ? '; before (federated / before)' : ''}`,
  );
  for (const table of [
    pagesTable(rows, MAIN_COLUMNS),
    pagesTable(rows, MORE_COLUMNS),
    pagesTable(rows, SCROLL_COLUMNS),
  ])
    if (table) console.log(`\n${table}`);
};
try {
  for (const viewport of VIEWPORTS) {
    for (const profile of PROFILES) {
      const rows: PageResult[] = [];
      for (const scenario of pagesUnder(profile)) {
        const samples = await alternate((build, run) =>
          measureCold(browser, sites.urls[build], viewport, scenario, profile, run < scrollRuns(profile, scenario)),
        );
        const result: PageResult = { page: scenario.name, label: scenario.label, samples };
        results.set(resultKey(viewport, profile.name, scenario.name), result);
        rows.push(result);
        progress(`${viewport} ${profile.name} ${scenario.name}`, BUILDS.length * RUNS);
      }
      if (WARM && profile === WARM_PROFILE) rows.push(await measureWarmRow(viewport));
      printTables(viewport, profile, rows);
    }
    if (WARM && !PROFILES.includes(WARM_PROFILE)) printTables(viewport, WARM_PROFILE, [await measureWarmRow(viewport)]);
  }
  console.log(
    `\nblocking = over the long tasks after FCP, the sum of each one's part over 50 ms (TBT-style; the issue's ` +
      `"<= 200 ms in tasks over 50 ms"); long tasks = their plain total. Times from navigation start.` +
      (WARM
        ? ` "group page, warm": the group page in a new tab after a first visit in the same context (HTTP cache kept).`
        : '') +
      (baselineNote ? ` ${baselineNote}.` : ''),
  );
  console.log(`\nTargets (issue 24; federated medians):`);
  for (const check of checkTargets(
    results,
    VIEWPORTS,
    PROFILES.map((p) => p.name),
  ))
    console.log(checkLine(check));
  console.log(
    `\n${loadsDone} loads in ${minutes((performance.now() - startedAt) / 1000)}. The machine is shared: absolute times are indicative; ` +
      `compare the columns, which were measured in the same alternation.`,
  );
} finally {
  await browser.close();
  await sites.stop();
}

async function measureWarmRow(viewport: Viewport): Promise<PageResult> {
  const samples = await alternate((build) => measureWarm(browser, sites.urls[build], viewport, WARM_PROFILE));
  const result: PageResult = { page: 'warm', label: 'group page, warm', samples };
  results.set(resultKey(viewport, WARM_PROFILE.name, 'warm'), result);
  progress(`${viewport} warm`, BUILDS.length * RUNS * 2);
  return result;
}
