import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { Worker } from 'node:worker_threads';
import { Socket } from 'node:net';
import pg from 'pg';
import { DataDirLockedError, DataDirLockLostError, lockDataDir, type DataDirLock } from './data-dir-lock.ts';
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
  /** Throws unless this process may still write to its data directory (call before writing stored files). */
  assertWritable(): void;
}

export { DataDirLockedError, DataDirLockLostError, lockDataDir };

/** A transaction's statement ran past its role's statement_timeout (SQLSTATE 57014, as PostgreSQL says it). */
export class StatementTimeoutError extends Error {
  readonly code = '57014';
  constructor() {
    super('canceling statement due to statement timeout');
    this.name = 'StatementTimeoutError';
  }
}

/** What the PGlite worker's engine is doing: running a message for the client connection on `port`, or nothing. */
type EngineEvent = { type: 'busy'; port: number } | { type: 'idle' };

/** The local port of a pool client's connection: how the PGlite worker names the connection it is serving. */
function localPortOf(client: pg.PoolClient): number | undefined {
  const stream = client.connection.stream;
  return stream instanceof Socket ? stream.localPort : undefined;
}

interface PgliteServer {
  port: number;
  dump(): Promise<Uint8Array>;
  /** Ends the worker at once (no flush): PostgreSQL's crash recovery makes the files whole on the next open. */
  terminate(): Promise<void>;
  close(): Promise<void>;
}

