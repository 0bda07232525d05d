/**
 * Realtime benchmark (not a test): `npm run bench:realtime -w @snapshire/backend [-- --engines pglite,postgres
 * --changes 30]`.
 *
 * The backend runs in a child process (bench/realtime-server.ts) with the realtime test tables; this process
 * opens 1, 10 and 100 supabase-js clients (one websocket each) subscribed to INSERTs on public.message, inserts
 * rows one at a time over the database URL and times each insert until its change has arrived at every socket.
 * Subscribers are either all anon (one audience: one check per change) or each a different user (one check
 * per socket per change, all in one database call). Prints min / median / p95 of the time to the last socket
 * and of every single arrival, and the backend's RSS and heap before and with 100 open sockets. Bounded: each
 * cell waits at most 10 s for a change, and the run stops after its cells.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { parseArgs } from 'node:util';
import type { SupabaseClient } from '@supabase/supabase-js';
import pg from 'pg';
import { realtimeClient, subscribe, newHeard, userToken } from '../testing/realtime.ts';

const { values } = parseArgs({
  options: { engines: { type: 'string', default: 'pglite' }, changes: { type: 'string', default: '30' } },
});
const CHANGES = Number(values.changes);
const WARMUP = 3;
const SOCKETS = [1, 10, 100];
const ARRIVAL_TIMEOUT_MS = 10_000;

interface Ready {
  url: string;
  anonKey: string;
  serviceRoleKey: string;
  dbUrl: string;
}
interface Memory {
  rss: number;
  heapUsed: number;
  heapTotal: number;
  external: number;
}

function request<T>(child: ChildProcess, type: string, answer: string): Promise<T> {
  return new Promise((resolve) => {
    const onMessage = (m: { type: string }) => {
      if (m.type !== answer) return;
      child.off('message', onMessage);
      resolve(m as T);
    };
    child.on('message', onMessage);
    if (type) child.send({ type });
  });
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
const stats = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return `min ${s[0]!.toFixed(1)}  median ${percentile(s, 50).toFixed(1)}  p95 ${percentile(s, 95).toFixed(1)} ms`;
};
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

async function cell(
  backend: Ready,
  db: pg.Client,
  sockets: number,
  audience: 'anon' | 'users',
  cellName: string,
): Promise<{ toLast: number[]; each: number[]; clients: SupabaseClient[] }> {
  const clients: SupabaseClient[] = [];
  const arrivals: number[][] = [];
  for (let i = 0; i < sockets; i++) {
    const token =
      audience === 'users' ? await userToken(`00000000-0000-4000-8000-${String(i + 1).padStart(12, '0')}`) : undefined;
    const client = realtimeClient(backend, { token });
    clients.push(client);
    const mine: number[] = [];
    arrivals.push(mine);
    const channel = client
      .channel(`bench-${cellName}`)
      // Room 1 is the one everyone may read (testing/realtime.ts).
      .on('postgres_changes', { event: 'INSERT', schema: 'public', table: 'message', filter: 'room=eq.1' }, () =>
        mine.push(performance.now()),
      );
    await subscribe(channel, newHeard());
  }
  const toLast: number[] = [];
  const each: number[] = [];
  for (let n = 0; n < WARMUP + CHANGES; n++) {
    const before = arrivals.map((a) => a.length);
    const started = performance.now();
    await db.query('insert into public.message (room, body) values (1, $1)', [`${cellName} change ${n}`]);
    const deadline = started + ARRIVAL_TIMEOUT_MS;
    while (arrivals.some((a, i) => a.length === before[i])) {
      if (performance.now() > deadline) throw new Error(`change ${n} did not reach all ${sockets} sockets`);
      await new Promise((r) => setTimeout(r, 1));
    }
    if (n < WARMUP) continue;
    const times = arrivals.map((a, i) => a[before[i]!]! - started);
    toLast.push(Math.max(...times));
    each.push(...times);
  }
  // Each change once, no more.
  await new Promise((r) => setTimeout(r, 200));
  const extra = arrivals.filter((a) => a.length !== WARMUP + CHANGES).length;
  if (extra) throw new Error(`${extra} sockets heard a change more than once`);
  return { toLast, each, clients };
}

for (const engine of values.engines.split(',').map((e) => e.trim())) {
  const child = fork(new URL('./realtime-server.ts', import.meta.url), [engine], {
    execArgv: ['--import', 'tsx', '--expose-gc'],
    stdio: 'inherit',
  });
  const backend = await request<Ready>(child, '', 'ready');
  const db = new pg.Client({ connectionString: backend.dbUrl });
  await db.connect();
  console.log(`\n${engine}: ${CHANGES} changes per cell (after ${WARMUP} to warm up), time from insert to arrival`);
  try {
    const idle = await request<Memory>(child, 'memory', 'memory');
    for (const audience of ['anon', 'users'] as const) {
      for (const sockets of SOCKETS) {
        if (audience === 'users' && sockets === 1) continue;
        const result = await cell(backend, db, sockets, audience, `${audience}-${sockets}`);
        const label = `${String(sockets).padStart(3)} sockets, ${audience === 'anon' ? 'all anon (1 audience)   ' : `${sockets} users (${sockets} audiences)`.padEnd(24)}`;
        console.log(`${label}  to the last socket: ${stats(result.toLast)}   each arrival: ${stats(result.each)}`);
        if (sockets === 100) {
          const open = await request<Memory>(child, 'memory', 'memory');
          console.log(
            `    backend memory: idle RSS ${mb(idle.rss)}, heap ${mb(idle.heapUsed)}; with 100 sockets open RSS ${mb(open.rss)}, heap ${mb(open.heapUsed)} (heap total ${mb(open.heapTotal)})`,
          );
        }
        await Promise.all(result.clients.map((c) => c.removeAllChannels()));
      }
    }
  } finally {
    await db.end();
    child.send({ type: 'stop' });
    const exited = new Promise((r) => child.once('exit', r));
    const late = setTimeout(() => child.kill('SIGKILL'), 30_000);
    await exited;
    clearTimeout(late);
  }
}
