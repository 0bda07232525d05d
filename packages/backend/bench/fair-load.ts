/**
 * `npm run bench:fair -w @snapshire/backend`: does one caller's load slow everyone else's reads? A visitor
 * reads the groups list (GraphQL, anonymous, from 127.0.0.1) one request after another, alone, while a
 * member posts 16 photos at a time through handle-post-create, and while 32 anonymous clients from another
 * address (127.0.0.2) repeat a small query the cost limit allows. Prints the visitor's p50 and p95 per
 * phase, medians of RUNS runs with min-max. Target (issue 27): p95 under load <= 2x alone.
 *
 * BENCH_BACKEND_CLI=<checkout>/packages/backend/src/cli.ts also measures another checkout (before a change),
 * its runs alternating with this one's.
 */
import { request } from 'node:http';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { SAMPLE_ACCOUNTS } from '../../../supabase/seed/accounts.ts';
import { SEED_GROUPS } from '../../../supabase/seed/ids.ts';
import { startBackendProcess, stopBackendProcess } from '../testing/processes.ts';

const RUNS = Number(process.env.RUNS || 3);
const PHASE_MS = Number(process.env.PHASE_MS || 8_000);
const UPLOADERS = 16;
const FLOODERS = 32;
const VISITOR_QUERY = '{ groupCollection(first: 20) { edges { node { id display_name description } } } }';
const FLOOD_QUERY = '{ categoryCollection(first: 1) { edges { node { id } } } }';

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

/** A GraphQL POST as anon from `localAddress` (node:http: fetch cannot choose the client's address). */
function graphql(url: string, anonKey: string, query: string, localAddress: string): Promise<void> {
  const body = JSON.stringify({ query });
  return new Promise((resolve, reject) => {
    const req = request(
      `${url}/graphql/v1`,
      {
        method: 'POST',
        localAddress,
        agent: false,
        headers: { apikey: anonKey, 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body) },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString();
          if (res.statusCode !== 200 || text.includes('"errors"'))
            reject(new Error(`${res.statusCode} ${text.slice(0, 200)}`));
          else resolve();
        });
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

async function signIn(url: string, anonKey: string): Promise<string> {
  const response = await fetch(`${url}/auth/v1/token?grant_type=password`, {
    method: 'POST',
    headers: { apikey: anonKey, 'Content-Type': 'application/json' },
    body: JSON.stringify(SAMPLE_ACCOUNTS.ada),
  });
  const body = (await response.json()) as { access_token?: string };
  if (!body.access_token) throw new Error(`sign-in failed: ${response.status}`);
  return body.access_token;
}

/** A phone-sized photo (about 1 MB: noise does not compress). */
async function photo(): Promise<Uint8Array<ArrayBuffer>> {
  const width = 1600;
  const height = 1200;
  const noise = Buffer.alloc(width * height * 3);
  for (let i = 0; i < noise.length; i++) noise[i] = (i * 2654435761) >>> 24;
  return new Uint8Array(
    await sharp(noise, { raw: { width, height, channels: 3 } })
      .jpeg({ quality: 85 })
      .toBuffer(),
  );
}

async function run(cli: string | undefined): Promise<Record<Phase, Sample>> {
  const dataDir = await mkdtemp(join(tmpdir(), 'snapshire-fair-bench-'));
  const backend = await startBackendProcess({ DATA_DIR: dataDir, RATE_LIMIT_SIGN_IN_SIGN_UPS: '1000' }, cli);
  const { url, anonKey } = backend;
  try {
    const token = await signIn(url, anonKey);
    const jpeg = await photo();
    const result = {} as Record<Phase, Sample>;
    for (const phase of ['alone', '16 uploads', '32 flooding'] as Phase[]) {
      let stop = false;
      let loadErrors = 0;
      const load: Promise<void>[] = [];
      if (phase === '16 uploads')
        for (let i = 0; i < UPLOADERS; i++)
          load.push(
            (async () => {
              while (!stop) {
                const form = new FormData();
                form.append('file', new Blob([jpeg], { type: 'image/jpeg' }), 'bench.jpg');
                form.append('groupId', SEED_GROUPS.family);
                form.append('photoType', 'DIGITAL');
                form.append('width', '1600');
                form.append('height', '1200');
                const response = await fetch(`${url}/functions/v1/handle-post-create`, {
                  method: 'POST',
                  headers: { apikey: anonKey, Authorization: `Bearer ${token}` },
                  body: form,
                });
                if (!response.ok) loadErrors++;
                await response.arrayBuffer();
              }
            })(),
          );
      if (phase === '32 flooding')
        for (let i = 0; i < FLOODERS; i++)
          load.push(
            (async () => {
              while (!stop) await graphql(url, anonKey, FLOOD_QUERY, '127.0.0.2').catch(() => void loadErrors++);
            })(),
          );
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
      stop = true;
      await Promise.all(load);
      latencies.sort((a, b) => a - b);
      result[phase] = { p50: percentile(latencies, 50), p95: percentile(latencies, 95), n: latencies.length, errors };
      console.error(
        `  ${phase}: p50 ${result[phase].p50.toFixed(0)} ms, p95 ${result[phase].p95.toFixed(0)} ms (${latencies.length} reads, ${errors} failed; ${loadErrors} of the load failed)`,
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