/** Starts PGlite in a worker thread behind pglite-socket on a loopback port (0 = any free port). */
async function startPgliteWorker(
  dataDir: string | undefined,
  maxConnections: number,
  loadDataDir: Uint8Array | undefined,
  port: number,
  onEngine: (event: EngineEvent) => void,
): Promise<PgliteServer> {
  const worker = new Worker(new URL('./pglite-worker.mjs', import.meta.url), {
    workerData: { dataDir, maxConnections, loadDataDir, port, idleHoldMs: PGLITE_IDLE_HOLD_MS },
  });
  const boundPort = await new Promise<number>((resolve, reject) => {
    const onMessage = (msg: { type: string; port?: number; message?: string }) => {
      if (msg.type === 'ready' && msg.port) resolve(msg.port);
      else if (msg.type === 'error') reject(new Error(`PGlite failed to start: ${msg.message}`));
    };
    worker.on('message', onMessage);
    worker.once('error', (err) => reject(new Error(`PGlite worker failed: ${err.message}`)));
    worker.once('exit', (code) => reject(new Error(`PGlite worker exited with code ${code}`)));
  }).catch(async (err: unknown) => {
    await worker.terminate();
    throw err;
  });
  worker.removeAllListeners('exit');
  worker.on('message', (msg: { type: string }) => {
    if (msg.type === 'busy' || msg.type === 'idle') onEngine(msg as EngineEvent);
  });
  worker.on('error', (err) => console.error(`[backend] PGlite worker error: ${err.message}`));
  let dumps = 0;
  return {
    port: boundPort,
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
    async terminate() {
      await worker.terminate();
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
 * How long one connection may hold PGlite's single session idle (in a transaction) while others wait before
 * it is disconnected: PostgreSQL's idle_in_transaction_session_timeout, for a session all clients share.
 */
export const PGLITE_IDLE_HOLD_MS = 5_000;

/** How long past its statement_timeout a PGlite statement may run before the worker is restarted. */
const PGLITE_WATCHDOG_MARGIN_MS = 250;

/**
 * Opens the backend's database: PGlite (in `<dataDir>/db`, or in a private temporary folder when no dataDir
 * is given) in a worker served by pglite-socket, or the PostgreSQL at databaseUrl. Either way it is reached
 * through one `pg` Pool, so every query takes the same code path.
 *
 * Request transactions run with their role's statement_timeout. PostgreSQL cancels a statement itself; PGlite
 * cannot (its engine runs synchronously in WebAssembly, with no signals, so its timers never fire mid-query):
 * a watchdog here terminates its worker once a statement overruns, and starts a new one on the same files,
 * which PostgreSQL's crash recovery brings back to the last commit. That is why PGlite never runs purely in
 * memory here: a restarted worker must find every acknowledged write on disk. Transactions that were merely
 * queued behind the runaway statement (not yet committing) are run again on the new worker.
 */
export async function openDatabase(options: OpenDatabaseOptions = {}): Promise<OpenedDatabase> {
  const maxConnections = options.maxConnections ?? 10;
  const log = options.log ?? ((message: string) => console.error(`[backend] ${message}`));
  let pglite: PgliteServer | undefined;
  // Set once the pool exists; the lock's fence ends it.
  const fenced: { pool?: pg.Pool } = {};
  let lostLock: DataDirLockLostError | undefined;
  const lock: DataDirLock | undefined = options.dataDir
    ? lockDataDir(options.dataDir, (err) => {
        // Fence first: not one more write may reach the files another process now owns.
        lostLock = err;
        void pglite?.terminate();
        void fenced.pool?.end().catch(() => undefined);
        if (options.onLockLost) options.onLockLost(err);
        else {
          console.error(`[backend] FATAL: ${err.message}`);
          process.exit(4);
        }
      })
    : undefined;
  let tempDbDir: string | undefined;
  let dbDir: string | undefined;
  let url: string;
  // The socket also serves SUPABASE_DB_URL clients (functions, seeds, tests) besides our pool; it drops
  // connections past its limit, so keep that generous: queries are serialised inside PGlite anyway.
  const socketConnections = Math.max(100, maxConnections * 4);

  // The statement-timeout watchdog for PGlite: caller transactions by their connection's local port. The
  // worker says which connection its engine serves; one busy past that transaction's timeout is a runaway.
  const watched = new Map<number, { timeoutMs: number; timedOut: boolean }>();
  let engineTimer: NodeJS.Timeout | undefined;
  const onEngine = (event: EngineEvent): void => {
    clearTimeout(engineTimer);
    engineTimer = undefined;
    if (event.type !== 'busy') return;
    const tx = watched.get(event.port);
    if (!tx) return;
    engineTimer = setTimeout(() => {
      tx.timedOut = true;
      void restartPglite(`a statement ran past its ${tx.timeoutMs} ms statement_timeout`);
    }, tx.timeoutMs + PGLITE_WATCHDOG_MARGIN_MS);
  };
  try {
    if (options.databaseUrl) {
      url = options.databaseUrl;
    } else {
      if (options.dataDir) {
        dbDir = join(options.dataDir, 'db');
        await mkdir(dbDir, { recursive: true });
      } else {
        dbDir = tempDbDir = await mkdtemp(join(tmpdir(), 'snapshire-pglite-'));
      }
      pglite = await startPgliteWorker(
        dbDir,
        socketConnections,
        tempDbDir ? options.loadDataDir : undefined,
        0,
        onEngine,
      );
      url = `postgresql://postgres@127.0.0.1:${pglite.port}/postgres`;
    }
  } catch (err) {
    await lock?.release();
    if (tempDbDir) await rm(tempDbDir, { recursive: true, force: true });
    throw err;
  }

  // UTC as on Supabase, so timestamps (and GraphQL Datetime offsets) read the same on any server.
  const activePool = new pg.Pool({ connectionString: url, max: maxConnections, options: '-c TimeZone=UTC' });
  fenced.pool = activePool;
  // An idle client that dies (server restart) must not crash the process.
  activePool.on('error', (err) => {
    if (!restarting) console.error(`[backend] database connection error: ${err.message}`);
  });

  let restarting: Promise<void> | undefined;
  let generation = 0;
  let closed = false;

  /** Replaces a PGlite worker stuck in a runaway statement with a fresh one on the same files and port. */
  function restartPglite(reason: string): Promise<void> {
    if (restarting || !pglite || closed || lostLock) return restarting ?? Promise.resolve();
    generation++;
    const old = pglite;
    const started = performance.now();
    clearTimeout(engineTimer);
    log(`${reason}: PGlite cannot cancel a running statement, so its worker is restarted`);
    restarting = (async () => {
      await old.terminate();
      const terminatedMs = Math.round(performance.now() - started);
      for (let attempt = 0; ; attempt++) {
        try {
          pglite = await startPgliteWorker(dbDir, socketConnections, undefined, old.port, onEngine);
          break;
        } catch (err) {
          if (attempt >= 20 || closed) throw err;
          await new Promise((r) => setTimeout(r, 100));
        }
      }
      log(`PGlite worker restarted in ${Math.round(performance.now() - started)} ms (stopped in ${terminatedMs} ms)`);
    })()
      .catch((err: unknown) => log(`PGlite worker could not be restarted: ${(err as Error).message}`))
      .finally(() => {
        restarting = undefined;
      });
    return restarting;
  }

  function assertWritable(): void {
    if (lostLock) throw lostLock;
    lock?.assertHeld();
  }

  async function transaction<T>(
    timeoutMs: number | undefined,
    setup: ((c: pg.PoolClient) => Promise<void>) | undefined,
    fn: (sql: SqlClient) => Promise<T>,
    retried = false,
  ): Promise<T> {
    if (restarting) await restarting;
    assertWritable();
    if (closed) throw new Error('The database is closed');
    const startedIn = generation;
    let client: pg.PoolClient;
    try {
      client = await activePool.connect();
    } catch (err) {
      // A connection still in its handshake when a runaway statement's worker was replaced.
      if (generation !== startedIn && !retried && !lostLock) return transaction(timeoutMs, setup, fn, true);
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
    const port = pglite && timeoutMs ? localPortOf(client) : undefined;
    const watch = { timeoutMs: timeoutMs ?? 0, timedOut: false };
    if (port) watched.set(port, watch);
    let failure: unknown;
    try {
      await client.query('begin');
      if (timeoutMs) await client.query(`set local statement_timeout = ${Math.floor(timeoutMs)}`);
      if (setup) await setup(client);
      const result = await fn(wrap(client));
      assertWritable();
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
      if (port) watched.delete(port);
      client.off('error', onConnectionError);
      client.release(broken);
    }
    if (watch.timedOut) throw new StatementTimeoutError();
    // Only queued behind a runaway statement whose worker was replaced: nothing of it was committed.
    if (generation !== startedIn && !committing && !retried && !lostLock)
      return transaction(timeoutMs, setup, fn, true);
    throw failure;
  }

  try {
    await activePool.query('select 1');
  } catch (err) {
    await activePool.end().catch(() => undefined);
    await pglite?.close();
    await lock?.release();
    if (tempDbDir) await rm(tempDbDir, { recursive: true, force: true });
    throw new Error(`Cannot connect to the database at ${redact(url)}: ${(err as Error).message}`, { cause: err });
  }

  const timeouts = options.statementTimeouts ?? {};
  return {
    url,
    kind: pglite ? 'pglite' : 'postgres',
    query: async (text, params) => {
      if (restarting) await restarting;
      assertWritable();
      return wrap(activePool).query(text, params);
    },
    async dumpDataDir() {
      if (!pglite) throw new Error('dumpDataDir is only available on PGlite');
      return pglite.dump();
    },
    assertWritable,
    asOwner: (fn) => transaction(undefined, undefined, fn),
    asCaller: (caller, fn) =>
      transaction(
        timeouts[caller.role] || undefined,
        async (client) => {
          // The role name cannot be a bind parameter; it comes from a closed union, checked here anyway.
          if (!['anon', 'authenticated', 'service_role'].includes(caller.role))
            throw new Error(`bad role ${caller.role}`);
          await client.query(`set local role ${caller.role}`);
          await client.query(
            `select set_config('request.jwt.claims', $1, true), set_config('request.jwt.claim.sub', $2, true),
                  set_config('request.jwt.claim.role', $3, true), set_config('request.jwt.claim.email', $4, true)`,
            [claimsJson(caller), String(caller.claims.sub ?? ''), caller.role, String(caller.claims.email ?? '')],
          );
        },
        fn,
      ),
    async close() {
      if (closed) return;
      closed = true;
      clearTimeout(engineTimer);
      if (restarting) await restarting;
      await activePool.end().catch(() => undefined);
      if (lostLock) await pglite?.terminate();
      else await pglite?.close();
      await lock?.release();
      if (tempDbDir) await rm(tempDbDir, { recursive: true, force: true });
    },
  };
}

function redact(url: string): string {
  return url.replace(/:\/\/([^:@/]+):[^@/]*@/, '://$1:***@');
}
