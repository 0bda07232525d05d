import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createAdaptorServer } from '@hono/node-server';
import { createClient } from '@supabase/supabase-js';
import type { Server } from 'node:http';
import { isLoopbackHost, publicExposureRisks, resolveConfig, type BackendOptions } from './config/config.ts';
import { DEFAULT_JWT_SECRET, deriveKeys } from './config/keys.ts';
import type { BackendContext } from './context.ts';
import {
  applyPlatformAndMigrations,
  openDatabase,
  openMigratedMemoryDatabase,
  runFixture,
  runSeed,
} from './db/index.ts';
import { attachRealtime, type RealtimeServer } from './realtime/routes.ts';
import { startReconciler } from './reconcile/reconcile.ts';
import { createApp } from './server.ts';
import { closeFunctions, warmFunctions } from './functions/functions.ts';
import { keepIdleConnections } from './http/keepAlive.ts';

export { deriveKeys, DEFAULT_JWT_SECRET } from './config/keys.ts';
export type { ProjectKeys } from './config/keys.ts';
export type { BackendOptions } from './config/config.ts';
export {
  DataDirLockedError,
  DataDirLockLostError,
  openDatabase,
  applyPlatformAndMigrations,
  runSeed,
  runFixture,
} from './db/index.ts';
export type { OpenedDatabase, SeedContext, SeedFunction, Caller, Database, SqlClient } from './db/index.ts';

export interface RunningBackend {
  /** Base URL: http://127.0.0.1:54321 */
  url: string;
  anonKey: string;
  serviceRoleKey: string;
  /** postgres:// URL of the database (pglite-socket on a private Unix socket, or DATABASE_URL). */
  dbUrl: string;
  /** Where object bytes live (inside dataDir, or a temporary folder removed by stop()). */
  filesDir: string;
  /** Whether /mailbox is served (loopback or explicitly enabled). */
  mailbox: boolean;
  /** Settles once every edge function has been loaded or failed to (warmFunctions); at once without it. */
  functionsWarmed: Promise<void>;
  stop(): Promise<void>;
}

/** The configuration would expose the backend to others (e.g. the default JWT secret on a public interface). */
export class InsecureConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'InsecureConfigError';
  }
}

/**
 * The WebSocket of the backend's own supabase-js client (seeds, fixtures), which Node 20 lacks: that client
 * never subscribes, and would fail loudly here if a seed tried to listen to the backend it is seeding.
 */
class NoRealtime {
  constructor() {
    throw new Error("The embedded backend's own client does not use Realtime");
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
  if (config.jwtSecret === DEFAULT_JWT_SECRET) {
    // Anyone can sign tokens with Supabase's public local secret: fine on this machine only.
    if (!isLoopbackHost(config.host)) {
      throw new InsecureConfigError(
        `Refusing to listen on ${config.host} with the default JWT secret: anyone could sign a service_role token. ` +
          `Set JWT_SECRET to a secret of at least 32 characters, or listen on 127.0.0.1.`,
      );
    }
    log(
      "WARNING: using the default JWT secret (Supabase's public local one): fine for local development only; set JWT_SECRET otherwise",
    );
  }
  const risks = publicExposureRisks(config);
  if (risks.length > 0 && !config.allowInsecurePublicBackend) {
    throw new InsecureConfigError(
      `Refusing to listen on ${config.host}: ${risks.join('; ')}. Listen on 127.0.0.1, fix the setting, or set ` +
        `ALLOW_INSECURE_PUBLIC_BACKEND=1 (option allowInsecurePublicBackend) to start anyway.`,
    );
  }
  if (risks.length > 0) {
    log(`WARNING: listening on ${config.host} although ${risks.join('; ')}: ALLOW_INSECURE_PUBLIC_BACKEND is set`);
  }
  const keys = await deriveKeys(config.jwtSecret);
  const inMemory = !config.dataDir && !config.databaseUrl;
  const openOptions = { statementTimeouts: config.statementTimeouts, log };
  // Set once the server exists: a lost data directory lock stops it (the database is fenced already).
  const onLockLost = (err: Error): void => {
    log(`FATAL: ${err.message}`);
    if (config.onFatal) config.onFatal(err);
    else process.exit(4);
  };
  const db = inMemory
    ? await openMigratedMemoryDatabase(config.projectDir, log, openOptions)
    : await openDatabase({
        ...openOptions,
        dataDir: config.dataDir,
        databaseUrl: config.databaseUrl,
        onLockLost: (err) => onLockLost(err),
      });
  let tempDir: string | undefined;
  let server: Server | undefined;
  let stopReconciler: (() => Promise<void>) | undefined;
  let realtime: RealtimeServer | undefined;
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
    // Before the server answers anything: at start nothing older than this process can be in flight.
    stopReconciler = await startReconciler(ctx, config.reconcile);
    const app = createApp(ctx);
    server = createAdaptorServer({ fetch: app.fetch, hostname: config.host }) as Server;
    keepIdleConnections(server);
    if (config.realtime.enabled) realtime = await attachRealtime(server, ctx, config.realtime.limits);
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
      realtime: { transport: NoRealtime as never },
    });
    const seedCtx = { supabase, url: ctx.url, log };
    if (config.seed) await runSeed(db, config.projectDir, seedCtx);
    for (const name of config.fixtures) await runFixture(db, config.projectDir, name, seedCtx);

    log(
      `ready at ${ctx.url} (${db.kind}${config.dataDir ? `, data in ${config.dataDir}` : ', in memory'})${config.mailbox ? `; mailbox ${ctx.url}/mailbox` : ''}`,
    );
    // After the seed, so the functions' imports do not slow the start; stop() waits for them.
    const functionsWarmed = config.warmFunctions ? warmFunctions(ctx) : Promise.resolve();
    const running = server;
    let stopped = false;
    return {
      url: ctx.url,
      anonKey: keys.anonKey,
      serviceRoleKey: keys.serviceRoleKey,
      dbUrl: db.url,
      filesDir,
      mailbox: config.mailbox,
      functionsWarmed,
      async stop() {
        if (stopped) return;
        stopped = true;
        await functionsWarmed;
        await closeFunctions(ctx);
        await stopReconciler?.();
        // Its sockets are upgraded connections, which the HTTP server's close would wait for.
        await realtime?.close();
        await new Promise<void>((resolve) => {
          running.close(() => resolve());
          running.closeAllConnections();
        });
        await db.close();
        if (tempDir) await rm(tempDir, { recursive: true, force: true });
      },
    };
  } catch (err) {
    await stopReconciler?.();
    await realtime?.close();
    if (server) {
      server.closeAllConnections();
      server.close();
    }
    await db.close();
    if (tempDir) await rm(tempDir, { recursive: true, force: true });
    throw err;
  }
}
