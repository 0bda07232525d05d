import { readFile } from 'node:fs/promises';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type OpenedDatabase } from '../../src/db/index.ts';

// pglite-socket multiplexes many wire connections onto one PGlite session. These prove that concurrent
// clients never see each other's half-finished extended-protocol sequences or transactions.
describe('PGlite served to many connections at once', () => {
  let db: OpenedDatabase;
  beforeAll(async () => {
    db = await openDatabase({});
    const platform = await readFile(new URL('../../src/db/platform.sql', import.meta.url), 'utf8');
    await db.asOwner((sql) => sql.query(platform));
  }, 60_000);
  afterAll(async () => {
    await db?.close();
  });

  it('answers 300 parallel parameterised statements from 10 connections, each with its own value', async () => {
    // Large parameters arrive in several TCP chunks, as a storage upload's metadata or a seed's rows do.
    const values = Array.from({ length: 300 }, (_, i) => i);
    const padding = 'x'.repeat(256 * 1024);
    const rows = await Promise.all(
      values.map((i) =>
        db.query<{ v: number; t: string }>('select $1::int as v, left($2::text, 12) as t', [
          i,
          `row-${String(i).padStart(4, '0')}-${padding}`,
        ]),
      ),
    );
    expect(rows.map((r) => [r.rows[0]?.v, r.rows[0]?.t])).toEqual(
      values.map((i) => [i, `row-${String(i).padStart(4, '0')}-xxx`]),
    );
  });

  it('keeps each caller transaction to its own role and claims under load', async () => {
    const callers = Array.from({ length: 60 }, (_, i) => ({
      role: (i % 2 ? 'authenticated' : 'anon') as 'authenticated' | 'anon',
      claims: { sub: `00000000-0000-0000-0000-${String(i).padStart(12, '0')}`, role: i % 2 ? 'authenticated' : 'anon' },
    }));
    const seen = await Promise.all(
      callers.map((caller) =>
        db.asCaller(caller, async (sql) => {
          const a = await sql.query<{ r: string }>('select current_user::text as r');
          const b = await sql.query<{ s: string }>('select auth.uid()::text as s');
          return [a.rows[0]?.r, b.rows[0]?.s];
        }),
      ),
    );
    expect(seen).toEqual(callers.map((c) => [c.role, c.claims.sub]));
  });

  it('keeps serving after a failing statement and after a client dies inside a transaction', async () => {
    // Failing and succeeding statements interleaved: an error must not swallow another connection's messages.
    const mixed = await Promise.allSettled(
      Array.from({ length: 200 }, (_, i) =>
        i % 2
          ? db.query('select 1/($1::int - $1::int) as v', [i])
          : db.query<{ v: number }>('select $1::int as v', [i]),
      ),
    );
    mixed.forEach((result, i) => {
      if (i % 2) expect(result.status === 'rejected' && (result.reason as Error).message).toBe('division by zero');
      else expect(result.status === 'fulfilled' && result.value.rows[0]?.v).toBe(i);
    });

    const client = new pg.Client({ connectionString: db.url });
    client.on('error', () => {});
    await client.connect();
    await client.query('begin');
    await client.query('select 1');
    // Killed mid-transaction: the server must roll it back and serve the others.
    (client as unknown as { connection: { stream: { destroy(): void } } }).connection.stream.destroy();

    const after = await Promise.all(
      Array.from({ length: 20 }, (_, i) => db.query<{ v: number }>('select $1::int as v', [i])),
    );
    expect(after.map((r) => r.rows[0]?.v)).toEqual(Array.from({ length: 20 }, (_, i) => i));
  }, 30_000);
});
