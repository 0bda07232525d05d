import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createAdaptorServer } from '@hono/node-server';
import { createClient } from '@supabase/supabase-js';
import type { Server } from 'node:http';
import { resolveConfig, type BackendOptions } from './config/config.ts';
import { deriveKeys } from './config/keys.ts';
import type { BackendContext } from './context.ts';
import {
  applyPlatformAndMigrations,
  openDatabase,
  openMigratedMemoryDatabase,
  runFixture,
  runSeed,
} from './db/index.ts';
import { createApp } from './server.ts';

export { deriveKeys, DEFAULT_JWT_SECRET } from './config/keys.ts';
export type { ProjectKeys } from './config/keys.ts';
export type { BackendOptions } from './config/config.ts';
export { DataDirLockedError, openDatabase, applyPlatformAndMigrations, runSeed, runFixture } from './db/index.ts';
export type { OpenedDatabase, SeedContext, SeedFunction, Caller, Database, SqlClient } from './db/index.ts';

export interface RunningBackend {
  /** Base URL: http://127.0.0.1:54321 */
  url: string;
  anonKey: string;
  serviceRoleKey: string;
  /** postgres:// URL of the database (pglite-socket on loopback, or DATABASE_URL). */
  dbUrl: string;
  /** Where object bytes live (inside dataDir, or a temporary folder removed by stop()). */
  filesDir: string;
  stop(): Promise<void>;
}

/** A WebSocket stand-in for supabase-js on Node 20 (no global WebSocket): seeds do not use realtime. */
class NoRealtime {
  constructor() {
    throw new Error('Realtime is not available inside the embedded backend');
  }
}

async function realtimeTransport(): Promise<unknown> {
  try {
    return (await import('ws')).default;
  } catch {
    return NoRealtime;
  }
}

function listen(server: Server, port: number, host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve((server.address() as AddressInfo).port);
    });
  });
}

/**
 * Starts the embedded Supabase-compatible backend: database (PGlite in a worker, or DATABASE_URL), platform
 * schema and the project's migrations, the HTTP server, then the seed (once per database) and any fixtures.
 */
export async function startBackend(options: BackendOptions = {}): Promise<RunningBackend> {
  const config = resolveConfig(options);
  const { log } = config;
  const keys = await deriveKeys(config.jwtSecret);
  const inMemory = !config.dataDir && !config.databaseUrl;
  const db = inMemory
    ? await openMigratedMemoryDatabase(config.projectDir, log)
    : await openDatabase({ dataDir: config.dataDir, databaseUrl: config.databaseUrl });
  let tempDir: string | undefined;
  let server: Server | undefined;
  try {
    if (!inMemory) await applyPlatformAndMigrations(db, config.projectDir, log);
    const filesDir = config.dataDir
      ? join(config.dataDir, 'storage')
      : (tempDir = await mkdtemp(join(tmpdir(), 'snapshire-storage-')));
    const ctx: BackendContext = {
      db,
      config,
      keys,
      url: '',
      objectsDir: join(filesDir, 'objects'),
      renderCacheDir: join(filesDir, 'render-cache'),
      log,
    };
    const app = createApp(ctx);
    server = createAdaptorServer({ fetch: app.fetch, hostname: config.host }) as Server;
    const port = await listen(server, config.port, config.host);
    const urlHost =
      config.host === '0.0.0.0' || config.host === '::'
        ? '127.0.0.1'
        : config.host.includes(':')
          ? `[${config.host}]`
          : config.host;
    ctx.url = `http://${urlHost}:${port}`;

    const supabase = createClient(ctx.url, keys.serviceRoleKey, {
      auth: { persistSession: false, autoRefreshToken: false },
      realtime: { transport: (await realtimeTransport()) as never },
    });
    const seedCtx = { supabase, url: ctx.url, log };
    if (config.seed) await runSeed(db, config.projectDir, seedCtx);
    for (const name of config.fixtures) await runFixture(db, config.projectDir, name, seedCtx);

    log(
      `ready at ${ctx.url} (${db.kind}${config.dataDir ? `, data in ${config.dataDir}` : ', in memory'}); mailbox ${ctx.url}/mailbox`,
    );
    const running = server;
    let stopped = false;
    return {
      url: ctx.url,
      anonKey: keys.anonKey,
      serviceRoleKey: keys.serviceRoleKey,
      dbUrl: db.url,
      filesDir,
      async stop() {
        if (stopped) return;
        stopped = true;
        await new Promise<void>((resolve) => {
          running.close(() => resolve());
          running.closeAllConnections();
        });
        await db.close();
        if (tempDir) await rm(tempDir, { recursive: true, force: true });
      },
    };
  } catch (err) {
    if (server) {
      server.closeAllConnections();
      server.close();
    }
    await db.close();
    if (tempDir) await rm(tempDir, { recursive: true, force: true });
    throw err;
  }
}
