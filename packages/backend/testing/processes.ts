import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const CLI = fileURLToPath(new URL('../src/cli.ts', import.meta.url));

/**
 * A limit on a hang, not a speed check (as the e2e stack's start, e2e/harness/global-setup.ts): at the start of
 * CI's unit stage, every package's lint, types and tests share the 2 cores, and one start took over 90 s there.
 */
const START_LIMIT_MS = 240_000;

/** A backend started as its own process with the CLI (`npm start`'s code path), to pause, kill and restart. */
export interface BackendProcess {
  child: ChildProcess;
  url: string;
  anonKey: string;
  serviceRoleKey: string;
  /** postgres:// URL of its database. */
  dbUrl: string;
  /** Everything it printed so far. */
  output(): string;
  /** Resolves with the exit code (null when killed by a signal) once it has exited. */
  exited: Promise<number | null>;
}

/** Starts the CLI (this checkout's, or `cli`: another checkout's, e.g. to benchmark before and after a change). */
export function startBackendProcess(env: Record<string, string>, cli = CLI): Promise<BackendProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', cli], {
    env: { ...process.env, PORT: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`backend did not start within ${START_LIMIT_MS / 1000} s:\n${out}`));
    }, START_LIMIT_MS);
    const onData = (d: Buffer) => {
      out += d.toString();
      const url = /API URL:\s+(\S+)/.exec(out)?.[1];
      const anonKey = /anon key:\s+(\S+)/.exec(out)?.[1];
      const serviceRoleKey = /service_role key:\s+(\S+)/.exec(out)?.[1];
      const dbUrl = /database:\s+(\S+)/.exec(out)?.[1];
      if (url && anonKey && serviceRoleKey && dbUrl) {
        clearTimeout(timer);
        resolve({ child, url, anonKey, serviceRoleKey, dbUrl, output: () => out, exited });
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`backend exited with ${code} before it was ready:\n${out}`));
    });
  });
}

/** SIGTERM, then SIGKILL after 15 s; resolves once it has exited. */
export async function stopBackendProcess(p: BackendProcess): Promise<void> {
  if (p.child.exitCode !== null || p.child.signalCode !== null) return;
  p.child.kill('SIGTERM');
  const timer = setTimeout(() => p.child.kill('SIGKILL'), 15_000);
  await p.exited;
  clearTimeout(timer);
}
