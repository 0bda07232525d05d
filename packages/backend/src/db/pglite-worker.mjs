// PGlite runs here, in a worker thread, so its synchronous WebAssembly work never blocks the HTTP server's
// event loop. It is served over the Postgres wire protocol by pglite-socket on a Unix socket, which does no
// authentication: the socket lives in a directory only this user may enter (pglite-server.ts), so no other local
// user's process can reach it. Plain JavaScript so it loads in a Worker under tsx, vitest and plain node alike.
import { chmodSync, rmSync } from 'node:fs';
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { pgcrypto } from '@electric-sql/pglite/contrib/pgcrypto';
import { uuid_ossp } from '@electric-sql/pglite/contrib/uuid_ossp';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';
import { serializeWireSequences } from './pglite-wire-queue.mjs';

/** @type {{ dataDir: string, socketPath: string, maxConnections: number, loadDataDir?: Uint8Array, idleHoldMs: number, wasmModule?: WebAssembly.Module, fsBundle?: Uint8Array }} */
const options = workerData;

/** @type {PGlite | undefined} */
let db;
/** @type {PGLiteSocketServer | undefined} */
let server;

async function start() {
  db = await PGlite.create({
    dataDir: options.dataDir,
    extensions: { pgcrypto, uuid_ossp },
    loadDataDir: options.loadDataDir ? new Blob([options.loadDataDir]) : undefined,
    // Compiled and read once by the main thread (pglite-server.ts).
    pgliteWasmModule: options.wasmModule,
    fsBundle: options.fsBundle ? new Blob([options.fsBundle]) : undefined,
  });
  // A socket file left by a terminated worker (or a killed backend) would make listen() fail; the data
  // directory's lock says no other backend is using it.
  rmSync(options.socketPath, { force: true });
  // A NOTIFY that reaches the session while PGlite runs a statement of its own (pglite-socket rolls back the
  // transaction of a connection that went away) is parsed by PGlite, not by the wire queue below.
  db.onNotification((channel, payload) => parentPort?.postMessage({ type: 'notification', channel, payload }));
  server = new PGLiteSocketServer({ db, path: options.socketPath, maxConnections: options.maxConnections });
  const wire = serializeWireSequences(server, (event) => parentPort?.postMessage(event), options.idleHoldMs);
  // Called by the main thread through the inspector while the engine is busy (pglite-watchdog.ts): the only way in.
  globalThis.snapshireCancelStatement = wire.cancel;
  await server.start();
  chmodSync(options.socketPath, 0o600);
  parentPort?.postMessage({ type: 'ready' });
}

parentPort?.on('message', async (msg) => {
  try {
    if (msg.type === 'dump') {
      const blob = await db?.dumpDataDir('none');
      const bytes = blob ? new Uint8Array(await blob.arrayBuffer()) : new Uint8Array();
      parentPort?.postMessage({ type: 'dumped', id: msg.id, bytes }, [bytes.buffer]);
    } else if (msg.type === 'close') {
      await server?.stop();
      await db?.close();
      parentPort?.postMessage({ type: 'closed' });
    }
  } catch (err) {
    parentPort?.postMessage({ type: 'error', id: msg.id, message: err instanceof Error ? err.message : String(err) });
  }
});

start().catch((err) => {
  // Only the message: PGlite's stacks carry megabytes of minified code.
  parentPort?.postMessage({ type: 'error', message: err instanceof Error ? err.message : String(err) });
});
