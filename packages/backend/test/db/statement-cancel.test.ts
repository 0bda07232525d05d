import { performance } from 'node:perf_hooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fromSource } from '../../src/db/fair-share.ts';
import { openDatabase, StatementTimeoutError, type OpenedDatabase } from '../../src/db/index.ts';

const anon = { role: 'anon', claims: { role: 'anon' } } as const;
const authenticated = (sub: string) => ({ role: 'authenticated', claims: { role: 'authenticated', sub } }) as const;
const TIMEOUT_MS = 600;

/** Runs fn and resolves with how long it took and what it threw (undefined when it did not throw). */
async function timed(fn: () => Promise<unknown>): Promise<{ ms: number; error: unknown }> {
  const started = performance.now();
  try {
    await fn();
    return { ms: performance.now() - started, error: undefined };
  } catch (error) {
    return { ms: performance.now() - started, error };
  }
}

// PGlite's engine cannot time out a statement by itself; these prove the watchdog (pglite-watchdog.ts) does, by
// raising PostgreSQL's cancel flag in the running engine, and by restarting the worker when that is not enough.
describe('cancelling a statement on PGlite', () => {
  let db: OpenedDatabase;
  const logged: string[] = [];
  beforeAll(async () => {
    db = await openDatabase({
      statementTimeouts: { anon: TIMEOUT_MS, authenticated: 60_000 },
      log: (m) => logged.push(m),
    });
    for (const role of ['anon', 'authenticated']) await db.query(`create role ${role} nologin`);
    await db.query('create table kept (n int)');
    await db.query('grant select on kept to anon, authenticated');
  });
  afterAll(async () => db?.close());

  it('cancels a CPU-bound statement at its statement_timeout without restarting the engine', async () => {
    const { ms, error } = await timed(() =>
      db.asCaller(anon, (sql) => sql.query('select count(*) from generate_series(1, 1e10)')),
    );
    expect(error).toBeInstanceOf(StatementTimeoutError);
    expect(ms).toBeGreaterThanOrEqual(TIMEOUT_MS);
    expect(logged.filter((m) => m.includes('restarted'))).toEqual([]);
    console.log(
      `[statement-cancel] CPU-bound statement cancelled after ${ms.toFixed(0)} ms (timeout ${TIMEOUT_MS} ms)`,
    );
  });

  it('lets a statement that holds the engine while another request waits run to its end: only its timeout cancels it', async () => {
    const loggedBefore = logged.length;
    // Longer than PGlite's engine was once allowed to be held while others waited (400 ms), well under the timeout.
    const slow = timed(() => db.asCaller(authenticated('slow'), (sql) => sql.query('select pg_sleep(0.8)')));
    await new Promise((r) => setTimeout(r, 100));
    const probe = await timed(() => db.asCaller(anon, (sql) => sql.query('select count(*) from kept')));
    const { error, ms } = await slow;
    expect(error).toBeUndefined();
    expect(probe.error).toBeUndefined();
    expect(logged.slice(loggedBefore).filter((m) => m.includes('cancelled'))).toEqual([]);
    console.log(
      `[statement-cancel] an 800 ms statement ran to its end in ${ms.toFixed(0)} ms; the request behind it waited ${probe.ms.toFixed(0)} ms`,
    );
  });

  it("answers another caller's request next, not behind one caller's flood of 32", async () => {
    const finished: string[] = [];
    const flood = Array.from({ length: 32 }, (_, i) =>
      fromSource('10.0.0.1', () =>
        db.asCaller(anon, (sql) => sql.query('select pg_sleep(0.01)')).then(() => finished.push(`flood ${i}`)),
      ),
    );
    await new Promise((r) => setTimeout(r, 20));
    const finishedBefore = finished.length;
    const probe = await timed(() =>
      db
        .asCaller(authenticated('visitor'), (sql) => sql.query('select count(*) from kept'))
        .then(() => finished.push('probe')),
    );
    await Promise.all(flood);
    expect(probe.error).toBeUndefined();
    // After the flood's transaction under way when the visitor came and the flood's next turn: never the whole flood.
    expect(finished.indexOf('probe')).toBeLessThanOrEqual(finishedBefore + 2);
    console.log(
      `[statement-cancel] behind a flood of 32, another caller was answered in ${probe.ms.toFixed(0)} ms (${finished.indexOf('probe') - finishedBefore} of the flood first after it asked)`,
    );
  });

  it('restarts the engine on the same files when a statement does not notice the cancel, losing no commit', async () => {
    await db.query('insert into kept values (1)');
    // One long sleep checks for interrupts only when it ends.
    const runaway = timed(() => db.asCaller(anon, (sql) => sql.query('select pg_sleep(30)')));
    await new Promise((r) => setTimeout(r, 100));
    const queued = timed(() => db.asOwner((sql) => sql.query('insert into kept values (2)')));
    const [{ ms, error }, queuedAnswer] = await Promise.all([runaway, queued]);
    expect(error).toBeInstanceOf(StatementTimeoutError);
    expect(queuedAnswer.error).toBeUndefined();
    // Ended by the restart, not by its own 30 s sleep (the order of the two, whatever the machine's speed).
    expect(ms).toBeLessThan(30_000);
    expect(logged.some((m) => m.includes('restarted'))).toBe(true);
    const { rows } = await db.query<{ n: number }>('select n from kept order by n');
    expect(rows.map((r) => r.n)).toEqual([1, 2]);
    console.log(
      `[statement-cancel] uncancellable statement ended by a restart after ${ms.toFixed(0)} ms; ${logged.filter((m) => m.includes('restarted')).join('; ')}`,
    );
  });
});
