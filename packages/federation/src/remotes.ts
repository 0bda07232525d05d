// Types only: the vite configs import this file, and their config loader runs on Node, which cannot load the
// workspace packages' TypeScript.
import type { ScreenModule, ScreenRemote } from '@snapshire/contracts';

/**
 * The federated remotes: their federation names, what each exposes, the part of the site each one is (named in
 * the host's fallback when it cannot load), and default ports. Pure data: the host imports it at run time and
 * the vite configs at build time, so a name or an exposed path is written once. Which screens each remote
 * exposes is declared in SCREENS (packages/contracts/src/screens.ts); federation.test.ts checks these agree.
 */
export const REMOTES = {
  remote_browse: {
    workspace: 'remote-browse',
    part: 'Browsing',
    exposes: {
      './GroupsPage': './src/screens/GroupsPage/GroupsPage.tsx',
      './GroupPage': './src/screens/GroupPage/GroupPage.tsx',
      './PostView': './src/screens/PostView/PostView.tsx',
      './NewGroupPage': './src/screens/NewGroupPage/NewGroupPage.tsx',
      './GroupSettingsPage': './src/screens/GroupSettingsPage/GroupSettingsPage.tsx',
      './InvitationPage': './src/screens/InvitationPage/InvitationPage.tsx',
    },
  },
  remote_auth: {
    workspace: 'remote-auth',
    part: 'Sign-in',
    exposes: {
      './AuthScreen': './src/screens/AuthScreen/AuthScreen.tsx',
      './NamePromptScreen': './src/screens/NamePromptScreen/NamePromptScreen.tsx',
      './AccountScreen': './src/screens/AccountScreen/AccountScreen.tsx',
    },
  },
  remote_upload: {
    workspace: 'remote-upload',
    part: 'Posting',
    exposes: {
      './NewPostScreen': './src/screens/NewPostScreen/NewPostScreen.tsx',
    },
  },
} as const satisfies Record<ScreenRemote, unknown>;

export type RemoteName = keyof typeof REMOTES;
export const REMOTE_NAMES = Object.keys(REMOTES) as RemoteName[];

/** An exposed module of one remote, e.g. ExposedModule<'remote_browse'> = 'GroupsPage' | 'GroupPage' | ... */
export type ExposedModule<R extends RemoteName> = ScreenModule<R>;

/** A screen that lives in a remote: which remote, and which of its exposed modules. */
export type RemoteScreenRef = { [R in RemoteName]: { remote: R; module: ExposedModule<R> } }[RemoteName];

/**
 * What every exposed module must be: a default-exported component that takes no props (a screen reads the
 * route, router state, session and Apollo from the providers the host supplies). Each remote's
 * src/contract.check.ts assigns its exposed modules to this, so its type check fails when one stops fitting.
 */
export interface ExposedScreenModule {
  default: (props: Record<string, never>) => unknown;
}

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
