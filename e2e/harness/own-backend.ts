/**
 * A backend of a test's own, started as `npm start` starts it (the CLI, its own process, the seed applied),
 * which the test may stop and start again on the same port and data: the shared e2e backend serves every
 * other journey and is never restarted under them.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startBackendProcess, stopBackendProcess, type BackendProcess } from '@snapshire/backend/processes';
import { freePort } from './sandbox.ts';

export interface OwnBackend {
  url: string;
  anonKey: string;
  /** SIGTERM (as a deploy or `npm start` being stopped does), then the same command on the same port and data. */
  restart(): Promise<void>;
  stop(): Promise<void>;
}

export async function startOwnBackend(): Promise<OwnBackend> {
  const dataDir = await mkdtemp(join(tmpdir(), 'snapshire-own-backend-'));
  const env = { PORT: String(await freePort()), DATA_DIR: dataDir };
  let running: BackendProcess | null = await startBackendProcess(env);
  const { url, anonKey } = running;
  return {
    url,
    anonKey,
    async restart() {
      if (running) await stopBackendProcess(running);
      running = null;
      running = await startBackendProcess(env);
    },
    async stop() {
      if (running) await stopBackendProcess(running);
      running = null;
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
