import { chmod, mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import type pg from 'pg';
import { createPool, NamedClient, quoteChannel, type Engine } from './engine.ts';
import { watchWorkersForCancel } from './pglite-cancel.ts';
import {
  socketIn,
  startPgliteWorker,
  type PgliteServer,
  type PgliteSocket,
  type WorkerNotification,
} from './pglite-server.ts';
import { StatementWatchdog } from './pglite-watchdog.ts';

export interface PgliteEngineOptions {
  /** Folder that holds the database (in `<dataDir>/db`); undefined = a private temporary folder. */
  dataDir?: string;
  /** Start from this dumped data directory (without dataDir only). */
  loadDataDir?: Uint8Array;
  /** Pool size. PGlite runs one query at a time anyway; the pool lets transactions queue. */
  maxConnections: number;
  log: (message: string) => void;
}

type Listener = { onNotification: (payload: string) => void; onGap?: () => void };

/**
 * PGlite in a worker thread, served by pglite-socket on a Unix socket only this user can reach, with its
 * statement watchdog (pglite-watchdog.ts). A statement that does not notice its cancel gets the worker
 * terminated and a new one started on the same files, which PostgreSQL's crash recovery brings back to the
 * last commit. That is why PGlite never runs purely in memory here: a restarted worker must find every
 * acknowledged write on disk.
 */
export async function openPgliteEngine(options: PgliteEngineOptions): Promise<Engine> {
  const { log, maxConnections } = options;
  /** Folders removed on close: the in-memory database's, and a socket directory outside the data directory. */
  const temporary: string[] = [];
  const removeTemporary = async (): Promise<void> => {
    for (const dir of temporary) await rm(dir, { recursive: true, force: true });
  };
  // The socket also serves SUPABASE_DB_URL clients (functions, seeds, tests) besides our pool; it drops
  // connections past its limit, so keep that generous: queries are serialised inside PGlite anyway.
  const socketConnections = Math.max(100, maxConnections * 4);
  /** Listeners by NOTIFY channel, fed by the worker, which sees every notification of its one session. */
  const listeners = new Map<string, Set<Listener>>();
  const onNotification = (event: WorkerNotification): void => {
    for (const listener of listeners.get(event.channel) ?? []) listener.onNotification(event.payload);
  };
  let restarting: Promise<void> | undefined;
  let generation = 0;
  let closed = false;
  let fenced = false;
  const watchdog = new StatementWatchdog((reason) => void restart(reason), log);
  const onEngine = watchdog.onEngine.bind(watchdog);

  let server: PgliteServer;
  let dbDir: string;
  let socket: PgliteSocket;
  try {
    let root = options.dataDir;
    if (!root) {
      root = await mkdtemp(join(tmpdir(), 'snapshire-pglite-'));
      temporary.push(root);
    }
    dbDir = join(root, 'db');
    // Only this user may read the database files, as PostgreSQL requires of its data directory.
    await mkdir(dbDir, { recursive: true, mode: 0o700 });
    await chmod(dbDir, 0o700);
    socket = await socketIn(root);
    if (socket.temporaryDir) temporary.push(socket.temporaryDir);
    await watchWorkersForCancel(log);
    server = await startPgliteWorker({
      dataDir: dbDir,
      socketPath: socket.path,
      maxConnections: socketConnections,
      loadDataDir: options.dataDir ? undefined : options.loadDataDir,
      onEngine,
      onNotification,
    });
  } catch (err) {
    await removeTemporary();
    throw err;
  }
  watchdog.attach(server.threadId);
  const pool = createPool(socket.url, maxConnections, () => restarting !== undefined);

  /** Replaces a worker stuck in a runaway statement with a fresh one on the same files and socket. */
  function restart(reason: string): Promise<void> {
    if (restarting || closed || fenced) return restarting ?? Promise.resolve();
    generation++;
    const old = server;
    const started = performance.now();
    watchdog.attach(undefined);
    log(`${reason}: its PGlite worker is restarted`);
    restarting = (async () => {
      // The old worker is gone before the new one opens the files: one writer, always.
      await old.terminate();
      const terminatedMs = Math.round(performance.now() - started);
      for (let attempt = 0; ; attempt++) {
        try {
          server = await startPgliteWorker({
            dataDir: dbDir,
            socketPath: socket.path,
            maxConnections: socketConnections,
            onEngine,
            onNotification,
          });
          break;
        } catch (err) {
          if (attempt >= 20 || closed) throw err;
          await new Promise((r) => setTimeout(r, 100));
        }
      }
      // Fenced meanwhile: the new worker must not write either.
      if (fenced) return void (await server.terminate());
      watchdog.attach(server.threadId);
      log(`PGlite worker restarted in ${Math.round(performance.now() - started)} ms (stopped in ${terminatedMs} ms)`);
      // A new session listens to nothing: listen again, and tell the listeners what they may have missed.
      for (const [channel, set] of listeners) {
        await pool.query(`listen ${quoteChannel(channel)}`);
        for (const listener of set) listener.onGap?.();
      }
    })()
      .catch((err: unknown) => log(`PGlite worker could not be restarted: ${(err as Error).message}`))
      .finally(() => {
        restarting = undefined;
      });
    return restarting;
  }

  return {
    kind: 'pglite',
    url: socket.url,
    pool,
    // One engine, one session: one transaction at a time.
    slots: 1,
    get generation() {
      return generation;
    },
    get restarting() {
      return restarting;
    },
    watchStatements(client: pg.PoolClient, timeoutMs: number) {
      return client instanceof NamedClient ? watchdog.watch(client.connectionName, timeoutMs) : undefined;
    },
    async listen(channel, onNotification, onGap) {
      const listener = { onNotification, onGap };
      let set = listeners.get(channel);
      if (!set) {
        set = new Set();
        listeners.set(channel, set);
        await pool.query(`listen ${quoteChannel(channel)}`);
      }
      set.add(listener);
      return async () => {
        set.delete(listener);
        if (set.size > 0 || listeners.get(channel) !== set) return;
        listeners.delete(channel);
        if (!closed) await pool.query(`unlisten ${quoteChannel(channel)}`).catch(() => undefined);
      };
    },
    dump: () => server.dump(),
    fence() {
      fenced = true;
      void server.terminate();
      void pool.end().catch(() => undefined);
    },
    async close() {
      if (closed) return;
      closed = true;
      watchdog.close();
      if (restarting) await restarting;
      await pool.end().catch(() => undefined);
      if (fenced) await server.terminate();
      else await server.close();
      await removeTemporary();
    },
  };
}
