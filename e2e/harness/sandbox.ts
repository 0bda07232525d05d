/**
 * A private copy of the site for failure tests: the built host and remotes served on free ports of their own,
 * against the shared e2e backend, with remotes that can be taken down, brought back, or made to hang (accept
 * the connection and never answer), and a shortened remote time-out.
 */
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

export class SandboxRemote {
  private server: RunningServer | null = null;
  state: RemoteState = 'down';

  constructor(
    readonly name: RemoteName,
    readonly port: number,
  ) {}

  get origin(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  /** Serves the remote's build. */
  async up(): Promise<void> {
    await this.down();
    this.server = await startStaticServer({ root: join(REPO_ROOT, REMOTE_DIRS[this.name], 'dist'), port: this.port });
    this.state = 'up';
  }

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
async function freePort(): Promise<number> {
  const probe = await startHangingServer({ port: 0 });
  await probe.close();
  return probe.port;
}

export async function startSandbox(
  stack: E2EStack,
  options: { remoteTimeoutMs: number; states?: Partial<Record<RemoteName, RemoteState>> },
): Promise<Sandbox> {
  const remotes = {} as Record<RemoteName, SandboxRemote>;
  for (const name of Object.keys(REMOTE_DIRS) as RemoteName[]) {
    const remote = new SandboxRemote(name, await freePort());
    const state = options.states?.[name] ?? 'up';
    if (state === 'up') await remote.up();
    else if (state === 'hanging') await remote.hang();
    remotes[name] = remote;
  }
  const config = {
    supabaseUrl: stack.supabaseUrl,
    supabaseAnonKey: stack.anonKey,
    remotes: Object.fromEntries(Object.values(remotes).map((r) => [r.name, `${r.origin}/mf-manifest.json`])),
    remoteTimeoutMs: options.remoteTimeoutMs,
  };
  const host = await startStaticServer({
    root: join(REPO_ROOT, 'host', 'dist'),
    port: 0,
    spa: true,
    overrides: { '/config.json': JSON.stringify(config) },
  });
  return {
    url: host.url,
    remotes,
    async close() {
      await host.close();
      for (const remote of Object.values(remotes)) await remote.down();
    },
  };
}
