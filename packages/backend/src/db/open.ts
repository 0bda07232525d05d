import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import pg from 'pg';
import lockfile from 'proper-lockfile';
import type { Caller, Database, QueryResult, SqlClient } from './types.ts';

export interface OpenDatabaseOptions {
  /** Folder that holds the database (PGlite under `<dataDir>/db`); undefined = in-memory PGlite. Locked. */
  dataDir?: string;
  /** A real PostgreSQL (postgres://...). When set, PGlite is not started; dataDir is still locked if given. */
  databaseUrl?: string;
  /** Pool size (default 10). PGlite runs one query at a time anyway; the pool lets transactions queue. */
  maxConnections?: number;
  /** In-memory PGlite only: start from this dumped data directory (a tarball from dumpDataDir()). */
  loadDataDir?: Uint8Array;
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
}

/** Thrown when another process holds the data directory. */
export class DataDirLockedError extends Error {
  constructor(dataDir: string) {
    super(
      `The data directory ${dataDir} is in use by another process (a second backend on one data directory ` +
        `would silently lose writes). Stop the other backend, or use another DATA_DIR. (A backend that was ` +
        `killed leaves a lock that expires 10 seconds later.)`,
    );
    this.name = 'DataDirLockedError';
  }
}

const LOCK_FILE = '.snapshire-backend.lock';

/** Locks dataDir against a second process; resolves to the release function. */
export async function lockDataDir(dataDir: string): Promise<() => Promise<void>> {
  await mkdir(dataDir, { recursive: true });
  try {
    return await lockfile.lock(dataDir, {
      lockfilePath: join(dataDir, LOCK_FILE),
      stale: 10_000,
      update: 2_000,
      retries: 0,
      // The default throws from a timer (crashing the process) when the lock's mtime could not be refreshed,
      // e.g. after the machine slept. Say so instead: the data is still ours unless someone else took it.
      onCompromised: (err) => console.error(`[backend] data directory lock compromised: ${err.message}`),
    });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ELOCKED') throw new DataDirLockedError(dataDir);
    throw err;
  }
}

interface PgliteServer {
  port: number;
  dump(): Promise<Uint8Array>;
  close(): Promise<void>;
}

/** Starts PGlite in a worker thread behind pglite-socket on a loopback port. */
async function startPgliteWorker(
  dataDir: string | undefined,
  maxConnections: number,
  loadDataDir?: Uint8Array,
): Promise<PgliteServer> {
  const worker = new Worker(new URL('./pglite-worker.mjs', import.meta.url), {
    workerData: { dataDir, maxConnections, loadDataDir },
  });
  const port = await new Promise<number>((resolve, reject) => {
    const onMessage = (msg: { type: string; port?: number; message?: string }) => {
      if (msg.type === 'ready' && msg.port) resolve(msg.port);
      else if (msg.type === 'error') reject(new Error(`PGlite failed to start: ${msg.message}`));
    };
    worker.on('message', onMessage);
    worker.once('error', (err) => reject(new Error(`PGlite worker failed: ${err.message}`)));
    worker.once('exit', (code) => reject(new Error(`PGlite worker exited with code ${code}`)));
  });
  worker.removeAllListeners('exit');
  worker.on('error', (err) => console.error(`[backend] PGlite worker error: ${err.message}`));
  let dumps = 0;
  return {
    port,
    dump() {
      const id = ++dumps;
      return new Promise<Uint8Array>((resolve, reject) => {
        const onMessage = (msg: { type: string; id?: number; bytes?: Uint8Array; message?: string }) => {
          if (msg.id !== id) return;
          worker.off('message', onMessage);
          if (msg.type === 'dumped' && msg.bytes) resolve(msg.bytes);
          else reject(new Error(`PGlite dump failed: ${msg.message ?? 'unknown error'}`));
        };
        worker.on('message', onMessage);
        worker.postMessage({ type: 'dump', id });
      });
    },
    async close() {
      const closed = new Promise<void>((resolve) => {
        worker.on('message', (msg: { type: string }) => {
          if (msg.type === 'closed' || msg.type === 'error') resolve();
        });
        worker.once('exit', () => resolve());
      });
      worker.postMessage({ type: 'close' });
      // PGlite flushes its files on close; do not wait forever on a wedged worker.
      await Promise.race([closed, new Promise((r) => setTimeout(r, 10_000))]);
      await worker.terminate();
    },
  };
}

