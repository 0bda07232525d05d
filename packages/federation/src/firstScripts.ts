/**
 * The first scripts of a federated page.
 *
 * - The host: its page preloads no script. The page's first script sends the screen's query, signs its first
 *   photos and starts their downloads; the shell's scripts, named by modulepreload links in the HTML, used to
 *   be fetched and compiled at the same time and held that chain back on a phone. The group page at fast 4G
 *   with a 4x slower CPU (e2e/bench, medians of 3): the query left at 917 ms and the photo painted at 1,956 ms
 *   with the links, at 536 and 1,604 ms without; the groups list and the landing painted earlier too. The
 *   federation's entry, which the page names, asks for the shell's scripts itself.
 * - A remote: its mf-manifest.json lists, per exposed screen, the chunks that hold the screen's modules and
 *   their imports, which the host's first script preloads; it left out the screen's own entry chunk (the
 *   small chunk import() loads, which re-exports the screen from a chunk several screens share), fetched only
 *   once the remote entry ran. The manifest now lists it first among the screen's files.
 */
import { resolve } from 'node:path';
import type { Plugin, Rollup } from 'vite';

type Chunk = Rollup.OutputChunk;

const isChunk = (file: Rollup.OutputBundle[string] | undefined): file is Chunk => file?.type === 'chunk';

/**
 * The host's page names no script to preload (above): `build.modulePreload: false` is what both Vite and
 * @module-federation/vite read (the federation adds its own links to the page unless it is false). A lazy
 * chunk's imports are then fetched when it is, not alongside it.
 */
export function noPagePreloadsPlugin(): Plugin {
  return {
    name: 'snapshire-no-page-preloads',
    apply: 'build',
    config: () => ({ build: { modulePreload: false } }),
  };
}

interface ManifestExpose {
  name: string;
  path: string;
  assets: { js: { sync: string[]; async: string[] } };
}

/**
 * The mf-manifest.json source with each exposed module's own entry chunk first among its sync files.
 * `exposeChunks` maps an expose's path ('./GroupPage') to that chunk's file name.
 */
export function withExposeEntryChunks(manifestSource: string, exposeChunks: ReadonlyMap<string, string>): string {
  const manifest = JSON.parse(manifestSource) as { exposes?: ManifestExpose[] };
  for (const expose of manifest.exposes ?? []) {
    const own = exposeChunks.get(expose.path);
    if (!own) continue;
    const { js } = expose.assets;
    js.sync = [own, ...js.sync.filter((file) => file !== own)];
    js.async = js.async.filter((file) => file !== own);
  }
  return JSON.stringify(manifest);
}

/**
 * A remote's mf-manifest.json (and mf-stats.json) name each exposed screen's own entry chunk. `exposes` is the
 * federation's map: './GroupPage' -> './src/screens/GroupPage/GroupPage.tsx'.
 */
export function exposeEntryChunksPlugin(
  exposes: Readonly<Record<string, string>>,
  manifestFiles: readonly string[],
): Plugin {
  let root = '';
  return {
    name: 'snapshire-expose-entry-chunks',
    apply: 'build',
    configResolved(config) {
      root = config.root;
    },
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        const byModule = new Map(Object.entries(exposes).map(([path, file]) => [resolve(root, file), path]));
        const exposeChunks = new Map<string, string>();
        for (const file of Object.values(bundle)) {
          if (!isChunk(file) || !file.facadeModuleId) continue;
          const path = byModule.get(file.facadeModuleId);
          if (path) exposeChunks.set(path, file.fileName);
        }
        const missing = [...byModule.values()].filter((path) => !exposeChunks.has(path));
        if (missing.length > 0) this.error(`no entry chunk found for the exposed ${missing.join(', ')}`);
        for (const fileName of manifestFiles) {
          const asset = bundle[fileName];
          if (asset?.type !== 'asset')
            this.error(`${fileName} is not in the bundle: the federation plugin must run first`);
          asset.source = withExposeEntryChunks(String(asset.source), exposeChunks);
        }
      },
    },
  };
}
