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
export type RenderScreensFirst = (screens: Record<string, ScreenToRender>) => Promise<Record<string, Contracts.FirstRender>>;

/** A screen to draw: its module file (absolute), its route pattern and the address it is drawn at. */
export interface ScreenToRender {
  module: string;
  route: string;
  path: string;
  /** Drawn as if the page's first script had this answer to the screen's first query; else its loading state. */
  answer?: { operationName: string; query: string; variables: Record<string, unknown>; result: unknown };
}

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
  const { screenVariables } = await importModule<typeof Contracts>('@snapshire/contracts');
  const toRender: Record<string, ScreenToRender> = {};
  const templates = new Map<string, string>();
  for (const [screen, { firstRender, firstRenderData, route }] of Object.entries(SCREEN_QUERIES)) {
    if (!firstRender) continue;
    const module = resolve(dirname(moduleFile), firstRender);
    const data = firstRenderData
      ? await importModule<{ FIRST_RENDER_PARAMS?: Record<string, string>; FIRST_RENDER_RESULT?: unknown }>(
          pathToFileURL(resolve(dirname(moduleFile), firstRenderData)).href,
        )
      : {};
    const params = data.FIRST_RENDER_PARAMS ?? {};
    // A parameter without a value is drawn as its own name (a loading state does not read it).
    const path = route.replace(/:([A-Za-z0-9_]+)/g, (_, name: string) => encodeURIComponent(params[name] ?? name));
    toRender[screen] = { module, route, path };
    const published = screens[screen]!;
    const variables = screenVariables(published.variables, params);
    if (data.FIRST_RENDER_RESULT !== undefined && variables) {
      const template = `${screen}:template`;
      templates.set(template, screen);
      toRender[template] = {
        module,
        route,
        path,
        answer: {
          operationName: published.operationName,
          query: published.query,
          variables,
          result: data.FIRST_RENDER_RESULT,
        },
      };
    }
  }
  if (Object.keys(toRender).length > 0) {
    if (!renderFirst) throw new Error(`${moduleFile} declares first renders, and the build draws none`);
    for (const [name, firstRender] of Object.entries(await renderFirst(toRender))) {
      const templateOf = templates.get(name);
      if (templateOf) screens[templateOf]!.firstRenderTemplate = firstRender;
      else screens[name]!.firstRender = firstRender;
    }
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
