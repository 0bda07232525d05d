/**
 * Build-time federation wiring shared by the host and the three remotes' vite configs: the one `shared` map,
 * the federation plugin for a remote or for the host, and the /config.json the host (and a remote running
 * standalone) reads at start.
 */
import { federation } from '@module-federation/vite';
import type { Plugin, PluginOption } from 'vite';
import { buildRuntimeConfig, runtimeConfigFromEnv, type RuntimeConfigJson } from './runtimeConfig.ts';
import { HOST_NAME, REMOTE_ENTRY_FILE, REMOTE_MANIFEST_FILE, REMOTES, type RemoteName } from './remotes.ts';
import { sharedMap } from './shared.ts';

export * from './remotes.ts';
export * from './shared.ts';
export * from './runtimeConfig.ts';
export * from './site.ts';
export * from './localKeys.ts';

/** The federation plugin of a remote: exposes its screens, writes mf-manifest.json, shares the singletons. */
export function remoteFederation(name: RemoteName): PluginOption {
  return federation({
    name,
    filename: REMOTE_ENTRY_FILE,
    manifest: { fileName: REMOTE_MANIFEST_FILE },
    exposes: { ...REMOTES[name].exposes },
    shared: sharedMap(),
    dts: false,
    // Edits in a remote show up inside the host during `npm run dev`.
    dev: { remoteHmr: true },
  });
}

/**
 * The host's federation plugin. No remotes are fixed at build time: the host registers them at run time from
 * /config.json, so a remote can move to another URL without rebuilding the host.
 */
export function hostFederation(): PluginOption {
  return federation({
    name: HOST_NAME,
    remotes: {},
    shared: sharedMap(),
    dts: false,
  });
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
