/**
 * Every script of a first screen is named before it is needed, so none waits for another's evaluation to be
 * fetched (e2e/tests/first-load.spec.ts), and none is fetched before the screen's first query has left.
 *
 * - The host: its page names the shell's scripts in a data block (SHELL_SCRIPTS_ELEMENT_ID) instead of
 *   modulepreload links, and its first script preloads them once it has sent the screen's first query
 *   (host/src/features/remotes/earlyRemote.ts). Named by links in the HTML (16 by @module-federation/vite for
 *   the host's init, 7 more for the shared packages' copies that its bootstrap loads through import()), they
 *   were fetched and compiled alongside the first script's chain, and on a phone (fast 4G, 4x CPU) the query
 *   left at 0.93-1.13 s instead of 0.46-0.65 s. Not named at all, they were found one import() after another:
 *   under slow 4G the app took over twice as late. `build.modulePreload: false` is the setting both Vite and
 *   the federation read to add no links.
 * - A remote: its mf-manifest.json lists, per exposed screen, the chunks that hold the screen's modules and
 *   their imports, which the host's first script preloads; it left out the screen's own entry chunk (the
 *   small chunk import() loads, which re-exports the screen from a chunk several screens share), fetched only
 *   once the remote entry ran. The manifest now lists it first among the screen's files.
 */
import { resolve } from 'node:path';
import type { Plugin, Rollup } from 'vite';
import { WHOLE_CHAKRA_CHUNK } from './chakraCore.ts';

type Bundle = Rollup.OutputBundle;
type Chunk = Rollup.OutputChunk;

const isChunk = (file: Bundle[string] | undefined): file is Chunk => file?.type === 'chunk';

/** The federation's own chunks (its init, entry and shared-package proxies): their import()s run on every page. */
const isFederationChunk = (name: string) =>
  name === 'hostInit' || name === 'pendingShares' || name === 'remoteEntry' || name.startsWith('_virtual_mf');

/**
 * `roots` with what they import, and what the federation's own chunks load through import(): never the
 * whole-Chakra copy kept for earlier remotes (only those load it), nor what the app itself loads lazily.
 */
function pageClosure(bundle: Bundle, roots: readonly string[]): string[] {
  const seen = new Set<string>();
  const queue = [...roots];
  while (queue.length > 0) {
    const fileName = queue.shift()!;
    if (seen.has(fileName)) continue;
    const chunk = bundle[fileName];
    if (!isChunk(chunk) || chunk.name === WHOLE_CHAKRA_CHUNK) continue;
    seen.add(fileName);
    queue.push(...chunk.imports, ...(isFederationChunk(chunk.name) ? chunk.dynamicImports : []));
  }
  return [...seen];
}

const basename = (fileName: string) => fileName.slice(fileName.lastIndexOf('/') + 1);

/**
 * The shell's scripts: the chunks a federated host's page always loads that its HTML does not name, as paths
 * from the site's root (`base`). Those the federation's bootstrap script imports (its init, the app's entry,
 * pending shares), what the federation's init loads (the host's federation entry, and the host's copy of each
 * shared package through its shared import map), each with its static imports. `html` is the built page;
 * `bundle` holds its scripts.
 */
export function shellScripts(bundle: Bundle, html: string, base: string): string[] {
  const named = Object.keys(bundle).filter((fileName) => html.includes(`/${fileName}"`));
  // The bootstrap is an asset (written by @module-federation/vite): the chunks it imports are named in its text.
  const bootstrapSources = named.map((fileName) => bundle[fileName]).filter((file) => file?.type === 'asset');
  const importedByBootstrap = Object.keys(bundle).filter(
    (fileName) =>
      isChunk(bundle[fileName]) &&
      bootstrapSources.some((asset) => String((asset as Rollup.OutputAsset).source).includes(basename(fileName))),
  );
  return pageClosure(bundle, [...named, ...importedByBootstrap])
    .filter((fileName) => !named.includes(fileName))
    .map((fileName) => `${base}${fileName}`);
}

/**
 * The id of the host page's data block that lists the shell's scripts (shellScripts), which the page's first
 * script preloads (host/build/earlyRemotePlugin.ts writes it).
 */
export const SHELL_SCRIPTS_ELEMENT_ID = 'snapshire-shell-scripts';

/**
 * The host's page names no script to preload (Vite's links and the federation's host-init links): its first
 * script preloads the shell's scripts once the screen's first query has left.
 */
export function noPagePreloadsPlugin(): Plugin {
  return { name: 'snapshire-no-page-preloads', apply: 'build', config: () => ({ build: { modulePreload: false } }) };
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
