/**
 * Writes the page's first script into index.html: startRouteRemoteEarly (host/src/features/remotes/
 * earlyRemote.ts) with the site's routes and the remote screens among them, so the current route's remote
 * starts loading as soon as the page is parsed, not after the shell's JavaScript has arrived and run, and so
 * does the screen's first query where the remote publishes one (screen-data.json), and its first render is drawn
 * into the shell's content area where the remote publishes that; once the query has left, it preloads the shell's
 * scripts, which the page lists in a data block above it (shellScripts, packages/federation/src/firstScripts.ts).
 * It is bundled, with the
 * route matching and session key it shares with the code that owns them (@snapshire/contracts), into one
 * classic script, inline: the static server allows it by its hash (scripts/lib/static-server.mjs).
 */
import { join } from 'node:path';
import type { Plugin } from 'vite';
import { insertAtHeadStart } from '../../scripts/lib/static-server.mjs';
// By path: the build's config loader runs on Node, which cannot load the workspace packages' TypeScript.
import { ROUTES } from '../../packages/contracts/src/routes.ts';
import { SCREEN_ROUTES, SCREENS, type ScreenRoute } from '../../packages/contracts/src/screens.ts';
import {
  EARLY_FIRST_RENDER_EVENT,
  EARLY_FIRST_RENDER_KEY,
  EARLY_SCREEN_DATA_KEY,
  EARLY_SCREEN_DATA_STORE_KEY,
  EARLY_SIGNED_PHOTOS_KEY,
  SCREEN_DATA_FILE,
  type ScreenData,
} from '../../packages/contracts/src/screen-data.ts';
import type { RemoteName } from '../../packages/federation/src/remotes.ts';
import { SHELL_SCRIPTS_ELEMENT_ID, shellScripts } from '../../packages/federation/src/firstScripts.ts';
import { RUNTIME_CONFIG_ELEMENT_ID, STORED_SESSION_ATTRIBUTE } from '../src/app/runtimeConfigElement.ts';
import { EARLY_MANIFESTS_KEY } from '../src/features/remotes/earlyManifests.ts';
import { FIRST_RENDER_ATTRIBUTE } from '../src/features/remotes/firstRenderAttribute.ts';
import { SHELL_CONTENT_AREA } from './shellMarkers.ts';
import { bundleInlineScript } from './inlineScript.ts';
import type { EarlyRoute, FirstRenderTarget } from '../src/features/remotes/earlyRemote.ts';

const ENTRY = join(import.meta.dirname, 'earlyScriptEntry.ts');

/** Every route of the site as the early script takes them: [pattern], or [pattern, remote, module] for a remote's screen. */
export function earlyRoutes(): EarlyRoute[] {
  return (Object.keys(ROUTES) as (keyof typeof ROUTES)[]).map((route) =>
    (SCREEN_ROUTES as string[]).includes(route)
      ? [ROUTES[route], SCREENS[route as ScreenRoute].remote, SCREENS[route as ScreenRoute].module]
      : [ROUTES[route]],
  );
}

/**
 * The inline script's source: the function and the call with its arguments. A build with the remotes' screens
 * in its own bundle (e2e/bench/one-bundle) passes no manifests registry (nothing to preload) and the screens'
 * published first queries, by remote, instead of their screen-data.json.
 */
export async function earlyRemoteScript(
  options: { manifestsKey?: string | null; published?: Partial<Record<RemoteName, ScreenData>> } = {},
): Promise<string> {
  const { manifestsKey = EARLY_MANIFESTS_KEY, published } = options;
  const screenData = [
    SCREEN_DATA_FILE,
    EARLY_SCREEN_DATA_KEY,
    EARLY_SIGNED_PHOTOS_KEY,
    EARLY_SCREEN_DATA_STORE_KEY,
    ...(published ? [published] : []),
  ];
  const firstRender: FirstRenderTarget = [
    EARLY_FIRST_RENDER_KEY,
    EARLY_FIRST_RENDER_EVENT,
    SHELL_CONTENT_AREA,
    FIRST_RENDER_ATTRIBUTE,
  ];
  const args = [
    earlyRoutes(),
    RUNTIME_CONFIG_ELEMENT_ID,
    manifestsKey,
    screenData,
    STORED_SESSION_ATTRIBUTE,
    firstRender,
    SHELL_SCRIPTS_ELEMENT_ID,
  ];
  return bundleInlineScript(ENTRY, { EARLY_SCRIPT_ARGUMENTS: args });
}

/**
 * `html` with the first script at the start of its <head>, before any stylesheet: a classic script waits for
 * the stylesheets above it (the global stylesheet, packages/ui/build/globalCssPlugin.ts), and this one must
 * send the screen's requests at once. The site's server puts the runtime config it reads above it
 * (insertAtHeadStart in scripts/lib/static-server.mjs).
 */
export function withEarlyRemoteScript(html: string, script: string): string {
  return insertAtHeadStart(html, `<script>${script}</script>`);
}

export function earlyRemotePlugin(): Plugin {
  let base = '/';
  return {
    name: 'snapshire-early-remote',
    configResolved(config) {
      base = config.base;
    },
    transformIndexHtml: {
      order: 'post',
      handler: async (html) => withEarlyRemoteScript(html, await earlyRemoteScript()),
    },
    generateBundle: {
      // Once the page names its scripts (@module-federation/vite writes its bootstrap into it).
      order: 'post',
      handler(_options, bundle) {
        for (const page of Object.values(bundle)) {
          if (page.type !== 'asset' || !page.fileName.endsWith('.html')) continue;
          const html = String(page.source);
          // Data, not script (the page's content security policy has nothing to allow), above the first script,
          // which reads it as it runs.
          const list = JSON.stringify(shellScripts(bundle, html, base));
          page.source = insertAtHeadStart(
            html,
            `<script type="application/json" id="${SHELL_SCRIPTS_ELEMENT_ID}">${list}</script>`,
          );
        }
      },
    },
  };
}
