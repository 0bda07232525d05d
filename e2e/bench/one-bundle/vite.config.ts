/**
 * Benchmark tool only: the host and the three remotes' screens built as ONE Vite bundle (no federation
 * plugin; the host's remote loader replaced by direct imports), so e2e/bench/web-bench.ts can compare the
 * federated site against the same code without federation. Never deployed.
 *
 *   npx vite build --config e2e/bench/one-bundle/vite.config.ts    (from the repository root)
 */
import { createRequire } from 'node:module';
import { dirname, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { defineConfig, type Plugin, type PluginOption } from 'vite';
import { chakraCorePlugin, runtimeConfigPlugin } from '../../../packages/federation/src/index.ts';
import { compressPlugin } from '../../../packages/federation/src/compressPlugin.ts';
import { landingPhotosPlugin } from '../../../host/build/landingPhotos.ts';
import { prerenderShellPlugin } from '../../../host/build/prerenderShellPlugin.ts';
import { globalCssPlugin } from '../../../packages/ui/build/globalCssPlugin.ts';
import { earlyRemoteScript, withEarlyRemoteScript } from '../../../host/build/earlyRemotePlugin.ts';
import { loadScreenData } from '../../../packages/data/src/graphql/screenDataPlugin.ts';
import { firstRenderer } from '../../../packages/standalone/build/firstRenderer.ts';

const here = dirname(fileURLToPath(import.meta.url));
const hostRoot = resolve(here, '../../../host');
// The React plugin is the host's own dependency (same version as its build), resolved from the host.
const { default: react } = (await import(
  pathToFileURL(createRequire(resolve(hostRoot, 'package.json')).resolve('@vitejs/plugin-react')).href
)) as { default: () => PluginOption };
const federatedRemotes = resolve(hostRoot, 'src/features/remotes/federatedRemotes.ts');

/** Swaps the host's federation loader for direct imports of the remotes' screens. */
function remotesInBundle(): Plugin {
  return {
    name: 'snapshire-bench-remotes-in-bundle',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      if (!importer || !/federatedRemotes(\.ts)?$/.test(source)) return null;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      return resolved?.id === federatedRemotes ? resolve(here, 'remotesInBundle.ts') : null;
    },
  };
}

/**
 * The page's first script as the federated host has it, less the remotes' manifests and files (they are in
 * this bundle): the screen's first query starts at once, from the remotes' published queries inlined here.
 */
function earlyScreenQuery(): Plugin {
  let published: ReturnType<typeof loadScreenData> | undefined;
  const remoteBrowse = () =>
    (published ??= loadScreenData(resolve(here, '../../../remote-browse/build/screenData.ts'), {
      renderFirst: firstRenderer(resolve(here, '../../../remote-browse')),
    }));
  return {
    name: 'snapshire-bench-early-screen-query',
    transformIndexHtml: {
      order: 'post',
      async handler(html) {
        const published = { remote_browse: (await remoteBrowse()).screens };
        return withEarlyRemoteScript(html, await earlyRemoteScript({ manifestsKey: null, published }));
      },
    },
    // The screens' first-photos modules, at the site's root (where the inlined screen data names them).
    async generateBundle() {
      for (const file of (await remoteBrowse()).files) this.emitFile({ type: 'asset', ...file });
    },
  };
}

export default defineConfig({
  root: hostRoot,
  base: '/',
  // chakraCorePlugin as in the federated builds, so both resolve Chakra the same way; the design system's
  // stylesheet linked as the host links it.
  plugins: [
    remotesInBundle(),
    chakraCorePlugin({ shared: false }),
    react(),
    globalCssPlugin(),
    runtimeConfigPlugin(),
    landingPhotosPlugin(),
    earlyScreenQuery(),
    prerenderShellPlugin(),
    compressPlugin(),
  ],
  build: { target: 'es2022', sourcemap: false, outDir: resolve(here, 'dist'), emptyOutDir: true },
  logLevel: 'warn',
});
