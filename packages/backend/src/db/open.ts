import { chmod, mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { Worker } from 'node:worker_threads';
import pg from 'pg';
import { cancelInWorker, watchWorkersForCancel } from './pglite-cancel.ts';
import { FairShare, fairShareKey } from './fair-share.ts';
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
  /**
   * Calls `onNotification` with the payload of every NOTIFY on `channel` that any session commits, in commit
   * order, until the returned function stops it. `onGap` is called when notifications may have been lost
   * (the listening connection broke and was made again, a PGlite worker was restarted).
   */
  listen(channel: string, onNotification: (payload: string) => void, onGap?: () => void): Promise<() => Promise<void>>;
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

/** What the PGlite worker's engine is doing: running a message for the named client connection, or nothing. */
type EngineEvent = { type: 'busy'; connection: string; seq: number } | { type: 'idle' };

/** A NOTIFY the PGlite worker found in its session's output (pglite-wire-queue.mjs). */
interface WorkerNotification {
  type: 'notification';
  channel: string;
  payload: string;
}

let connectionCount = 0;

/**
 * The pool's client: each connection says who it is in its startup message (application_name), which is how
 * the PGlite worker names the connection whose statement its engine is running (a Unix socket has no ports).
 */
class NamedClient extends pg.Client {
  readonly connectionName: string;
  constructor(config?: pg.ClientConfig) {
    const connectionName = `snapshire-backend-${process.pid}-${++connectionCount}`;
    super({ ...config, application_name: connectionName });
    this.connectionName = connectionName;
  }
}

/** The file node-postgres and psql connect to for `host=<dir>` (port 5432). */
const SOCKET_FILE = '.s.PGSQL.5432';
/** A Unix socket path must fit sun_path (108 bytes on Linux, with its NUL). */
const MAX_SOCKET_PATH = 100;

interface PgliteServer {
  /** The worker's thread id: the inspector target to cancel a statement in. */
  threadId: number;
  dump(): Promise<Uint8Array>;
  /** Ends the worker at once (no flush): PostgreSQL's crash recovery makes the files whole on the next open. */
  terminate(): Promise<void>;
  close(): Promise<void>;
}

interface PgliteAssets {
  wasmModule: WebAssembly.Module;
  fsBundle: Uint8Array;
}

let pgliteAssets: Promise<PgliteAssets> | undefined;

/**
 * PGlite's WebAssembly module, compiled once per process and handed to every worker (a restarted one, and
 * every database a test process opens), and its file system bundle read once: each worker would otherwise
 * read and compile them again.
 */
function loadPgliteAssets(): Promise<PgliteAssets> {
  pgliteAssets ??= (async () => {
    // The package's entry point sits in dist/, next to its assets.
    const dist = dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
    const [wasm, bundle] = await Promise.all([
      readFile(join(dist, 'pglite.wasm')),
      readFile(join(dist, 'pglite.data')),
    ]);
    return { wasmModule: await WebAssembly.compile(wasm), fsBundle: new Uint8Array(bundle) };
  })();
  pgliteAssets.catch(() => (pgliteAssets = undefined));
  return pgliteAssets;
}

/** Starts PGlite in a worker thread behind pglite-socket on the Unix socket at socketPath. */
async function startPgliteWorker(
  dataDir: string,
  socketPath: string,
  maxConnections: number,
  loadDataDir: Uint8Array | undefined,
  onEngine: (event: EngineEvent) => void,
  onNotification: (event: WorkerNotification) => void,
): Promise<PgliteServer> {
  const { wasmModule, fsBundle } = await loadPgliteAssets();
  const worker = new Worker(new URL('./pglite-worker.mjs', import.meta.url), {
    workerData: {
      dataDir,
      socketPath,
      maxConnections,
      loadDataDir,
      idleHoldMs: PGLITE_IDLE_HOLD_MS,
      wasmModule,
      fsBundle,
    },
  });
  await new Promise<void>((resolve, reject) => {
    const onMessage = (msg: { type: string; message?: string }) => {
      if (msg.type === 'ready') resolve();
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
    else if (msg.type === 'notification') onNotification(msg as WorkerNotification);
  });
  worker.on('error', (err) => console.error(`[backend] PGlite worker error: ${err.message}`));
  let dumps = 0;
  return {
    threadId: worker.threadId,
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

/**
 * The directory of the PGlite socket: `<root>/db-socket`, made 0700 so that only this user's processes can
 * reach the database (pglite-socket has no authentication), or a private temporary directory when that path
 * would be too long for a Unix socket. Second value: whether it is temporary (removed on close).
 */
async function socketDirectory(root: string): Promise<[string, boolean]> {
  let dir = join(root, 'db-socket');
  let temporary = false;
  if (join(dir, SOCKET_FILE).length > MAX_SOCKET_PATH) {
    dir = await mkdtemp(join(tmpdir(), 'snapshire-db-socket-'));
    temporary = true;
  }
  await mkdir(dir, { recursive: true, mode: 0o700 });
  // mkdir's mode does not change a directory that already exists.
  await chmod(dir, 0o700);
  return [dir, temporary];
}

/** postgres:// URL of a Unix socket directory, as node-postgres and psql read it (`host=/dir`; WHATWG URLs
 * refuse a user name without a host, so the user is a parameter too). */
function socketUrl(dir: string): string {
  return `postgresql:///postgres?host=${encodeURIComponent(dir).replaceAll('%2F', '/')}&user=postgres`;
}

function claimsJson(caller: Caller): string {
  return JSON.stringify({ ...caller.claims, role: caller.role });
}

/**
 * The settings, besides its role, of a transaction run as `caller`: the JWT claims as PostgREST sets them,
 * which auth.uid(), auth.jwt() and so every policy read. asCaller sets them; so does the realtime service's
 * check of a change for a subscriber (src/realtime/repository.ts).
 */
export function callerSettings(caller: Caller): Array<[name: string, value: string]> {
  return [
    ['request.jwt.claims', claimsJson(caller)],
    ['request.jwt.claim.sub', String(caller.claims.sub ?? '')],
    ['request.jwt.claim.role', caller.role],
    ['request.jwt.claim.email', String(caller.claims.email ?? '')],
  ];
}

/** The database roles a request may run as: the role name is spliced into SQL, so it must be one of these. */
export const API_ROLES: ReadonlySet<string> = new Set<Caller['role']>(['anon', 'authenticated', 'service_role']);

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

/** How long a cancelled PGlite statement may take to notice before its worker is restarted instead. */
const PGLITE_CANCEL_GRACE_MS = 750;

/** How often the watchdog looks at the statement PGlite's engine runs. */
const PGLITE_WATCHDOG_TICK_MS = 25;

/** A caller transaction the PGlite watchdog looks after. */
interface Watched {
  timeoutMs: number;
  /** Set when its statement was cancelled for running past its timeout. */
  cancelled?: 'timeout';
}

/**
 * Opens the backend's database: PGlite (in `<dataDir>/db`, or in a private temporary folder when no dataDir
 * is given) in a worker served by pglite-socket on a Unix socket only this user can reach, or the PostgreSQL
 * at databaseUrl. Either way it is reached through one `pg` Pool, so every query takes the same code path.
 *
 * Request transactions run with their role's statement_timeout. PostgreSQL cancels a statement itself; PGlite
 * cannot (its engine runs synchronously in WebAssembly, with no signals, so its timers never fire mid-query).
 * A watchdog here raises PostgreSQL's cancel flag in the engine through the inspector (pglite-cancel.ts) when
 * a statement passes its timeout; nothing else cancels a statement, however busy the machine. A
 * statement that does not notice in PGLITE_CANCEL_GRACE_MS gets the worker terminated and a new one started
 * on the same files, which PostgreSQL's crash recovery brings back to the last commit. That is why PGlite
 * never runs purely in memory here: a restarted worker must find every acknowledged write on disk.
 * Transactions that were merely queued behind the runaway statement (not yet committing) are run again on the
 * new worker.
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
  /** Folders removed on close: the in-memory database's, and a socket directory outside the data directory. */
  const temporary: string[] = [];
  let dbDir = '';
  let socketPath = '';
  let url: string;
  // The socket also serves SUPABASE_DB_URL clients (functions, seeds, tests) besides our pool; it drops
  // connections past its limit, so keep that generous: queries are serialised inside PGlite anyway.
  const socketConnections = Math.max(100, maxConnections * 4);

  // The watchdog for PGlite: caller transactions by their connection's name. The worker says which
  // connection its engine serves.
  const watched = new Map<string, Watched>();
  /** Listeners by NOTIFY channel (PGlite: fed by the worker, which sees every notification of its session). */
  const listeners = new Map<string, Set<{ onNotification: (payload: string) => void; onGap?: () => void }>>();
  const onWorkerNotification = (event: WorkerNotification): void => {
    for (const listener of listeners.get(event.channel) ?? []) listener.onNotification(event.payload);
  };
  /** The message PGlite's engine runs (as far as this thread has heard), and what the watchdog did about it. */
  let engine:
    | {
        connection: string;
        seq: number;
        since: number;
        /** A question to the worker is under way. */
        asking?: boolean;
        /** Not before then: the worker said it had not run long enough yet. */
        askAgainAt?: number;
        cancelledAt?: number;
        /** The worker said it ended (its idle event is still on its way). */
        ended?: boolean;
      }
    | undefined;
  let watchdog: NodeJS.Timeout | undefined;
  const onEngine = (event: EngineEvent): void => {
    engine =
      event.type === 'busy' ? { connection: event.connection, seq: event.seq, since: performance.now() } : undefined;
    if (engine && watched.has(engine.connection)) watchdog ??= setInterval(watch, PGLITE_WATCHDOG_TICK_MS);
    else if (watchdog) {
      clearInterval(watchdog);
      watchdog = undefined;
    }
  };
  // Decides here, from what this thread has heard, but the worker measures again before it cancels: this
  // thread's event loop may lag (multipart parsing, image work), its busy and idle events with it.
  const watch = (): void => {
    const running = engine;
    const tx = running && watched.get(running.connection);
    const server = pglite;
    if (!running || !tx || !server || restarting || running.asking || running.ended) return;
    const now = performance.now();
    if (running.cancelledAt !== undefined) {
      if (now - running.cancelledAt < PGLITE_CANCEL_GRACE_MS) return;
      running.asking = true;
      void cancelInWorker(server.threadId, running.seq).then((answer) => {
        running.asking = false;
        if (answer?.state === 'ended') running.ended = true;
        else if (engine === running && pglite === server)
          void restartPglite(
            `a cancelled statement ran on for ${PGLITE_CANCEL_GRACE_MS} ms${answer?.sql ? ` (${answer.sql})` : ''}`,
          );
      });
      return;
    }
    if (running.askAgainAt !== undefined && now < running.askAgainAt) return;
    const heldMs = now - running.since;
    if (heldMs < tx.timeoutMs) return;
    const threshold = tx.timeoutMs;
    running.asking = true;
    // Before the answer: the statement's error may reach its transaction first.
    tx.cancelled = 'timeout';
    void cancelInWorker(server.threadId, running.seq, threshold).then((answer) => {
      running.asking = false;
      if (answer?.state === 'raised') {
        running.cancelledAt = performance.now();
        log(
          `cancelled a statement that ran past its ${tx.timeoutMs} ms statement_timeout${answer.sql ? ` (${answer.sql})` : ''}`,
        );
        return;
      }
      if (answer) {
        tx.cancelled = undefined;
        if (answer.state === 'ended') running.ended = true;
        else running.askAgainAt = performance.now() + Math.max(PGLITE_WATCHDOG_TICK_MS, threshold - answer.heldMs);
        return;
      }
      // No inspector: only a new worker stops it.
      if (engine === running && pglite === server)
        void restartPglite(`a statement ran past its ${tx.timeoutMs} ms statement_timeout`);
    });
  };
  try {
    if (options.databaseUrl) {
      url = options.databaseUrl;
    } else {
      let root: string;
      if (options.dataDir) {
        root = options.dataDir;
        dbDir = join(root, 'db');
      } else {
        root = await mkdtemp(join(tmpdir(), 'snapshire-pglite-'));
        temporary.push(root);
        dbDir = join(root, 'db');
      }
      // Only this user may read the database files, as PostgreSQL requires of its data directory.
      await mkdir(dbDir, { recursive: true, mode: 0o700 });
      await chmod(dbDir, 0o700);
      const [socketDir, socketDirIsTemporary] = await socketDirectory(root);
      if (socketDirIsTemporary) temporary.push(socketDir);
      socketPath = join(socketDir, SOCKET_FILE);
      await watchWorkersForCancel(log);
      pglite = await startPgliteWorker(
        dbDir,
        socketPath,
        socketConnections,
        options.dataDir ? undefined : options.loadDataDir,
        onEngine,
        onWorkerNotification,
      );
      url = socketUrl(socketDir);
    }
  } catch (err) {
    await lock?.release();
    for (const dir of temporary) await rm(dir, { recursive: true, force: true });
    throw err;
  }

  // UTC as on Supabase, so timestamps (and GraphQL Datetime offsets) read the same on any server.
  const activePool = new pg.Pool({
    connectionString: url,
    max: maxConnections,
    options: '-c TimeZone=UTC',
    Client: NamedClient,
  });
  fenced.pool = activePool;
  // An idle client that dies (server restart) must not crash the process.
  activePool.on('error', (err) => {
    if (!restarting) console.error(`[backend] database connection error: ${err.message}`);
  });

  let restarting: Promise<void> | undefined;
  let generation = 0;
  let closed = false;

  /** Replaces a PGlite worker stuck in a runaway statement with a fresh one on the same files and socket. */
  function restartPglite(reason: string): Promise<void> {
    if (restarting || !pglite || closed || lostLock) return restarting ?? Promise.resolve();
    generation++;
    const old = pglite;
    const started = performance.now();
    clearInterval(watchdog);
    watchdog = undefined;
    engine = undefined;
    log(`${reason}: its PGlite worker is restarted`);
    restarting = (async () => {
      // The old worker is gone before the new one opens the files: one writer, always.
      await old.terminate();
      const terminatedMs = Math.round(performance.now() - started);
      for (let attempt = 0; ; attempt++) {
        try {
          pglite = await startPgliteWorker(
            dbDir,
            socketPath,
            socketConnections,
            undefined,
            onEngine,
            onWorkerNotification,
          );
          break;
        } catch (err) {
          if (attempt >= 20 || closed) throw err;
          await new Promise((r) => setTimeout(r, 100));
        }
      }
      log(`PGlite worker restarted in ${Math.round(performance.now() - started)} ms (stopped in ${terminatedMs} ms)`);
      // A new session listens to nothing: listen again, and tell the listeners what they may have missed.
      for (const [channel, set] of listeners) {
        await activePool.query(`listen ${quoteChannel(channel)}`);
        for (const listener of set) listener.onGap?.();
      }
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

  // PGlite's one session serves one transaction at a time; PostgreSQL as many as the pool has connections.
  const share = new FairShare(pglite ? 1 : maxConnections);

  /** A transaction in its caller's turn (fair-share.ts). */
  function transaction<T>(
    key: string,
    timeoutMs: number | undefined,
    setup: ((c: pg.PoolClient) => Promise<void>) | undefined,
    fn: (sql: SqlClient) => Promise<T>,
  ): Promise<T> {
    return share.run(key, () => transactionOnce(timeoutMs, setup, fn, false));
  }

  async function transactionOnce<T>(
    timeoutMs: number | undefined,
    setup: ((c: pg.PoolClient) => Promise<void>) | undefined,
    fn: (sql: SqlClient) => Promise<T>,
    retried: boolean,
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
      if (generation !== startedIn && !retried && !lostLock) return transactionOnce(timeoutMs, setup, fn, true);
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
    const name = pglite && timeoutMs && client instanceof NamedClient ? client.connectionName : undefined;
    const watch: Watched = { timeoutMs: timeoutMs ?? 0 };
    if (name) watched.set(name, watch);
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
      if (name) watched.delete(name);
      client.off('error', onConnectionError);
      client.release(broken);
    }
    if (watch.cancelled === 'timeout') throw new StatementTimeoutError();
    // Only queued behind a runaway statement whose worker was replaced: nothing of it was committed.
    if (generation !== startedIn && !committing && !retried && !lostLock)
      return transactionOnce(timeoutMs, setup, fn, true);
    throw failure;
  }

  try {
    await activePool.query('select 1');
  } catch (err) {
    await activePool.end().catch(() => undefined);
    await pglite?.close();
    await lock?.release();
    for (const dir of temporary) await rm(dir, { recursive: true, force: true });
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
    asOwner: (fn, opts) => transaction(fairShareKey('owner'), opts?.statementTimeoutMs || undefined, undefined, fn),
    asCaller: (caller, fn) =>
      transaction(
        fairShareKey(caller),
        timeouts[caller.role] || undefined,
        async (client) => {
          // The role name cannot be a bind parameter; it comes from a closed union, checked here anyway.
          if (!API_ROLES.has(caller.role)) throw new Error(`bad role ${caller.role}`);
          await client.query(`set local role ${caller.role}`);
          const settings = callerSettings(caller);
          await client.query(
            `select ${settings.map((_, i) => `set_config($${2 * i + 1}, $${2 * i + 2}, true)`).join(', ')}`,
            settings.flat(),
          );
        },
        fn,
      ),
    async listen(channel, onNotification, onGap) {
      if (pglite) {
        const listener = { onNotification, onGap };
        let set = listeners.get(channel);
        if (!set) {
          set = new Set();
          listeners.set(channel, set);
          await activePool.query(`listen ${quoteChannel(channel)}`);
        }
        set.add(listener);
        return async () => {
          set.delete(listener);
          if (set.size > 0 || listeners.get(channel) !== set) return;
          listeners.delete(channel);
          if (!closed) await activePool.query(`unlisten ${quoteChannel(channel)}`).catch(() => undefined);
        };
      }
      return listenOnPostgres(url, channel, onNotification, onGap, log);
    },
    async close() {
      if (closed) return;
      closed = true;
      clearInterval(watchdog);
      if (restarting) await restarting;
      await activePool.end().catch(() => undefined);
      if (lostLock) await pglite?.terminate();
      else await pglite?.close();
      await lock?.release();
      for (const dir of temporary) await rm(dir, { recursive: true, force: true });
    },
  };
}

/** A NOTIFY channel name as an identifier: only plain names, so it can be spliced into LISTEN. */
function quoteChannel(channel: string): string {
  if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`bad notification channel ${channel}`);
  return `"${channel}"`;
}

/** Between two attempts to make the listening connection again. */
const LISTEN_RETRY_MS = { first: 100, max: 5_000 };

/**
 * PostgreSQL delivers notifications to the session that listens: a connection of its own, outside the pool,
 * made again (and the gap reported) whenever it breaks.
 */
async function listenOnPostgres(
  url: string,
  channel: string,
  onNotification: (payload: string) => void,
  onGap: (() => void) | undefined,
  log: (message: string) => void,
): Promise<() => Promise<void>> {
  let stopped = false;
  let client: pg.Client | undefined;
  let retry: NodeJS.Timeout | undefined;
  let delay = LISTEN_RETRY_MS.first;
  const connect = async (): Promise<void> => {
    const next = new pg.Client({ connectionString: url, application_name: `snapshire-backend-listen-${process.pid}` });
    next.on('notification', (msg) => {
      if (msg.channel === channel) onNotification(msg.payload ?? '');
    });
    next.on('error', () => undefined);
    next.on('end', () => {
      if (stopped || client !== next) return;
      client = undefined;
      schedule();
    });
    try {
      await next.connect();
      await next.query(`listen ${quoteChannel(channel)}`);
    } catch (err) {
      await next.end().catch(() => undefined);
      throw err;
    }
    client = next;
    if (stopped) await next.end().catch(() => undefined);
  };
  const schedule = (): void => {
    retry = setTimeout(() => {
      retry = undefined;
      connect().then(
        () => {
          delay = LISTEN_RETRY_MS.first;
          log(`listening for ${channel} again`);
          onGap?.();
        },
        () => {
          delay = Math.min(delay * 2, LISTEN_RETRY_MS.max);
          if (!stopped) schedule();
        },
      );
    }, delay);
  };
  await connect();
  return async () => {
    stopped = true;
    clearTimeout(retry);
    const last = client;
    client = undefined;
    await last?.end().catch(() => undefined);
  };
}

function redact(url: string): string {
  return url.replace(/:\/\/([^:@/]+):[^@/]*@/, '://$1:***@');
}
