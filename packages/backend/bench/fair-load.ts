/**
 * `npm run bench:fair -w @snapshire/backend`: does one caller's load slow everyone else's reads? A visitor
 * reads the groups list (GraphQL, anonymous, from 127.0.0.1) one request after another, alone, while a
 * member posts 16 photos at a time through handle-post-create, and while 32 anonymous clients from another
 * address (127.0.0.2) repeat a small query the cost limit allows. Prints the visitor's p50 and p95 per
 * phase, medians of RUNS runs with min-max. Target (issue 27): p95 under load <= 2x alone. The load runs in a
 * process of its own at the lowest priority (fair-load-client.ts): on a server its callers are other machines.
 *
 * BENCH_BACKEND_CLI=<checkout>/packages/backend/src/cli.ts also measures another checkout (before a change),
 * its runs alternating with this one's.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import { setPriority, tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { functionNames } from '../src/functions/functions.ts';
import { type BackendProcess, startBackendProcess, stopBackendProcess } from '../testing/processes.ts';
import { VISITOR_QUERY, graphql, signIn } from './fair-load-requests.ts';

const RUNS = Number(process.env.RUNS || 3);
const PHASE_MS = Number(process.env.PHASE_MS || 8_000);
const UPLOADERS = 16;
const FLOODERS = 32;
const CLIENT = join(import.meta.dirname, 'fair-load-client.ts');
const FUNCTIONS_DIR = join(import.meta.dirname, '../../../supabase/functions');

type Phase = 'alone' | '16 uploads' | '32 flooding';
interface Sample {
  p50: number;
  p95: number;
  n: number;
  errors: number;
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? NaN;
}

/**
 * A phase's load, in a process of its own at the lowest scheduling priority (fair-load-client.ts): the callers
 * of a real server are other machines, and their CPU is not the server's. `stop` ends it and gives the number
 * of its requests, and of those that failed.
 */
function startLoad(phase: '16 uploads' | '32 flooding', env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', CLIENT], {
    env: {
      ...process.env,
      ...env,
      LOAD: phase === '16 uploads' ? 'uploads' : 'flood',
      CLIENTS: String(phase === '16 uploads' ? UPLOADERS : FLOODERS),
    },
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  setPriority(child.pid!, 19);
  const lines = createInterface({ input: child.stdout! })[Symbol.asyncIterator]();
  const next = async () => (await lines.next()).value as string | undefined;
  return {
    ready: next().then((line) => {
      if (line !== 'ready') throw new Error(`the ${phase} load did not start`);
    }),
    async stop(): Promise<{ done: number; failed: number }> {
      child.stdin!.end();
      const [done = NaN, failed = NaN] = ((await next()) ?? '').split(' ').map(Number);
      if (child.exitCode === null) await once(child, 'exit');
      return { done, failed };
    },
  };
}

/** Once the backend has loaded every edge function (it does so right after start): the phases meet it idle. */
async function functionsLoaded(backend: BackendProcess): Promise<void> {
  const functions = functionNames(FUNCTIONS_DIR).length;
  const until = Date.now() + 60_000;
  while ((backend.output().match(/function \S+ (loaded|failed to load)/g) ?? []).length < functions) {
    if (Date.now() > until) throw new Error(`the backend did not load its functions:\n${backend.output()}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function run(cli: string | undefined): Promise<Record<Phase, Sample>> {
  const dataDir = await mkdtemp(join(tmpdir(), 'snapshire-fair-bench-'));
  const backend = await startBackendProcess({ DATA_DIR: dataDir, RATE_LIMIT_SIGN_IN_SIGN_UPS: '1000' }, cli);
  const { url, anonKey } = backend;
  try {
    await functionsLoaded(backend);
    const token = await signIn(url, anonKey);
    const result = {} as Record<Phase, Sample>;
    for (const phase of ['alone', '16 uploads', '32 flooding'] as Phase[]) {
      const load = phase === 'alone' ? undefined : startLoad(phase, { URL: url, ANON_KEY: anonKey, TOKEN: token });
      await load?.ready;
      // Let the load settle in before measuring.
      await new Promise((r) => setTimeout(r, phase === 'alone' ? 500 : 2_000));
      const latencies: number[] = [];
      let errors = 0;
      const until = performance.now() + PHASE_MS;
      while (performance.now() < until) {
        const t0 = performance.now();
        try {
          await graphql(url, anonKey, VISITOR_QUERY, '127.0.0.1');
          latencies.push(performance.now() - t0);
        } catch {
          errors++;
        }
        await new Promise((r) => setTimeout(r, 50));
      }
      const loaded = (await load?.stop()) ?? { done: 0, failed: 0 };
      latencies.sort((a, b) => a - b);
      result[phase] = { p50: percentile(latencies, 50), p95: percentile(latencies, 95), n: latencies.length, errors };
      console.error(
        `  ${phase}: p50 ${result[phase].p50.toFixed(0)} ms, p95 ${result[phase].p95.toFixed(0)} ms (${latencies.length} reads, ${errors} failed; the load: ${loaded.done} requests, ${loaded.failed} failed)`,
      );
    }
    return result;
  } finally {
    await stopBackendProcess(backend);
    await rm(dataDir, { recursive: true, force: true });
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const figure = (values: number[]) =>
  `${median(values).toFixed(0)} (${Math.min(...values).toFixed(0)}-${Math.max(...values).toFixed(0)})`;

// With a second checkout to compare, its runs alternate with this one's, so both meet the same machine.
const checkouts = [
  ...(process.env.BENCH_BACKEND_CLI ? [{ label: 'before', cli: process.env.BENCH_BACKEND_CLI }] : []),
  { label: 'this checkout', cli: undefined },
];
const runs = new Map<string, Record<Phase, Sample>[]>(checkouts.map((c) => [c.label, []]));
for (let i = 0; i < RUNS; i++)
  for (const { label, cli } of checkouts) {
    console.error(`run ${i + 1} of ${RUNS}: ${label}${cli ? ` (${cli})` : ''}`);
    runs.get(label)!.push(await run(cli));
  }
console.log(`\nA visitor's read while others load the backend: medians of ${RUNS} runs (min-max), ms`);
console.log('| checkout | phase | read p50 | read p95 | p95 / alone |');
console.log('|---|---|---|---|---|');
for (const [label, results] of runs) {
  const aloneP95 = median(results.map((r) => r.alone.p95));
  for (const phase of ['alone', '16 uploads', '32 flooding'] as Phase[]) {
    const p95 = results.map((r) => r[phase].p95);
    console.log(
      `| ${label} | ${phase} | ${figure(results.map((r) => r[phase].p50))} | ${figure(p95)} | ${(median(p95) / aloneP95).toFixed(2)} |`,
    );
  }
}
