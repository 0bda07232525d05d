/**
 * Build-time federation wiring shared by the host and the three remotes' vite configs: the one `shared` map,
 * the federation plugin for a remote or for the host, and the /config.json the host (and a remote running
 * standalone) reads at start. @module-federation/vite and rolldown run with the patches in patches/ (why: its
 * README); no plugin here edits the code they generate.
 */
import { federation } from '@module-federation/vite';
import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Plugin, PluginOption } from 'vite';
import { afterBuildPlugin } from './afterBuildPlugin.ts';
import { buildRuntimeConfig, runtimeConfigFromEnv, type RuntimeConfigJson } from './runtimeConfig.ts';
import { HOST_NAME, REMOTE_ENTRY_FILE, REMOTE_MANIFEST_FILE, type RemoteName } from './remotes.ts';
import { SHARE_STRATEGY, installedVersion, sharedMap } from './shared.ts';
import { chakraCorePlugin } from './chakraCore.ts';
import { chunkGroupsPlugin } from './chunkGroups.ts';
import { runtimeCoreFromHostPlugin } from './runtimeCoreFromHost.ts';
import { exposeEntryChunksPlugin, noPagePreloadsPlugin } from './firstScripts.ts';
import { fileURLToPath } from 'node:url';
// By path, as the vite configs import this file: their config loader runs it on Node, which cannot load the
// workspace packages' TypeScript by name. Build time only; the browser never runs this module.
// eslint-disable-next-line import-x/no-relative-packages -- see above
import { screenModulePath, screenModulesOf } from '../../contracts/src/screens.ts';

/** Runtime plugins bridging releases from before and after the Chakra split (runtime/chakraCompat.ts). */
const runtimePlugin = (file: string) => fileURLToPath(new URL(`./runtime/${file}`, import.meta.url));

export * from './remotes.ts';
export * from './shared.ts';
export * from './runtimeConfig.ts';
export * from './site.ts';
export * from './localKeys.ts';
export * from './chakraCore.ts';
export * from './chunkGroups.ts';
export * from './runtimeCoreFromHost.ts';
export * from './firstScripts.ts';

/** What remote `name` exposes: each screen SCREENS gives it, `./<Screen>` from src/screens/<Screen>/<Screen>.tsx. */
export function remoteExposes(name: RemoteName): Record<string, string> {
  return Object.fromEntries(screenModulesOf(name).map((module) => [`./${module}`, screenModulePath(module)]));
}

/**
 * The federation plugin of a remote: exposes its screens, writes mf-manifest.json, shares the singletons at
 * the versions installed for this app (`appDir`, its own node_modules first), and makes the build addressable
 * (immutableEntryPlugin).
 */
export function remoteFederation(name: RemoteName, appDir: string): PluginOption {
  return [
    chakraCorePlugin(),
    chunkGroupsPlugin({
      coreIsFallback: true,
      screens: Object.values(remoteExposes(name)).map((path) => join(appDir, path)),
    }),
    runtimeCoreFromHostPlugin(),
    federation({
      name,
      filename: REMOTE_ENTRY_FILE,
      manifest: { fileName: REMOTE_MANIFEST_FILE },
      exposes: remoteExposes(name),
      shared: sharedMap(appDir),
      shareStrategy: SHARE_STRATEGY,
      runtimePlugins: [runtimePlugin('remoteChakraCompat.ts')],
      dts: false,
      // Edits in a remote show up inside the host during `npm run dev`.
      dev: { remoteHmr: true },
    }),
    exposeEntryChunksPlugin(remoteExposes(name), [REMOTE_MANIFEST_FILE, 'mf-stats.json']),
    immutableEntryPlugin(),
  ];
}

/** remoteEntry.<build id>.js: the build id is a hash of remoteEntry.js, which names every chunk by its hash. */
export const buildEntryFile = (buildId: string) => REMOTE_ENTRY_FILE.replace(/\.js$/, `.${buildId}.js`);
export const BUILD_ENTRY_PATTERN = /^remoteEntry\.([0-9a-f]{12})\.js$/;

