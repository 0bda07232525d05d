import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';
import { startBackend } from '../../packages/backend/src/index.ts';
import { buildRuntimeConfig } from '../../packages/federation/src/index.ts';
import { startStaticServer } from '../../scripts/lib/static-server.mjs';
import { LARGE_GROUP_ID, SEED_GROUPS } from '../../supabase/seed/ids.ts';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../harness/ports.ts';

const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
const dataDir = await mkdtemp(join(tmpdir(), 'probe-'));
const backend = await startBackend({ port: 0, host: '127.0.0.1', dataDir, siteUrl: 'http://127.0.0.1', fixtures: process.env.LARGE ? ['large-group'] : [], log: () => {} });
const remotes: Record<string, string> = {};
const servers = [];
for (const [name, dir] of [['remote_browse', 'remote-browse'], ['remote_auth', 'remote-auth'], ['remote_upload', 'remote-upload']] as const) {
  const s = await startStaticServer({ root: join(REPO_ROOT, dir, 'dist'), port: 0 });
  servers.push(s);
  remotes[name] = s.url;
}
const configJson = JSON.stringify(buildRuntimeConfig({ supabaseUrl: backend.url, supabaseAnonKey: backend.anonKey, remoteOrigins: remotes as never }));
const host = await startStaticServer({ root: join(REPO_ROOT, process.env.BUNDLE ? 'e2e/bench/one-bundle/dist' : 'host/dist'), port: 0, spa: true, overrides: { '/config.json': configJson } });
servers.push(host);
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: [...CHROMIUM_ARGS, '--headless'] });
const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
const page = await context.newPage();
const cdp = await context.newCDPSession(page);
await cdp.send('Network.enable');
if (process.env.THROTTLE) {
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 60, downloadThroughput: 1125000, uploadThroughput: 1125000 });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
}
const t0 = Date.now();
const log: string[] = [];
cdp.on('Network.requestWillBeSent', (e) => log.push(`${String(Date.now() - t0).padStart(6)} > ${e.request.method} ${e.request.url.replace(/^http:\/\/127.0.0.1:/, ':').slice(0, 110)}`));
cdp.on('Network.loadingFinished', (e) => log.push(`${String(Date.now() - t0).padStart(6)} < ${e.requestId}`));
page.on('console', (m) => log.push(`console.${m.type()}: ${m.text().slice(0, 200)}`));
const path = process.env.PROBE_PATH ?? `/groups/${process.env.LARGE ? LARGE_GROUP_ID : SEED_GROUPS.bristol}`;
await page.goto(host.url + path, { waitUntil: 'load' });
await page.locator(process.env.READY ?? '[data-testid="photo-tile"]').first().waitFor({ timeout: 60000 });
await page.waitForLoadState('networkidle');
console.log(`ready at ${Date.now() - t0} ms`);
if (process.env.SCROLL) {
  let gql = 0;
  page.on('request', (r) => { if (r.url().includes('/graphql/v1') && r.method() === 'POST') gql++; });
  for (let i = 0; i < 100; i++) {
    const st = await page.evaluate(() => { window.scrollTo(0, document.documentElement.scrollHeight); const g = document.querySelector('[data-testid="gallery"]') as HTMLElement; const e = document.querySelector('[data-testid="gallery-end"]')!; return { y: scrollY, h: document.documentElement.scrollHeight, minH: g.style.minHeight, endTop: Math.round(e.getBoundingClientRect().top), more: e.getAttribute('data-has-more'), posts: [...document.querySelectorAll('[data-testid="masonry"]')].reduce((n, el) => n + Number(el.getAttribute('data-count')), 0) }; });
    if (i % 10 === 0) console.log(JSON.stringify({ i, gql, ...st }));
    await page.waitForTimeout(100);
  }
}
console.log(log.filter((l) => !l.includes(' < ')).join('\n'));
await page.screenshot({ path: '/tmp/lcp/probe.png' });
await browser.close();
for (const s of servers) await s.close();
await backend.stop();
await rm(dataDir, { recursive: true, force: true });