function claimsJson(caller: Caller): string {
  return JSON.stringify({ ...caller.claims, role: caller.role });
}

function wrap(client: pg.PoolClient | pg.Pool): SqlClient {
  return {
    async query<Row>(text: string, params?: unknown[]): Promise<QueryResult<Row>> {
      const res = await client.query(text, params as unknown[] | undefined);
      return { rows: res.rows as Row[], rowCount: res.rowCount };
    },
  };
}

/**
 * Opens the backend's database: PGlite (in-memory or in `<dataDir>/db`) in a worker served by pglite-socket,
 * or the PostgreSQL at databaseUrl. Either way it is reached through one `pg` Pool, so every query takes
 * the same code path.
 */
export async function openDatabase(options: OpenDatabaseOptions = {}): Promise<OpenedDatabase> {
  const maxConnections = options.maxConnections ?? 10;
  const release = options.dataDir ? await lockDataDir(options.dataDir) : undefined;
  let pglite: PgliteServer | undefined;
  let url: string;
  try {
    if (options.databaseUrl) {
      url = options.databaseUrl;
    } else {
      const dbDir = options.dataDir ? join(options.dataDir, 'db') : undefined;
      if (dbDir) await mkdir(dbDir, { recursive: true });
      // The socket also serves SUPABASE_DB_URL clients (functions, seeds, tests) besides our pool; it drops
      // connections past its limit, so keep that generous: queries are serialised inside PGlite anyway.
      pglite = await startPgliteWorker(
        dbDir,
        Math.max(100, maxConnections * 4),
        dbDir ? undefined : options.loadDataDir,
      );
      url = `postgresql://postgres@127.0.0.1:${pglite.port}/postgres`;
    }
  } catch (err) {
    await release?.();
    throw err;
  }

  // UTC as on Supabase, so timestamps (and GraphQL Datetime offsets) read the same on any server.
  const pool = new pg.Pool({ connectionString: url, max: maxConnections, options: '-c TimeZone=UTC' });
  // An idle client that dies (server restart) must not crash the process.
  pool.on('error', (err) => console.error(`[backend] database connection error: ${err.message}`));

  async function transaction<T>(
    setup: ((c: pg.PoolClient) => Promise<void>) | undefined,
    fn: (sql: SqlClient) => Promise<T>,
  ): Promise<T> {
    const client = await pool.connect();
    let broken = false;
    try {
      await client.query('begin');
      if (setup) await setup(client);
      const result = await fn(wrap(client));
      await client.query('commit');
      return result;
    } catch (err) {
      try {
        await client.query('rollback');
      } catch {
        broken = true;
      }
      throw err;
    } finally {
      client.release(broken);
    }
  }

  try {
    await pool.query('select 1');
  } catch (err) {
    await pool.end().catch(() => undefined);
    await pglite?.close();
    await release?.();
    throw new Error(`Cannot connect to the database at ${redact(url)}: ${(err as Error).message}`, { cause: err });
  }

  let closed = false;
  return {
    url,
    kind: pglite ? 'pglite' : 'postgres',
    query: wrap(pool).query,
    async dumpDataDir() {
      if (!pglite) throw new Error('dumpDataDir is only available on PGlite');
      return pglite.dump();
    },
    asOwner: (fn) => transaction(undefined, fn),
    asCaller: (caller, fn) =>
      transaction(async (client) => {
        // The role name cannot be a bind parameter; it comes from a closed union, checked here anyway.
        if (!['anon', 'authenticated', 'service_role'].includes(caller.role))
          throw new Error(`bad role ${caller.role}`);
        await client.query(`set local role ${caller.role}`);
        await client.query(
          `select set_config('request.jwt.claims', $1, true), set_config('request.jwt.claim.sub', $2, true),
                  set_config('request.jwt.claim.role', $3, true), set_config('request.jwt.claim.email', $4, true)`,
          [claimsJson(caller), String(caller.claims.sub ?? ''), caller.role, String(caller.claims.email ?? '')],
        );
      }, fn),
    async close() {
      if (closed) return;
      closed = true;
      await pool.end().catch(() => undefined);
      await pglite?.close();
      await release?.();
    },
  };
}

function redact(url: string): string {
  return url.replace(/:\/\/([^:@/]+):[^@/]*@/, '://$1:***@');
}
