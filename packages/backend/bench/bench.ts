/**
 * `npm run bench -w @snapshire/backend`: throughput and latency of the embedded backend on PGlite and on a
 * throwaway PostgreSQL (when its binaries are installed). The backend runs in its own process (the CLI), so
 * the load generator does not share its event loop. Loopback only; every loop is bounded.
 *
 * Measured per concurrency (1, 4, 16): password sign-in, creating a signed URL (an RLS check as the caller
 * plus signing), a signed render on a cold cache (every request a new transform of a 4000x3000 JPEG) and on a
 * warm one (the same rendition again), and an RLS-filtered GraphQL query as anon.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { rm } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { createClient } from '@supabase/supabase-js';
import pg from 'pg';
import sharp from 'sharp';
import ws from 'ws';
import { deriveKeys } from '../src/config/keys.ts';
import { shouldRunPostgres, startPostgres, type ThrowawayPostgres } from '../testing/postgres.ts';
import { writeTestProject } from '../testing/project.ts';

const CLI = fileURLToPath(new URL('../src/cli.ts', import.meta.url));
const CONCURRENCY = [1, 4, 16];
const PASSWORD = 'bench password 1';

interface Row {
  db: string;
  operation: string;
  concurrency: number;
  requests: number;
  perSecond: number;
  p50: number;
  p95: number;
  errors: number;
}

function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

/** Runs `total` calls of op with `concurrency` workers; op(i) gets a unique index. */
async function measure(
  db: string,
  operation: string,
  concurrency: number,
  total: number,
  op: (i: number) => Promise<void>,
): Promise<Row> {
  const latencies: number[] = [];
  let next = 0;
  let errors = 0;
  let firstError: string | undefined;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < total) {
        const i = next++;
        const t0 = performance.now();
        try {
          await op(i);
          latencies.push(performance.now() - t0);
        } catch (err) {
          errors++;
          firstError ??= (err as Error).message;
        }
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  if (firstError) console.error(`  ${operation} x${concurrency}: ${errors} errors, first: ${firstError}`);
  const row = {
    db,
    operation,
    concurrency,
    requests: total,
    perSecond: latencies.length / seconds,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    errors,
  };
  console.error(
    `  ${db} ${operation} c=${concurrency}: ${row.perSecond.toFixed(1)}/s p50 ${row.p50.toFixed(1)} ms p95 ${row.p95.toFixed(1)} ms`,
  );
  return row;
}

interface Backend {
  url: string;
  dbUrl: string;
  child: ChildProcess;
}

function startCli(env: Record<string, string>): Promise<Backend> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', CLI], {
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`backend did not start in time:\n${out}`));
    }, 180_000);
    const onData = (d: Buffer) => {
      out += d.toString();
      const url = /API URL:\s+(\S+)/.exec(out);
      const db = /database:\s+(\S+)/.exec(out);
      if (url && db) {
        clearTimeout(timer);
        resolve({ url: url[1]!, dbUrl: db[1]!, child });
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`backend exited with ${code}:\n${out}`));
    });
  });
}

async function stopCli(b: Backend): Promise<void> {
  await new Promise<void>((resolve) => {
    b.child.removeAllListeners('exit');
    b.child.once('exit', () => resolve());
    b.child.kill('SIGTERM');
    setTimeout(() => {
      b.child.kill('SIGKILL');
      resolve();
    }, 15_000);
  });
}

