/**
 * The vite config of a remote: the same for every remote but for its name and the plugins only it needs
 * (its React plugin, from its own node_modules; its GraphQL operations check), so each remote's
 * vite.config.ts is a call to remoteViteConfig.
 */
import { fileURLToPath } from 'node:url';
import type { PluginOption, UserConfig } from 'vite';
import { compressPlugin } from './compressPlugin.ts';
import { portsFromEnv, remoteFederation, runtimeConfigPlugin } from './index.ts';
import type { RemoteName } from './remotes.ts';
import { standalonePagePlugin } from './standalonePagePlugin.ts';

export interface RemoteViteConfigOptions {
  /** The remote's federation name (remote_browse). */
  name: RemoteName;
  /** The remote's vite.config.ts `import.meta.url`: its folder, whose node_modules give the shared versions. */
  configUrl: string;
  /** The remote's own plugins, given its folder; they run before the federation ones. */
  plugins: (appDir: string) => PluginOption[];
}

export function remoteViteConfig({ name, configUrl, plugins }: RemoteViteConfigOptions): UserConfig {
  const port = portsFromEnv(process.env)[name];
  /** This app's folder: its shared libraries' versions are read from here (see sharedMap). */
  const appDir = fileURLToPath(new URL('.', configUrl));
  return {
    // Relative asset URLs: the built remote works from whatever origin serves it (no rebuild to move it).
    base: './',
    plugins: [
      standalonePagePlugin(),
      ...plugins(appDir),
      remoteFederation(name, appDir),
      runtimeConfigPlugin(),
      compressPlugin(),
    ],
    server: { port, strictPort: true, host: '127.0.0.1', origin: `http://127.0.0.1:${port}`, cors: true },
    preview: { port, strictPort: true, host: '127.0.0.1', cors: true },
    build: { target: 'es2022', sourcemap: false },
  };
}
