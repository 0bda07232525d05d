// PGlite runs here, in a worker thread, so its synchronous WebAssembly work never blocks the HTTP server's
// event loop. It is served over the Postgres wire protocol on a loopback port by pglite-socket (which does no
// authentication: never bind it anywhere but 127.0.0.1). Plain JavaScript so it loads in a Worker under tsx,
// vitest and plain node alike.
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { pgcrypto } from '@electric-sql/pglite/contrib/pgcrypto';
import { uuid_ossp } from '@electric-sql/pglite/contrib/uuid_ossp';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';
import { serializeWireSequences } from './pglite-wire-queue.mjs';

/** @type {{ dataDir?: string, maxConnections: number, loadDataDir?: Uint8Array, port?: number, idleHoldMs: number }} */
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
  });
  server = new PGLiteSocketServer({
    db,
    host: '127.0.0.1',
    port: options.port ?? 0,
    maxConnections: options.maxConnections,
  });
  serializeWireSequences(server, (event) => parentPort?.postMessage(event), options.idleHoldMs);
  await server.start();
  const conn = server.getServerConn();
  const port = Number(conn.slice(conn.lastIndexOf(':') + 1));
  parentPort?.postMessage({ type: 'ready', port });
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