async function benchOne(db: string, env: Record<string, string>, projectDir: string): Promise<Row[]> {
  console.error(`starting backend on ${db}...`);
  const backend = await startCli({ ...env, PORT: '0', SUPABASE_PROJECT_DIR: projectDir, SEED: 'false' });
  const rows: Row[] = [];
  try {
    const keys = await deriveKeys();
    const opts = { auth: { persistSession: false, autoRefreshToken: false }, realtime: { transport: ws as never } };
    const admin = createClient(backend.url, keys.serviceRoleKey, opts);
    const email = `bench-${Date.now()}@example.com`;
    const created = await admin.auth.admin.createUser({ email, password: PASSWORD, email_confirm: true });
    if (created.error) throw created.error;
    const user = createClient(backend.url, keys.anonKey, opts);
    const { data: signIn, error } = await user.auth.signInWithPassword({ email, password: PASSWORD });
    if (error) throw error;
    const token = signIn.session!.access_token;
    const userId = signIn.user!.id;

    // A camera-sized photo: 4000x3000 JPEG with some texture, like the product's uploads.
    const noise = Buffer.alloc(400 * 300 * 3);
    for (let i = 0; i < noise.length; i++) noise[i] = (i * 7919) % 251;
    const photo = await sharp(noise, { raw: { width: 400, height: 300, channels: 3 } })
      .resize(4000, 3000)
      .jpeg({ quality: 90 })
      .toBuffer();
    const path = `${userId}/bench.jpg`;
    const up = await user.storage.from('open').upload(path, new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }));
    if (up.error) throw up.error;
    // Rows for the RLS query: half readable by anon.
    const sql = new pg.Client({ connectionString: backend.dbUrl });
    await sql.connect();
    try {
      for (let i = 0; i < 200; i++) {
        await sql.query('insert into public.note (owner, body) values ($1, $2)', [
          userId,
          `${i % 2 ? 'public' : 'private'}:note ${i}`,
        ]);
      }
    } finally {
      await sql.end();
    }

    const storageHeaders = {
      apikey: keys.anonKey,
      authorization: `Bearer ${token}`,
      'content-type': 'application/json',
    };
    const sign = async (transform?: Record<string, number>) => {
      const res = await fetch(`${backend.url}/storage/v1/object/sign/open/${path}`, {
        method: 'POST',
        headers: storageHeaders,
        body: JSON.stringify({ expiresIn: 86_400, ...(transform ? { transform } : {}) }),
      });
      if (!res.ok) throw new Error(`sign ${res.status}`);
      return ((await res.json()) as { signedURL: string }).signedURL;
    };
    const get = async (url: string, expectCache?: string) => {
      const res = await fetch(`${backend.url}/storage/v1${url}`, { headers: { accept: 'image/webp,*/*' } });
      if (!res.ok) throw new Error(`render ${res.status}`);
      await res.arrayBuffer();
      if (expectCache && res.headers.get('x-transform-cache') !== expectCache)
        throw new Error(`expected cache ${expectCache}`);
    };
    const warmUrl = await sign({ width: 1230, height: 923, quality: 60 });
    await get(warmUrl);
    let coldWidth = 300;

    for (const c of CONCURRENCY) {
      rows.push(
        await measure(db, 'sign-in (password)', c, c === 1 ? 20 : 48, async () => {
          const res = await fetch(`${backend.url}/auth/v1/token?grant_type=password`, {
            method: 'POST',
            headers: { apikey: keys.anonKey, 'content-type': 'application/json' },
            body: JSON.stringify({ email, password: PASSWORD }),
          });
          if (!res.ok) throw new Error(`sign-in ${res.status}`);
          await res.arrayBuffer();
        }),
      );
      rows.push(
        await measure(
          db,
          'create signed URL',
          c,
          200,
          async () => void (await sign({ width: 1230, height: 923, quality: 60 })),
        ),
      );
      const coldUrls: string[] = [];
      const coldCount = Math.max(8, c * 2);
      for (let i = 0; i < coldCount; i++) coldUrls.push(await sign({ width: coldWidth++, quality: 60 }));
      rows.push(
        await measure(db, 'signed render, cold (4000x3000 -> ~1230w)', c, coldCount, async (i) =>
          get(coldUrls[i]!, 'MISS'),
        ),
      );
      rows.push(await measure(db, 'signed render, cached', c, 200, async () => get(warmUrl, 'HIT')));
      rows.push(
        await measure(db, 'RLS query as anon (GraphQL, 100 of 200 rows)', c, 200, async () => {
          const res = await fetch(`${backend.url}/graphql/v1`, {
            method: 'POST',
            headers: { apikey: keys.anonKey, 'content-type': 'application/json' },
            body: JSON.stringify({ query: '{ noteCollection(first: 30) { edges { node { id body } } } }' }),
          });
          const body = (await res.json()) as { data?: { noteCollection: { edges: unknown[] } }; errors?: unknown };
          if (!body.data || body.data.noteCollection.edges.length !== 30)
            throw new Error(`graphql: ${JSON.stringify(body).slice(0, 200)}`);
        }),
      );
    }
  } finally {
    await stopCli(backend);
  }
  return rows;
}

function table(rows: Row[]): string {
  const header = ['db', 'operation', 'conc', 'reqs', 'req/s', 'p50 ms', 'p95 ms', 'errors'];
  const body = rows.map((r) => [
    r.db,
    r.operation,
    String(r.concurrency),
    String(r.requests),
    r.perSecond.toFixed(1),
    r.p50.toFixed(1),
    r.p95.toFixed(1),
    String(r.errors),
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...body.map((b) => b[i]!.length)));
  const line = (cells: string[]) =>
    `| ${cells.map((c, i) => (i >= 2 ? c.padStart(widths[i]!) : c.padEnd(widths[i]!))).join(' | ')} |`;
  return [
    line(header),
    `|${widths.map((w, i) => (i >= 2 ? `${'-'.repeat(w + 1)}:` : `${'-'.repeat(w + 2)}`)).join('|')}|`,
    ...body.map(line),
  ].join('\n');
}

const projectDir = await writeTestProject();
const rows: Row[] = [];
let cluster: ThrowawayPostgres | undefined;
try {
  rows.push(...(await benchOne('PGlite', {}, projectDir)));
  if (shouldRunPostgres()) {
    cluster = await startPostgres();
    rows.push(...(await benchOne('PostgreSQL 15', { DATABASE_URL: await cluster.createDatabase() }, projectDir)));
  } else {
    console.error('PostgreSQL binaries not found: PostgreSQL rows skipped.');
  }
} finally {
  await cluster?.stop();
  await rm(projectDir, { recursive: true, force: true });
}
console.log(table(rows));
