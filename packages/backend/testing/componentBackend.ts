/**
 * The real backend for the apps' component tests (`@snapshire/backend/testing`): the product's own project
 * (supabase/ migrations, RLS, storage policies, config.toml) in memory, without the seed, so each test file
 * inserts only what its screens show, and the screens run on the real @snapshire/data (its one supabase-js
 * client and Apollo Client) against it. It runs in a child process (componentBackendProcess.ts), because
 * component tests run in jsdom, whose globals the backend's Node code must not see; a test file starts one in
 * beforeAll and stops it in afterAll (about 3 s), and can pause it (SIGSTOP) to hold every answer.
 *
 * This module itself uses only what jsdom leaves alone (child processes, node:http).
 */
import { spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import type { BackendOptions } from '../src/config/config.ts';

export { mailFor, uniqueEmail } from './mailbox.ts';
/** A relay between a screen and its backend that records what the client sent and whose line a test can cut. */
export { startRelay, type Relay, type RelayedRequest } from './relay.ts';
/** A real JPEG with a camera's EXIF (and a GPS position and serial numbers the server must drop), for screens that read it. */
export { CAMERA_EXIF, cameraPhoto } from './upload-photos.ts';

/** What a test file asks of its backend's process while setting up (componentBackendProcess.ts). */
export type SetupRequest =
  | { op: 'sql'; text: string; params?: unknown[] }
  | { op: 'createUser'; email: string; password: string; confirmed: boolean; displayName?: string }
  | { op: 'storePhoto'; path: string };

/** The options a component test may set: everything serialisable of BackendOptions. */
export type ComponentBackendOptions = Pick<
  BackendOptions,
  'autoconfirm' | 'passwordRequirements' | 'minimumPasswordLength' | 'jwtExpiry' | 'authRateLimits'
>;

export interface ComponentBackend {
  url: string;
  anonKey: string;
  /** What <DataProvider config> takes to talk to this backend. */
  config: { supabaseUrl: string; supabaseAnonKey: string };
  /** Runs SQL as the database owner (no RLS): for inserting what a test shows. */
  sql<Row = Record<string, unknown>>(text: string, params?: unknown[]): Promise<Row[]>;
  /** Creates an account (its e-mail address confirmed unless told otherwise); returns its id. */
  /** displayName: the public name it signed up with (chosen, so signing in asks for none). */
  createUser(email: string, password: string, options?: { confirmed?: boolean; displayName?: string }): Promise<string>;
  /** Stores a small JPEG at `path` in the photo bucket (what signing a post's photo needs). */
  storePhoto(path: string): Promise<void>;
  /** Freezes the backend's process (SIGSTOP): requests wait, unanswered, until the returned resume(). */
  pause(): () => void;
  stop(): Promise<void>;
}

const PROCESS_ENTRY = join(dirname(fileURLToPath(import.meta.url)), 'componentBackendProcess.ts');
const BACKEND_DIR = join(dirname(fileURLToPath(import.meta.url)), '..');

export async function startComponentBackend(options: ComponentBackendOptions = {}): Promise<ComponentBackend> {
  const child = spawn(process.execPath, ['--import', 'tsx', PROCESS_ENTRY, JSON.stringify(options)], {
    cwd: BACKEND_DIR,
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const pending = new Map<number, { resolve: (value: unknown) => void; reject: (err: Error) => void }>();
  const ready = new Promise<{ url: string; anonKey: string }>((resolve, reject) => {
    void exited.then(() => reject(new Error('The component test backend exited before it was ready')));
    createInterface({ input: child.stdout }).on('line', (line) => {
      if (line.startsWith('READY ')) return resolve(JSON.parse(line.slice(6)) as { url: string; anonKey: string });
      if (!line.startsWith('{')) return;
      const answer = JSON.parse(line) as { id: number; result?: unknown; error?: string };
      const call = pending.get(answer.id);
      pending.delete(answer.id);
      if (answer.error !== undefined) call?.reject(new Error(answer.error));
      else call?.resolve(answer.result);
    });
  });
  let next = 0;
  const ask = <T>(request: SetupRequest) =>
    new Promise<T>((resolve, reject) => {
      const id = ++next;
      pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      child.stdin.write(`${JSON.stringify({ id, ...request })}\n`);
    });
  const { url, anonKey } = await ready;
  return {
    url,
    anonKey,
    config: { supabaseUrl: url, supabaseAnonKey: anonKey },
    sql: (text, params) => ask({ op: 'sql', text, params }),
    createUser: (email, password, { confirmed = true, displayName } = {}) =>
      ask<string>({ op: 'createUser', email, password, confirmed, displayName }),
    storePhoto: (path) => ask<void>({ op: 'storePhoto', path }),
    pause() {
      child.kill('SIGSTOP');
      return () => void child.kill('SIGCONT');
    },
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGCONT');
      child.stdin.end();
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    },
  };
}
