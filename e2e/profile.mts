import { chromium } from '@playwright/test';
const url = process.argv[2] ?? 'http://127.0.0.1:7273/groups/10000000-0000-4000-8000-000000000001';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium' });
const ctx = await browser.newContext({ viewport: { width: 412, height: 823 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true });
const page = await ctx.newPage();
const cdp = await ctx.newCDPSession(page);
await cdp.send('Network.enable');
await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 60, downloadThroughput: 9e6/8, uploadThroughput: 9e6/8 });
await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
await cdp.send('Profiler.enable');
await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
await cdp.send('Profiler.start');
await page.goto(url, { waitUntil: 'load' });
await page.waitForTimeout(6000);
const { profile } = await cdp.send('Profiler.stop') as any;
const lcp = await page.evaluate(() => new Promise((r) => new PerformanceObserver((l) => r(Math.round(l.getEntries().at(-1)!.startTime))).observe({ type: 'largest-contentful-paint', buffered: true })));
console.log('LCP', lcp);
const byId = new Map<number, any>(profile.nodes.map((n: any) => [n.id, n]));
const parent = new Map<number, number>();
for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
const short = (u: string) => (u.split('/').pop() ?? '').replace(/_virtual_mf___mfe_internal__host__mf_owner__\d+__loadShare__/, 'share:').slice(0, 70);
const self = new Map<string, number>(); const incl = new Map<string, number>();
const byFile = new Map<string, number>();
for (let i = 0; i < profile.samples.length; i++) {
  const d = profile.timeDeltas[i] / 1000;
  let id = profile.samples[i]; const n = byId.get(id); const cf = n.callFrame;
  const key = `${cf.functionName || '(anon)'} @ ${short(cf.url)}:${cf.lineNumber}`;
  self.set(key, (self.get(key) ?? 0) + d);
  byFile.set(short(cf.url) || cf.functionName, (byFile.get(short(cf.url) || cf.functionName) ?? 0) + d);
  const seen = new Set<string>();
  while (id !== undefined) { const m = byId.get(id); const k = `${m.callFrame.functionName || '(anon)'} @ ${short(m.callFrame.url)}:${m.callFrame.lineNumber}`; if (!seen.has(k)) { incl.set(k, (incl.get(k) ?? 0) + d); seen.add(k); } id = parent.get(id)!; }
}
const top = (m: Map<string, number>, n: number) => [...m].sort((a, b) => b[1] - a[1]).slice(0, n).map(([k, v]) => `${Math.round(v).toString().padStart(5)} ${k}`).join('\n');
console.log('== by file (self)\n' + top(byFile, 25));
console.log('== self\n' + top(self, 40));
console.log('== inclusive\n' + top(incl, 60));
await browser.close();
