import { createHash } from 'node:crypto';
import { dirname, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type * as Contracts from '@snapshire/contracts';
import type { Plugin } from 'vite';
import type * as ScreenQueries from './screenQueries.ts';

type Load = <T>(specifier: string) => Promise<T>;

async function loader(): Promise<Load> {
  const { tsImport } = await import('tsx/esm/api');
  return <T>(specifier: string) => tsImport(specifier, import.meta.url) as Promise<T>;
}

/**
 * Draws screens at build time: each screen's module file (absolute) and the route it is drawn at, to its
 * first render. Given by the remote's build (packages/standalone/build/firstRenderer.ts), as this package draws
 * nothing itself.
 */
export type RenderScreensFirst = (
  screens: Record<string, { module: string; route: string }>,
) => Promise<Record<string, Contracts.FirstRender>>;

/** A file the remote publishes beside screen-data.json: a screen's bundled first-photos module. */
export interface PublishedFile {
  fileName: string;
  source: string;
}

/**
 * The screen-data.json content (ScreenData in @snapshire/contracts) of the module at `moduleFile`, which exports
 * SCREEN_QUERIES: the screens' first queries as declared beside them (one source with the screens), and each
 * declared first-photos module bundled into one self-contained file named by its content. Loaded with tsx,
 * which runs the app's TypeScript and workspace packages on Node (a Vite config loader cannot).
 */
export async function loadScreenData(
  moduleFile: string,
  options: { load?: Load; renderFirst?: RenderScreensFirst } = {},
): Promise<{ screens: Contracts.ScreenData; files: PublishedFile[] }> {
  const { load, renderFirst } = options;
  const importModule = load ?? (await loader());
  const { SCREEN_QUERIES } = await importModule<{
    SCREEN_QUERIES?: Record<string, ScreenQueries.ScreenQueryDeclaration>;
  }>(pathToFileURL(moduleFile).href);
  if (!SCREEN_QUERIES) throw new Error(`${moduleFile} exports no SCREEN_QUERIES`);
  const { publishScreenQueries } = await importModule<typeof ScreenQueries>(
    new URL('./screenQueries.ts', import.meta.url).href,
  );
  const screens = publishScreenQueries(SCREEN_QUERIES);
  const files: PublishedFile[] = [];
  for (const [screen, { firstPhotos }] of Object.entries(SCREEN_QUERIES)) {
    if (!firstPhotos) continue;
    const source = await bundleOnItsOwn(resolve(dirname(moduleFile), firstPhotos));
    const hash = createHash('sha256').update(source).digest('hex').slice(0, 10);
    const fileName = `first-photos-${screen}.${hash}.js`;
    files.push({ fileName, source });
    screens[screen]!.firstPhotos = fileName;
  }
  const toRender = Object.fromEntries(
    Object.entries(SCREEN_QUERIES).flatMap(([screen, { firstRender, route }]) =>
      firstRender ? [[screen, { module: resolve(dirname(moduleFile), firstRender), route }]] : [],
    ),
  );
  if (Object.keys(toRender).length > 0) {
    if (!renderFirst) throw new Error(`${moduleFile} declares first renders, and the build draws none`);
    for (const [screen, firstRender] of Object.entries(await renderFirst(toRender)))
      screens[screen]!.firstRender = firstRender;
  }
  return { screens, files };
}

/**
 * One ES module with everything `entry` imports inlined, minified: fetched by the page's first script on its
 * own, so it can share no chunk with the app (and the federation plugin never sees it).
 */
async function bundleOnItsOwn(entry: string): Promise<string> {
  const { build } = await import('vite');
  const result = await build({
    configFile: false,
    logLevel: 'warn',
    root: dirname(entry),
    build: {
      write: false,
      target: 'es2022',
      minify: true,
      modulePreload: false,
      rolldownOptions: {
        input: entry,
        preserveEntrySignatures: 'strict',
        output: { format: 'es', entryFileNames: 'first-photos.js' },
      },
    },
  });
  const outputs = (Array.isArray(result) ? result : [result]) as { output: { type: string; code?: string }[] }[];
  const chunks = outputs.flatMap((o) => o.output).filter((o) => o.type === 'chunk');
  if (chunks.length !== 1 || !chunks[0]!.code) throw new Error(`${entry} did not bundle into one module`);
  return chunks[0]!.code;
}

/**
 * Writes a remote's screen-data.json beside its manifest, from the module at `moduleFile` (loadScreenData, with
 * the screens' first renders drawn by `renderFirst`), and the screens' first-photos modules beside it.
 * Without a module (a remote whose screens start no query early) it writes `{}`, so a host's first script
 * finds a file, not a 404, on every remote's route.
 */
export function screenDataPlugin(moduleFile?: string, renderFirst?: RenderScreensFirst): Plugin {
  return {
    name: 'snapshire-screen-data',
    apply: 'build',
    async generateBundle() {
      const load = await loader();
      const { SCREEN_DATA_FILE } = await load<typeof Contracts>('@snapshire/contracts');
      const { screens, files } = moduleFile
        ? await loadScreenData(moduleFile, { load, renderFirst })
        : { screens: {}, files: [] };
      for (const file of files) this.emitFile({ type: 'asset', ...file });
      this.emitFile({ type: 'asset', fileName: SCREEN_DATA_FILE, source: `${JSON.stringify(screens, null, 2)}\n` });
    },
  };
}
