/**
 * The screens the remotes draw: one entry per route, the single place a screen is declared. Everything else is
 * derived from it or checked against it:
 * - the host's route table (host/src/app/routes.tsx) and the page's first script (host/build/earlyRemotePlugin.ts);
 * - each remote's exposes (remoteExposes in packages/federation/src/index.ts: `./<Screen>` from `src/screens/<Screen>/<Screen>.tsx`);
 * - each remote's screen loaders (`src/screens/index.ts`, typed so that a screen missing there fails its type
 *   check, and checked to fit the host-remote contract), which its standalone router and the one-bundle
 *   benchmark (e2e/bench/one-bundle) load;
 * - a remote's first queries (remote-browse/build/screenData.ts, keyed by its screens);
 * - the README's table of screens (a test compares it with this one).
 */
import { ROUTES, type RouteName } from './routes.ts';

/** The remotes that draw screens; packages/federation/src/remotes.ts says how each is built and served. */
export const SCREEN_REMOTES = ['remote_browse', 'remote_auth', 'remote_upload'] as const;
export type ScreenRemote = (typeof SCREEN_REMOTES)[number];

export interface ScreenDeclaration {
  /** The remote that draws it (and deploys it). */
  remote: ScreenRemote;
  /** The module the remote exposes, which is also the folder the screen lives in: src/screens/<module>/. */
  module: string;
  /** A route nested under another: the parent's screen renders it in its <Outlet/>. */
  parent?: RouteName;
  /** What the screen reads from its route, for the README's table. */
  reads: string;
}

export const SCREENS = {
  GROUPS: { remote: 'remote_browse', module: 'GroupsPage', reads: 'nothing' },
  GROUP_NEW: { remote: 'remote_browse', module: 'NewGroupPage', reads: 'nothing' },
  GROUP_BY_ID: {
    remote: 'remote_browse',
    module: 'GroupPage',
    reads: '`:groupId`, `?category=`; router state `POST_MODAL_STATE` on its child post route',
  },
  GROUP_POST_BY_ID: {
    remote: 'remote_browse',
    module: 'PostView',
    parent: 'GROUP_BY_ID',
    reads: '`:groupId`, `:postId`, router state `POST_MODAL_STATE` (a modal over the gallery)',
  },
  GROUP_SETTINGS: { remote: 'remote_browse', module: 'GroupSettingsPage', reads: '`:groupId`' },
  INVITATION: { remote: 'remote_browse', module: 'InvitationPage', reads: '`:token`' },
  GROUP_NEW_POST: { remote: 'remote_upload', module: 'NewPostScreen', reads: '`:groupId`' },
  AUTH_REGISTER: { remote: 'remote_auth', module: 'AuthScreen', reads: 'the path (its mode), `?redirectTo=`' },
  AUTH_LOGIN: { remote: 'remote_auth', module: 'AuthScreen', reads: 'the path (its mode), `?redirectTo=`' },
  AUTH_FORGOT_PASSWORD: { remote: 'remote_auth', module: 'AuthScreen', reads: 'the path (its mode), `?redirectTo=`' },
  AUTH_RESET_PASSWORD: { remote: 'remote_auth', module: 'AuthScreen', reads: 'the path (its mode), `?redirectTo=`' },
  ACCOUNT: { remote: 'remote_auth', module: 'AccountScreen', reads: 'nothing' },
  ACCOUNT_NAME: { remote: 'remote_auth', module: 'NamePromptScreen', reads: '`?redirectTo=`' },
} as const satisfies Partial<Record<RouteName, ScreenDeclaration>>;

/** A route a remote's screen is drawn at. */
export type ScreenRoute = keyof typeof SCREENS;
type Declared = (typeof SCREENS)[ScreenRoute];

/** The modules one remote exposes, e.g. ScreenModule<'remote_auth'> = 'AuthScreen' | 'AccountScreen' | ... */
export type ScreenModule<R extends ScreenRemote = ScreenRemote> = Extract<Declared, { remote: R }>['module'];

/**
 * What every exposed module must be: a default-exported component that takes no props (a screen reads the
 * route, router state, session and Apollo from the providers the host supplies).
 */
export interface ExposedScreenModule {
  default: (props: Record<string, never>) => unknown;
}

/**
 * A remote's screens, each loaded when first shown: its `src/screens/index.ts` exports one per module it
 * exposes (`satisfies ScreenLoaders<'remote_x'>`), so its type check fails when a declared screen is missing
 * or stops fitting ExposedScreenModule. Its standalone page and the one-bundle benchmark load them from there.
 */
export type ScreenLoaders<R extends ScreenRemote> = Record<ScreenModule<R>, () => Promise<ExposedScreenModule>>;

/** The routes in SCREENS, in declaration order. */
export const SCREEN_ROUTES = Object.keys(SCREENS) as ScreenRoute[];

/** The modules `remote` exposes, each once, in declaration order. */
export function screenModulesOf<R extends ScreenRemote>(remote: R): ScreenModule<R>[] {
  const modules = Object.values(SCREENS as Record<ScreenRoute, ScreenDeclaration>)
    .filter((screen) => screen.remote === remote)
    .map((screen) => screen.module as ScreenModule<R>);
  return [...new Set(modules)];
}

/** Where a remote keeps a screen's module, relative to the remote's folder (the exposes of its build). */
export function screenModulePath(module: string): string {
  return `./src/screens/${module}/${module}.tsx`;
}

/** The routes nested under `parent` (none for a route no screen nests under). */
export function childScreenRoutes(parent: RouteName): ScreenRoute[] {
  return SCREEN_ROUTES.filter((route) => (SCREENS[route] as ScreenDeclaration).parent === parent);
}

/** A nested screen's path relative to its parent's, as its nested route takes it: 'post/:postId' under '/groups/:groupId'. */
export function nestedScreenPath(child: ScreenRoute): string {
  const parent = (SCREENS[child] as ScreenDeclaration).parent;
  return parent ? ROUTES[child].slice(ROUTES[parent].length + 1) : ROUTES[child];
}
