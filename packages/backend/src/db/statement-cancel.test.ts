import { performance } from 'node:perf_hooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, StatementPreemptedError, StatementTimeoutError, type OpenedDatabase } from './index.ts';
import { PGLITE_CONTENDED_HOLD_MS } from './open.ts';

const anon = { role: 'anon', claims: { role: 'anon' } } as const;
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

// PGlite's engine cannot time out a statement by itself; these prove the watchdog of open.ts does, by
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

  it('cancels a statement that holds the engine while another request waits, and answers that one', async () => {
    const slow = timed(() =>
      db.asCaller({ role: 'authenticated', claims: { role: 'authenticated' } }, (sql) =>
        sql.query('select count(*) from generate_series(1, 1e10)'),
      ),
    );
    await new Promise((r) => setTimeout(r, 100));
    const probe = await timed(() => db.asCaller(anon, (sql) => sql.query('select count(*) from kept')));
    expect(probe.error).toBeUndefined();
    const { error } = await slow;
    expect(error).toBeInstanceOf(StatementPreemptedError);
    expect(probe.ms).toBeLessThan(1000);
    console.log(
      `[statement-cancel] a waiting request answered in ${probe.ms.toFixed(0)} ms (hold ${PGLITE_CONTENDED_HOLD_MS} ms)`,
    );
  });

  it('restarts the engine on the same files when a statement does not notice the cancel, losing no commit', async () => {
    await db.query('insert into kept values (1)');
    // One long sleep checks for interrupts only when it ends.
    const runaway = timed(() => db.asCaller(anon, (sql) => sql.query('select pg_sleep(30)')));
    await new Promise((r) => setTimeout(r, 100));
    const queued = timed(() => db.asOwner((sql) => sql.query('insert into kept values (2)')));
    const [{ ms, error }, queuedAnswer] = await Promise.all([runaway, queued]);
    expect(error).toBeInstanceOf(StatementPreemptedError);
    expect(queuedAnswer.error).toBeUndefined();
    expect(ms).toBeLessThan(10_000);
    expect(logged.some((m) => m.includes('restarted'))).toBe(true);
    const { rows } = await db.query<{ n: number }>('select n from kept order by n');
    expect(rows.map((r) => r.n)).toEqual([1, 2]);
    console.log(
      `[statement-cancel] uncancellable statement ended by a restart after ${ms.toFixed(0)} ms; ${logged.filter((m) => m.includes('restarted')).join('; ')}`,
    );
  });
});