/**
 * Gives every build of a remote an entry of its own. Browsers keep an imported ES module for the life of the
 * page, keyed by URL: a page that imported remoteEntry.js before a redeploy would keep the old module (and its
 * old chunk names) however often the remote is registered again. So the build also writes
 * remoteEntry.<build id>.js and points mf-manifest.json at it; the manifest is the one file a deploy swaps,
 * and a host that re-reads it imports the new build under a new URL. remoteEntry.js stays for the remote's
 * standalone page.
 */
export function immutableEntryPlugin(): Plugin {
  return afterBuildPlugin('snapshire-immutable-remote-entry', (outDir) => {
    const entry = join(outDir, REMOTE_ENTRY_FILE);
    const manifestFile = join(outDir, REMOTE_MANIFEST_FILE);
    if (!existsSync(entry) || !existsSync(manifestFile)) return;
    const buildId = createHash('sha256').update(readFileSync(entry)).digest('hex').slice(0, 12);
    copyFileSync(entry, join(outDir, buildEntryFile(buildId)));
    for (const file of [manifestFile, join(outDir, 'mf-stats.json')]) {
      if (!existsSync(file)) continue;
      const json = JSON.parse(readFileSync(file, 'utf8')) as { metaData: { remoteEntry: { name: string } } };
      json.metaData.remoteEntry.name = buildEntryFile(buildId);
      writeFileSync(file, JSON.stringify(json, null, 2));
    }
  });
}

/**
 * The host's federation plugin. No remotes are fixed at build time: the host registers them at run time from
 * /config.json, so a remote can move to another URL without rebuilding the host.
 */
export function hostFederation(appDir: string): PluginOption {
  return [
    chakraCorePlugin(),
    chunkGroupsPlugin(),
    federation({
      name: HOST_NAME,
      remotes: {},
      shared: sharedMap(appDir),
      shareStrategy: SHARE_STRATEGY,
      runtimePlugins: [
        [runtimePlugin('hostChakraCompat.ts'), { version: installedVersion('@chakra-ui/react', appDir) }],
      ],
      // Publishes the host's runtime for the remotes (runtimeCoreFromHost.ts): one copy on the page.
      experiments: { provideExternalRuntime: true },
      dts: false,
    }),
    noPagePreloadsPlugin(),
  ];
}

/**
 * Serves /config.json during `vite` (dev) and writes a default one into the build, from environment variables
 * with local defaults. `npm start` replaces the built file with the real URLs and keys.
 */
export function runtimeConfigPlugin(overrides: Partial<RuntimeConfigJson> = {}): Plugin {
  const config = (): RuntimeConfigJson => ({ ...runtimeConfigFromEnv(process.env), ...overrides });
  return {
    name: 'snapshire-runtime-config',
    configureServer(server) {
      // A remote run alone needs a backend: say so plainly at start when there is none, and how to get one.
      const { supabaseUrl } = config();
      fetch(`${supabaseUrl}/auth/v1/health`, {
        headers: { apikey: config().supabaseAnonKey },
        signal: AbortSignal.timeout(3_000),
      })
        .then((response) => {
          if (!response.ok) throw new Error(`HTTP ${response.status}`);
        })
        .catch(() =>
          server.config.logger.warn(
            `\n  No backend answers at ${supabaseUrl}. Start one in another terminal:\n` +
              '    npm run start -w @snapshire/backend     (the embedded backend, port 54321)\n' +
              '  or set SUPABASE_URL and SUPABASE_ANON_KEY to a Supabase project. `npm run dev` at the root starts\n' +
              '  the backend, the host and every remote together.\n',
          ),
        );
      server.middlewares.use('/config.json', (_req, res) => {
        res.setHeader('Content-Type', 'application/json');
        res.setHeader('Cache-Control', 'no-cache');
        res.end(JSON.stringify(config(), null, 2));
      });
    },
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: 'config.json', source: JSON.stringify(config(), null, 2) + '\n' });
    },
  };
}

export { buildRuntimeConfig };
