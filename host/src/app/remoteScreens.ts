import type { RouteName } from '@snapshire/contracts';
import type { ExposedModule, RemoteName } from '@snapshire/federation/remotes';

/** A screen that lives in a remote: which remote, and which of its exposed modules. */
export interface RemoteScreenRef<R extends RemoteName = RemoteName> {
  remote: R;
  module: ExposedModule<R>;
}

const screen = <R extends RemoteName, M extends ExposedModule<R>>(remote: R, module: M) => ({ remote, module });

/**
 * The routes whose screen a remote draws, by route name (ROUTES in packages/contracts). The route table
 * (routes.tsx) renders them, and the host's build writes them into index.html so the page can start
 * fetching the current route's remote before the shell's own JavaScript has run (host/build/
 * earlyRemotePlugin.ts). Only type imports here: the build's config loader reads this file on Node.
 */
export const REMOTE_SCREENS = {
  GROUPS: screen('remote_browse', 'GroupsPage'),
  GROUP_NEW: screen('remote_browse', 'NewGroupPage'),
  GROUP_SETTINGS: screen('remote_browse', 'GroupSettingsPage'),
  INVITATION: screen('remote_browse', 'InvitationPage'),
  GROUP_BY_ID: screen('remote_browse', 'GroupPage'),
  GROUP_POST_BY_ID: screen('remote_browse', 'PostView'),
  GROUP_NEW_POST: screen('remote_upload', 'NewPostScreen'),
  AUTH_REGISTER: screen('remote_auth', 'AuthScreen'),
  AUTH_LOGIN: screen('remote_auth', 'AuthScreen'),
  AUTH_FORGOT_PASSWORD: screen('remote_auth', 'AuthScreen'),
  AUTH_RESET_PASSWORD: screen('remote_auth', 'AuthScreen'),
  ACCOUNT: screen('remote_auth', 'AccountScreen'),
  ACCOUNT_NAME: screen('remote_auth', 'NamePromptScreen'),
} as const satisfies Partial<Record<RouteName, RemoteScreenRef>>;
