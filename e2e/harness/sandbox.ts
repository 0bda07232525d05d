/**
 * A private copy of the site for failure and deploy tests: the built host and remotes served on free ports of
 * their own, against the shared e2e backend, with remotes that can be taken down, brought back, made to hang
 * (accept the connection and never answer), or served from another folder (a redeployed build), and a
 * config.json a test may change (shortened time-outs, an entry left out).
 */
import { cp, mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startHangingServer, startStaticServer, type RunningServer } from '../../scripts/lib/static-server.mjs';
import type { E2EStack } from './stack.ts';

const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');

export type RemoteName = keyof E2EStack['remoteOrigins'];
export type RemoteState = 'up' | 'down' | 'hanging';
const REMOTE_DIRS: Record<RemoteName, string> = {
  remote_browse: 'remote-browse',
  remote_auth: 'remote-auth',
  remote_upload: 'remote-upload',
};

/** The repository's build of an app (what `npm run build` wrote). */
export const builtDist = (app: string) => join(REPO_ROOT, app, 'dist');

export class SandboxRemote {
  private server: RunningServer | null = null;
  state: RemoteState = 'down';
  /** The folder served: the repository's build unless a test deploys into a folder of its own. */
  root: string;

  constructor(
    readonly name: RemoteName,
    readonly port: number,
  ) {
    this.root = builtDist(REMOTE_DIRS[name]);
  }

  get origin(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  /** Serves the remote's build (from `root` when given; it stays the served folder). */
  async up(root?: string): Promise<void> {
    await this.down();
    if (root) this.root = root;
    this.server = await startStaticServer({ root: this.root, port: this.port });
    this.state = 'up';
  }

  /**
   * Serves a private copy of the current folder, which the test may then overwrite as a deploy would
   * (replaceWith: a plain `vite build` into the served folder; scripts/deploy-remote.mjs: the immutable deploy).
   */
  async serveCopy(): Promise<string> {
    const copy = await mkdtemp(join(tmpdir(), `snapshire-${this.name}-`));
    await cp(this.root, copy, { recursive: true });
    this.copies.push(copy);
    await this.up(copy);
    return copy;
  }

  /** What `vite build` into the served folder does: every old file removed, the new build written. */
  async replaceWith(dist: string): Promise<void> {
    for (const entry of await readdir(this.root)) await rm(join(this.root, entry), { recursive: true, force: true });
    await cp(dist, this.root, { recursive: true });
  }

  readonly copies: string[] = [];

  /** Nothing listens: connections are refused. */
  async down(): Promise<void> {
    await this.server?.close();
    this.server = null;
    this.state = 'down';
  }

  /** Accepts connections and never answers. */
  async hang(): Promise<void> {
    await this.down();
    this.server = await startHangingServer({ port: this.port });
    this.state = 'hanging';
  }
}

export interface Sandbox {
  url: string;
  remotes: Record<RemoteName, SandboxRemote>;
  close(): Promise<void>;
}

/** Asks the OS for a free port (listen on 0, then release it). */
export async function freePort(): Promise<number> {
  const probe = await startHangingServer({ port: 0 });
  await probe.close();
  return probe.port;
}

export interface SandboxOptions {
  remoteTimeoutMs: number;
  remoteFirstByteTimeoutMs?: number;
  states?: Partial<Record<RemoteName, RemoteState>>;
  /** Folders to serve instead of the repository's builds (e.g. a previous release's). */
  roots?: Partial<Record<RemoteName | 'host', string>>;
  /** Changes config.json before it is served (e.g. leaves a remote's entry out). */
  config?: (config: Record<string, unknown> & { remotes: Record<string, unknown> }) => unknown;
}

export async function startSandbox(stack: E2EStack, options: SandboxOptions): Promise<Sandbox> {
  const remotes = {} as Record<RemoteName, SandboxRemote>;
  for (const name of Object.keys(REMOTE_DIRS) as RemoteName[]) {
    const remote = new SandboxRemote(name, await freePort());
    const state = options.states?.[name] ?? 'up';
    if (options.roots?.[name]) remote.root = options.roots[name];
    if (state === 'up') await remote.up();
    else if (state === 'hanging') await remote.hang();
    remotes[name] = remote;
  }
  const config = {
    supabaseUrl: stack.supabaseUrl,
    supabaseAnonKey: stack.anonKey,
    remotes: Object.fromEntries(Object.values(remotes).map((r) => [r.name, `${r.origin}/mf-manifest.json`])),
    remoteTimeoutMs: options.remoteTimeoutMs,
    ...(options.remoteFirstByteTimeoutMs ? { remoteFirstByteTimeoutMs: options.remoteFirstByteTimeoutMs } : {}),
  };
  const served = options.config ? options.config(config) : config;
  const host = await startStaticServer({
    root: options.roots?.host ?? builtDist('host'),
    port: 0,
    spa: true,
    overrides: { '/config.json': JSON.stringify(served) },
  });
  return {
    url: host.url,
    remotes,
    async close() {
      await host.close();
      for (const remote of Object.values(remotes)) {
        await remote.down();
        for (const copy of remote.copies) await rm(copy, { recursive: true, force: true });
      }
    },
  };
}
