import type { DataDirLockLostError } from './data-dir-lock.ts';
import type { Engine } from './engine.ts';
import { fairShareKey } from './fair-share.ts';
import { openPgliteEngine } from './pglite-engine.ts';
import { openPostgresEngine } from './postgres-engine.ts';
import { toSqlClient, transactions } from './transaction.ts';
import type { Caller, Database, SqlClient } from './types.ts';
import { openWriteFence } from './write-fence.ts';

export interface OpenDatabaseOptions {
  /** Folder that holds the database (PGlite under `<dataDir>/db`); undefined = in-memory PGlite. Locked. */
  dataDir?: string;
  /** A real PostgreSQL (postgres://...). When set, PGlite is not started; dataDir is still locked if given. */
  databaseUrl?: string;
  /** Pool size (default 10). PGlite runs one query at a time anyway; the pool lets transactions queue. */
  maxConnections?: number;
  /** In-memory PGlite only: start from this dumped data directory (a tarball from dumpDataDir()). */
  loadDataDir?: Uint8Array;
  /**
   * statement_timeout (ms) of every request transaction per API role, as Supabase sets it on its roles
   * (anon 3 s, authenticated 8 s). Absent or 0 = none.
   */
  statementTimeouts?: Partial<Record<Caller['role'], number>>;
  /**
   * Called once if the data directory's lock is lost (another backend took it over after this one was
   * paused): the database is already fenced (no further writes); the caller must stop the process.
   */
  onLockLost?: (err: DataDirLockLostError) => void;
  log?: (message: string) => void;
}

/** The database plus what only the backend's owner code needs. */
export interface OpenedDatabase extends Database {
  /** postgres:// URL of the database (the pglite-socket, or databaseUrl): SUPABASE_DB_URL for functions. */
  url: string;
  /** 'pglite' or 'postgres'. */
  kind: 'pglite' | 'postgres';
  /** One autocommit statement as the owner (no surrounding transaction): seeds, bookkeeping. */
  query: SqlClient['query'];
  /** PGlite only: the whole data directory as a tarball (a template for fast in-memory starts). */
  dumpDataDir(): Promise<Uint8Array>;
  /**
   * Calls `onNotification` with the payload of every NOTIFY on `channel` that any session commits, in commit
   * order, until the returned function stops it. `onGap` is called when notifications may have been lost
   * (the listening connection broke and was made again, a PGlite worker was restarted).
   */
  listen(channel: string, onNotification: (payload: string) => void, onGap?: () => void): Promise<() => Promise<void>>;
  /** Throws unless this process may still write to its data directory (call before writing stored files). */
  assertWritable(): void;
}

export { DataDirLockedError, DataDirLockLostError, lockDataDir } from './data-dir-lock.ts';
export { StatementTimeoutError } from './transaction.ts';
export { API_ROLES, callerSettings } from './transaction-setup.ts';

/**
 * Opens the backend's database: PGlite (in `<dataDir>/db`, or in a private temporary folder when no dataDir
 * is given; pglite-engine.ts) or the PostgreSQL at databaseUrl (postgres-engine.ts), behind the write fence of
 * the data directory's lock (write-fence.ts). Either way it is reached through one `pg` pool, so every query
 * takes the same code path, and every request is one transaction (transaction.ts) with its role's
 * statement_timeout, which PostgreSQL enforces itself and PGlite's statement watchdog for it.
 */
export async function openDatabase(options: OpenDatabaseOptions = {}): Promise<OpenedDatabase> {
  const maxConnections = options.maxConnections ?? 10;
  const log = options.log ?? ((message: string) => console.error(`[backend] ${message}`));
  const fence = openWriteFence(options.dataDir, options.onLockLost);
  let engine: Engine;
  try {
    engine = options.databaseUrl
      ? openPostgresEngine(options.databaseUrl, maxConnections, log)
      : await openPgliteEngine({ dataDir: options.dataDir, loadDataDir: options.loadDataDir, maxConnections, log });
  } catch (err) {
    await fence.release();
    throw err;
  }
  fence.onFence(() => engine.fence());
  try {
    await engine.pool.query('select 1');
  } catch (err) {
    await engine.close();
    await fence.release();
    throw new Error(`Cannot connect to the database at ${redact(engine.url)}: ${(err as Error).message}`, {
      cause: err,
    });
  }

  let closed = false;
  const transaction = transactions(engine, fence, () => closed);
  const timeouts = options.statementTimeouts ?? {};
  return {
    url: engine.url,
    kind: engine.kind,
    query: async (text, params) => {
      if (engine.restarting) await engine.restarting;
      fence.assertWritable();
      return toSqlClient(engine.pool).query(text, params);
    },
    dumpDataDir: () => engine.dump(),
    assertWritable: () => fence.assertWritable(),
    asOwner: (fn, opts) => transaction(fairShareKey('owner'), { timeoutMs: opts?.statementTimeoutMs }, fn),
    asCaller: (caller, fn) => transaction(fairShareKey(caller), { caller, timeoutMs: timeouts[caller.role] }, fn),
    listen: (channel, onNotification, onGap) => engine.listen(channel, onNotification, onGap),
    async close() {
      if (closed) return;
      closed = true;
      await engine.close();
      await fence.release();
    },
  };
}

function redact(url: string): string {
  return url.replace(/:\/\/([^:@/]+):[^@/]*@/, '://$1:***@');
}
