import { chmod, mkdir, mkdtemp, readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { Worker } from 'node:worker_threads';

/**
 * How long one connection may hold PGlite's single session idle (in a transaction) while others wait before
 * it is disconnected: PostgreSQL's idle_in_transaction_session_timeout, for a session all clients share.
 */
export const PGLITE_IDLE_HOLD_MS = 5_000;

/** What the PGlite worker's engine is doing: running a message for the named client connection, or nothing. */
export type EngineEvent = { type: 'busy'; connection: string; seq: number } | { type: 'idle' };

/** A NOTIFY the PGlite worker found in its session's output (pglite-wire-queue.mjs). */
export interface WorkerNotification {
  type: 'notification';
  channel: string;
  payload: string;
}

/** The file node-postgres and psql connect to for `host=<dir>` (port 5432). */
const SOCKET_FILE = '.s.PGSQL.5432';
/** A Unix socket path must fit sun_path (108 bytes on Linux, with its NUL). */
const MAX_SOCKET_PATH = 100;

export interface PgliteServer {
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

export interface PgliteWorkerOptions {
  /** PGlite's data directory. */
  dataDir: string;
  socketPath: string;
  /** Connections pglite-socket serves at once (it drops the ones past it). */
  maxConnections: number;
  /** Start from this dumped data directory. */
  loadDataDir?: Uint8Array;
  /** Told which connection's message the engine runs, and when it is done (the statement watchdog). */
  onEngine: (event: EngineEvent) => void;
  onNotification: (event: WorkerNotification) => void;
}

/** Starts PGlite in a worker thread behind pglite-socket on the Unix socket at socketPath. */
export async function startPgliteWorker({
  dataDir,
  socketPath,
  maxConnections,
  loadDataDir,
  onEngine,
  onNotification,
}: PgliteWorkerOptions): Promise<PgliteServer> {
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

/** Where the PGlite worker listens: its socket file, and the URL clients reach it by. */
export interface PgliteSocket {
  path: string;
  url: string;
  /** A private temporary directory (removed on close), as `<root>/db-socket` would be too long a path. */
  temporaryDir?: string;
}

/**
 * The PGlite socket in `<root>/db-socket`, made 0700 so that only this user's processes can reach the database
 * (pglite-socket has no authentication), or in a private temporary directory when that path would be too long
 * for a Unix socket.
 */
export async function socketIn(root: string): Promise<PgliteSocket> {
  let dir = join(root, 'db-socket');
  let temporary = false;
  if (join(dir, SOCKET_FILE).length > MAX_SOCKET_PATH) {
    dir = await mkdtemp(join(tmpdir(), 'snapshire-db-socket-'));
    temporary = true;
  }
  await mkdir(dir, { recursive: true, mode: 0o700 });
  // mkdir's mode does not change a directory that already exists.
  await chmod(dir, 0o700);
  return { path: join(dir, SOCKET_FILE), url: socketUrl(dir), temporaryDir: temporary ? dir : undefined };
}

/** postgres:// URL of a Unix socket directory, as node-postgres and psql read it (`host=/dir`; WHATWG URLs
 * refuse a user name without a host, so the user is a parameter too). */
function socketUrl(dir: string): string {
  return `postgresql:///postgres?host=${encodeURIComponent(dir).replaceAll('%2F', '/')}&user=postgres`;
}
