import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { shouldRunPostgres, startPostgres, type ThrowawayPostgres } from '../../testing/postgres.ts';
import { openDatabase, type OpenedDatabase, type OpenDatabaseOptions } from '../../src/db/index.ts';

/**
 * Every request is one transaction around (usually) one statement, so each round trip the transaction adds is
 * paid on every request: its setup (begin, statement_timeout, role, claims) must take one, its end one.
 */
function defineRoundTrips(engine: string, open: (options: OpenDatabaseOptions) => Promise<OpenedDatabase>): void {
  describe(`round trips of a transaction on ${engine}`, () => {
    let db: OpenedDatabase;
    let sent: string[] = [];
    beforeAll(async () => {
      db = await open({ statementTimeouts: { anon: 3_000, authenticated: 8_000 } });
      for (const role of ['anon', 'authenticated']) {
        await db.query(`do $$ begin create role ${role} nologin; exception when duplicate_object then null; end $$`);
        await db.query(`grant ${role} to current_user`);
      }
    });
    afterAll(async () => db?.close());
    /** Records the text of every query any pg client sends, from now until the test ends. */
    const record = (): void => {
      sent = [];
      const query = pg.Client.prototype.query as (...args: unknown[]) => unknown;
      vi.spyOn(pg.Client.prototype, 'query').mockImplementation(function (this: pg.Client, ...args: unknown[]) {
        const [text] = args;
        sent.push(typeof text === 'string' ? text : String((text as { text?: string }).text));
        return query.apply(this, args);
      } as never);
    };
    afterEach(() => vi.restoreAllMocks());

    it('sets up a caller transaction (begin, statement_timeout, role, claims) in one round trip', async () => {
      const sub = '00000000-0000-0000-0000-000000000007';
      const caller = {
        role: 'authenticated',
        claims: { sub, role: 'authenticated', email: "o'brien@example.com" },
      } as const;
      record();
      const row = await db.asCaller(caller, async (sql) => {
        const { rows } = await sql.query<Record<string, string>>(
          `select current_user::text as role, current_setting('statement_timeout') as timeout,
             current_setting('request.jwt.claims') as claims, current_setting('request.jwt.claim.sub') as sub,
             current_setting('request.jwt.claim.email') as email, current_setting('request.jwt.claim.role') as claim_role`,
        );
        return rows[0];
      });
      expect(sent).toHaveLength(3);
      expect(sent[2]).toBe('commit');
      expect(row).toEqual({
        role: 'authenticated',
        timeout: '8s',
        claims: JSON.stringify({ sub, role: 'authenticated', email: "o'brien@example.com" }),
        sub,
        email: "o'brien@example.com",
        claim_role: 'authenticated',
      });
      // Local to the transaction: nothing of it is left on the connection.
      const after = await db.query<{ role: string; claims: string }>(
        `select current_user::text as role, coalesce(current_setting('request.jwt.claims', true), '') as claims`,
      );
      expect(after.rows[0]?.role).not.toBe('authenticated');
      expect(after.rows[0]?.claims).toBe('');
    });

    it('sets up an owner transaction with a statement_timeout in one round trip', async () => {
      record();
      const timeout = await db.asOwner(
        async (sql) => (await sql.query<{ t: string }>(`select current_setting('statement_timeout') as t`)).rows[0]?.t,
        { statementTimeoutMs: 1_500 },
      );
      expect(timeout).toBe('1500ms');
      expect(sent).toHaveLength(3);
    });

    it('lets a transaction choose its isolation level as its first statement', async () => {
      const caller = { role: 'authenticated', claims: { sub: 'x', role: 'authenticated' } } as const;
      const levels = await Promise.all([
        db.asCaller(caller, async (sql) => {
          await sql.query('set transaction isolation level repeatable read');
          return (await sql.query<{ l: string }>(`select current_setting('transaction_isolation') as l`)).rows[0]?.l;
        }),
        db.asOwner(
          async (sql) => {
            await sql.query('set transaction isolation level serializable');
            return (await sql.query<{ l: string }>(`select current_setting('transaction_isolation') as l`)).rows[0]?.l;
          },
          { statementTimeoutMs: 1_000 },
        ),
      ]);
      expect(levels).toEqual(['repeatable read', 'serializable']);
    });

    it('refuses claims that could not be sent as text', async () => {
      const caller = { role: 'authenticated', claims: { sub: 'a\u0000b', role: 'authenticated' } } as const;
      await expect(db.asCaller(caller, (sql) => sql.query('select 1'))).rejects.toThrow();
      // The connection is fine for the next request.
      const ok = await db.asCaller({ role: 'anon', claims: { role: 'anon' } }, (sql) =>
        sql.query<{ n: number }>('select 1 as n'),
      );
      expect(ok.rows[0]?.n).toBe(1);
    });
  });
}

defineRoundTrips('PGlite', (options) => openDatabase(options));

if (shouldRunPostgres()) {
  let cluster: ThrowawayPostgres | undefined;
  afterAll(async () => {
    await cluster?.stop();
  });
  defineRoundTrips('PostgreSQL', async (options) => {
    cluster ??= await startPostgres();
    return openDatabase({ ...options, databaseUrl: await cluster.createDatabase() });
  });
}
