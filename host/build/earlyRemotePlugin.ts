/**
 * Writes the page's first script into index.html: startRouteRemoteEarly (host/src/features/remotes/
 * earlyRemote.ts) with the routes whose screen a remote draws, so the current route's remote starts loading
 * as soon as the page is parsed, not after the shell's JavaScript has arrived and run, and so does the
 * screen's first query where the remote publishes one (screen-data.json). An inline script: the
 * static server allows it by its hash (scripts/lib/static-server.mjs).
 */
import type { Plugin } from 'vite';
import { insertAtHeadStart } from '../../scripts/lib/static-server.mjs';
// By path: the build's config loader runs on Node, which cannot load the workspace packages' TypeScript.
import { ROUTES } from '../../packages/contracts/src/routes.ts';
import {
  EARLY_SCREEN_DATA_KEY,
  EARLY_SIGNED_PHOTOS_KEY,
  SCREEN_DATA_FILE,
  type ScreenData,
} from '../../packages/contracts/src/screen-data.ts';
import type { RemoteName } from '../../packages/federation/src/remotes.ts';
import { REMOTE_SCREENS } from '../src/app/remoteScreens.ts';
import { RUNTIME_CONFIG_ELEMENT_ID, STORED_SESSION_ATTRIBUTE } from '../src/app/runtimeConfigElement.ts';
import { EARLY_MANIFESTS_KEY, startRouteRemoteEarly, type EarlyRoute } from '../src/features/remotes/earlyRemote.ts';

/** The remote screens' routes as the early script takes them: [pattern, remote, module]. */
export function earlyRoutes(): EarlyRoute[] {
  return Object.entries(REMOTE_SCREENS).map(([name, screen]) => [
    ROUTES[name as keyof typeof REMOTE_SCREENS],
    screen.remote,
    screen.module,
  ]);
}

/**
 * The inline script's source: the function and the call with its arguments. A build with the remotes' screens
 * in its own bundle (e2e/bench/one-bundle) passes no manifests registry (nothing to preload) and the screens'
 * published first queries, by remote, instead of their screen-data.json.
 */
export function earlyRemoteScript(
  options: { manifestsKey?: string | null; published?: Partial<Record<RemoteName, ScreenData>> } = {},
): string {
  const { manifestsKey = EARLY_MANIFESTS_KEY, published } = options;
  const screenData = [
    SCREEN_DATA_FILE,
    EARLY_SCREEN_DATA_KEY,
    EARLY_SIGNED_PHOTOS_KEY,
    ...(published ? [published] : []),
  ];
  const args = [earlyRoutes(), RUNTIME_CONFIG_ELEMENT_ID, manifestsKey, screenData, STORED_SESSION_ATTRIBUTE]
    .map((a) => JSON.stringify(a))
    .join(', ');
  return `(${startRouteRemoteEarly.toString()})(${args});`;
}

/**
 * `html` with the first script at the start of its <head>, before any stylesheet: a classic script waits for
 * the stylesheets above it (the global stylesheet, packages/ui/build/globalCssPlugin.ts), and this one must
 * send the screen's requests at once. The site's server puts the runtime config it reads above it
 * (insertAtHeadStart in scripts/lib/static-server.mjs).
 */
export function withEarlyRemoteScript(html: string, script: string = earlyRemoteScript()): string {
  return insertAtHeadStart(html, `<script>${script}</script>`);
}

export function earlyRemotePlugin(): Plugin {
  return {
    name: 'snapshire-early-remote',
    transformIndexHtml: { order: 'post', handler: (html) => withEarlyRemoteScript(html) },
  };
}
