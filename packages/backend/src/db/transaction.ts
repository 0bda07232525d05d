import type pg from 'pg';
import type { Engine } from './engine.ts';
import { FairShare } from './fair-share.ts';
import { beginTransactionSql } from './transaction-setup.ts';
import type { Caller, QueryResult, SqlClient } from './types.ts';
import type { WriteFence } from './write-fence.ts';

/** A transaction's statement ran past its role's statement_timeout (SQLSTATE 57014, as PostgreSQL says it). */
export class StatementTimeoutError extends Error {
  readonly code = '57014';
  constructor() {
    super('canceling statement due to statement timeout');
    this.name = 'StatementTimeoutError';
  }
}

/** Who a transaction runs as (absent: the database owner), and its statement_timeout (absent or 0: none). */
export interface TransactionSetup {
  caller?: Caller;
  timeoutMs?: number;
}

export type RunTransaction = <T>(
  fairShareKey: string,
  setup: TransactionSetup,
  fn: (sql: SqlClient) => Promise<T>,
) => Promise<T>;

export function toSqlClient(client: pg.PoolClient | pg.Pool): SqlClient {
  return {
    async query<Row>(text: string, params?: unknown[]): Promise<QueryResult<Row>> {
      const res = await client.query(text, params as unknown[] | undefined);
      return { rows: res.rows as Row[], rowCount: res.rowCount };
    },
  };
}

/**
 * Runs transactions on `engine`, each in its caller's turn (fair-share.ts): opened and set up in one round
 * trip (transaction-setup.ts), committed when fn resolves, rolled back when it throws. A transaction merely
 * queued behind a runaway statement whose PGlite worker was restarted (not yet committing) runs again on the
 * new worker.
 */
export function transactions(engine: Engine, fence: WriteFence, isClosed: () => boolean): RunTransaction {
  const share = new FairShare(engine.slots);

  async function once<T>(
    begin: string,
    timeoutMs: number,
    fn: (sql: SqlClient) => Promise<T>,
    retried: boolean,
  ): Promise<T> {
    if (engine.restarting) await engine.restarting;
    fence.assertWritable();
    if (isClosed()) throw new Error('The database is closed');
    const startedIn = engine.generation;
    const retry = (): boolean => engine.generation !== startedIn && !retried && !fence.lost;
    let client: pg.PoolClient;
    try {
      client = await engine.pool.connect();
    } catch (err) {
      // A connection still in its handshake when a runaway statement's worker was replaced.
      if (retry()) return once(begin, timeoutMs, fn, true);
      throw err;
    }
    let broken = false;
    // A connection that dies mid-transaction (a restarted PGlite worker) fails its query; without a listener
    // its 'error' event would crash the process.
    const onConnectionError = (): void => {
      broken = true;
    };
    client.on('error', onConnectionError);
    let committing = false;
    const watch = timeoutMs ? engine.watchStatements(client, timeoutMs) : undefined;
    let failure: unknown;
    try {
      await client.query(begin);
      const result = await fn(toSqlClient(client));
      fence.assertWritable();
      committing = true;
      await client.query('commit');
      return result;
    } catch (err) {
      failure = err;
      try {
        await client.query('rollback');
      } catch {
        broken = true;
      }
    } finally {
      watch?.end();
      client.off('error', onConnectionError);
      client.release(broken);
    }
    if (watch?.timedOut) throw new StatementTimeoutError();
    // Only queued behind a runaway statement whose worker was replaced: nothing of it was committed.
    if (!committing && retry()) return once(begin, timeoutMs, fn, true);
    throw failure;
  }

  return (key, setup, fn) =>
    share.run(key, async () => once(beginTransactionSql(setup), setup.timeoutMs || 0, fn, false));
}
