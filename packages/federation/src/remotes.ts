// Types only: the vite configs import this file, and their config loader runs on Node, which cannot load the
// workspace packages' TypeScript.
import type { ScreenModule, ScreenRemote } from '@snapshire/contracts';

/**
 * The federated remotes: their federation names, their workspaces, the part of the site each one is (named in
 * the host's fallback when it cannot load), and default ports. Pure data: the host imports it at run time and
 * the vite configs at build time, so a name is written once. Which screens each remote exposes is declared in
 * SCREENS (packages/contracts/src/screens.ts); its build derives its exposes from it (remoteExposes in index.ts).
 */
export const REMOTES = {
  remote_browse: {
    workspace: 'remote-browse',
    part: 'Browsing',
  },
  remote_auth: {
    workspace: 'remote-auth',
    part: 'Sign-in',
  },
  remote_upload: {
    workspace: 'remote-upload',
    part: 'Posting',
  },
} as const satisfies Record<ScreenRemote, unknown>;

export type RemoteName = keyof typeof REMOTES;
export const REMOTE_NAMES = Object.keys(REMOTES) as RemoteName[];

/** An exposed module of one remote, e.g. ExposedModule<'remote_browse'> = 'GroupsPage' | 'GroupPage' | ... */
export type ExposedModule<R extends RemoteName> = ScreenModule<R>;

/** A screen that lives in a remote: which remote, and which of its exposed modules. */
export type RemoteScreenRef = { [R in RemoteName]: { remote: R; module: ExposedModule<R> } }[RemoteName];

/** The host's federation name (it consumes the remotes and provides every shared singleton). */
export const HOST_NAME = 'host';

/** Default ports of `npm start` / `npm run dev` (README.md, "Settings"); each is overridable by environment. */
export const DEFAULT_PORTS = {
  backend: 54321,
  host: 5173,
  remote_browse: 5174,
  remote_auth: 5175,
  remote_upload: 5176,
} as const;

/** The manifest a remote's build writes at its root (plugin option manifest: true). */
export const REMOTE_MANIFEST_FILE = 'mf-manifest.json';
export const REMOTE_ENTRY_FILE = 'remoteEntry.js';

/** URL of a remote's manifest when the remote is served at `origin` (e.g. http://127.0.0.1:5174). */
export function remoteManifestUrl(origin: string): string {
  return `${origin.replace(/\/+$/, '')}/${REMOTE_MANIFEST_FILE}`;
}
