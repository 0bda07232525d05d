import { spawn } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { E2E_PORTS } from './ports.ts';
import { STACK_DATA_DIR_ENV, STACK_ENV, STACK_PID_ENV, type E2EStack } from './stack.ts';

const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
/** The stack's output, one file per port set (runs on other ports do not overwrite it). */
export const STACK_LOG = join(REPO_ROOT, 'e2e', `stack-${E2E_PORTS.host}.log`);
const READY = 'SNAPSHIRE_READY ';
const START_TIMEOUT_MS = 240_000;

/**
 * Starts the built site as `npm start` does (scripts/start.mjs), on the e2e ports with a fresh data
 * directory, and publishes its URLs and keys to the tests. Its output goes to stack.log in the e2e folder.
 */
export default async function globalSetup(): Promise<void> {
  const dataDir = await mkdtemp(join(tmpdir(), 'snapshire-e2e-'));
  const child = spawn(process.execPath, [join(REPO_ROOT, 'scripts', 'start.mjs')], {
    cwd: REPO_ROOT,
    env: {
      ...process.env,
      HOST_PORT: String(E2E_PORTS.host),
      REMOTE_BROWSE_PORT: String(E2E_PORTS.remote_browse),
      REMOTE_AUTH_PORT: String(E2E_PORTS.remote_auth),
      REMOTE_UPLOAD_PORT: String(E2E_PORTS.remote_upload),
      BACKEND_PORT: String(E2E_PORTS.backend),
      DATA_DIR: dataDir,
      // Test data beyond the seed: the 500-post group of the browse journeys.
      FIXTURES: process.env.E2E_FIXTURES ?? 'large-group',
      // Every journey signs in from 127.0.0.1: more than config.toml's 30 per 5 minutes per IP.
      RATE_LIMIT_SIGN_IN_SIGN_UPS: process.env.RATE_LIMIT_SIGN_IN_SIGN_UPS ?? '150',
      SNAPSHIRE_READY_JSON: '1',
      SNAPSHIRE_NO_WRITE_CONFIG: '1',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const log = createWriteStream(STACK_LOG);
  child.stderr.pipe(log);

  const starting = new Promise<E2EStack>((ready, fail) => {
    const timer = setTimeout(
      () => fail(new Error(`the stack did not start within ${START_TIMEOUT_MS / 1000} s (see ${STACK_LOG})`)),
      START_TIMEOUT_MS,
    );
    let buffered = '';
    let found = false;
    child.stdout.on('data', (chunk: Buffer) => {
      log.write(chunk);
      if (found) return;
      buffered += chunk.toString();
      const complete = buffered.split('\n').slice(0, -1); // only whole lines: the JSON may arrive in pieces
      const line = complete.find((l) => l.startsWith(READY));
      if (line) {
        found = true;
        clearTimeout(timer);
        ready(JSON.parse(line.slice(READY.length)) as E2EStack);
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      fail(new Error(`the stack exited with code ${code} before it was ready (see ${STACK_LOG})`));
    });
  });
  let stack: E2EStack;
  try {
    stack = await starting;
  } catch (err) {
    child.kill('SIGTERM');
    throw err;
  }
  child.removeAllListeners('exit');

  process.env[STACK_ENV] = JSON.stringify(stack);
  process.env[STACK_PID_ENV] = String(child.pid);
  process.env[STACK_DATA_DIR_ENV] = dataDir;
}
