import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type OpenedDatabase } from '../db/index.ts';
import { PGLITE_IDLE_HOLD_MS } from '../db/open.ts';

describe('the PGlite socket', () => {
  let db: OpenedDatabase;
  beforeAll(async () => {
    db = await openDatabase({ log: () => {} });
  });
  afterAll(async () => db?.close());

  it('disconnects a client that holds a transaction open and idle while others wait', async () => {
    const idle = new pg.Client({ connectionString: db.url });
    const ended = new Promise<string>((resolve) => idle.on('error', (err) => resolve(err.message)));
    await idle.connect();
    await idle.query('begin');
    await idle.query('create temporary table held (x int)');
    const started = performance.now();
    const { rows } = await db.query<{ x: number }>('select 1 as x');
    const waited = performance.now() - started;
    expect(rows[0]!.x).toBe(1);
    expect(await ended).toMatch(/terminated/);
    expect(waited).toBeGreaterThanOrEqual(PGLITE_IDLE_HOLD_MS - 100);
    console.log(`[pglite-socket] a request behind an idle transaction answered after ${waited.toFixed(0)} ms`);
  }, 30_000);
});
