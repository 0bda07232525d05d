/**
 * Every script of a first screen is named before any script runs, so none waits for another's evaluation to
 * be fetched (e2e/tests/first-load.spec.ts).
 *
 * - The host: @module-federation/vite loads the host's own copy of each shared package, and its pending-shares
 *   module, through import() from the federation's bootstrap. Vite preloads only static imports, so those
 *   chunks (@snapshire/ui, @snapshire/data, Apollo's link and utilities) were asked for one after another as
 *   the bootstrap reached them: at fast 4G with a 4x slower CPU, 0.1 s each on the group page's critical path,
 *   and @snapshire/data only after @snapshire/ui had been evaluated. The host's index.html now preloads them.
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

function staticClosure(bundle: Bundle, roots: readonly string[]): string[] {
  const seen = new Set<string>();
  const queue = [...roots];
  while (queue.length > 0) {
    const fileName = queue.shift()!;
    if (seen.has(fileName)) continue;
    const chunk = bundle[fileName];
    if (!isChunk(chunk)) continue;
    seen.add(fileName);
    queue.push(...chunk.imports);
  }
  return [...seen];
}

/** The federation's map of the host's own copies of the shared packages: its import()s run on every page. */
const SHARED_IMPORT_MAP_CHUNK = /localSharedImportMap/;

const basename = (fileName: string) => fileName.slice(fileName.lastIndexOf('/') + 1);

/**
 * The chunks a federated host's page always loads that its HTML does not name: those the federation's
 * bootstrap script imports (pending shares), and the host's copy of each shared package that the federation's
 * shared import map loads through import(), each with its static imports. Never the whole-Chakra copy kept for
 * earlier remotes: only those load it. `html` is the built page; `bundle` holds its scripts.
 */
export function bootstrapImportedChunks(bundle: Bundle, html: string): string[] {
  const named = Object.keys(bundle).filter((fileName) => html.includes(`/${fileName}"`));
  // The bootstrap is an asset (written by @module-federation/vite): the chunks it imports are named in its text.
  const bootstrapSources = named.map((fileName) => bundle[fileName]).filter((file) => file?.type === 'asset');
  const importedByBootstrap = Object.keys(bundle).filter(
    (fileName) =>
      isChunk(bundle[fileName]) &&
      bootstrapSources.some((asset) => String((asset as Rollup.OutputAsset).source).includes(basename(fileName))),
  );
  const loaded = staticClosure(bundle, [...named, ...importedByBootstrap]);
  const shareImports = loaded
    .filter((fileName) => SHARED_IMPORT_MAP_CHUNK.test(fileName))
    .flatMap((fileName) => (bundle[fileName] as Chunk).dynamicImports)
    .filter((fileName) => (bundle[fileName] as Chunk | undefined)?.name !== WHOLE_CHAKRA_CHUNK);
  const wanted = new Set([...loaded, ...staticClosure(bundle, shareImports)]);
  return [...wanted].filter((fileName) => !named.includes(fileName));
}

/** The host's index.html preloads what the federation's bootstrap imports on every page. */
export function preloadBootstrapImportsPlugin(): Plugin {
  let base = '/';
  return {
    name: 'snapshire-preload-bootstrap-imports',
    apply: 'build',
    configResolved(config) {
      base = config.base;
    },
    generateBundle: {
      // After @module-federation/vite has put its bootstrap script into the page.
      order: 'post',
      handler(_options, bundle) {
        for (const page of Object.values(bundle)) {
          if (page.type !== 'asset' || !page.fileName.endsWith('.html')) continue;
          const html = String(page.source);
          const links = bootstrapImportedChunks(bundle, html)
            .map((fileName) => `<link rel="modulepreload" crossorigin href="${base}${fileName}">`)
            .join('');
          page.source = html.replace('</head>', `${links}</head>`);
        }
      },
    },
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
