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
 * The screen-data.json content (ScreenData in @snapshire/contracts) of the module at `moduleFile`, which exports
 * SCREEN_QUERIES: the screens' first queries as declared beside them (one source with the screens). Loaded
 * with tsx, which runs the app's TypeScript and workspace packages on Node (a Vite config loader cannot).
 */
export async function loadScreenData(moduleFile: string, load?: Load): Promise<Contracts.ScreenData> {
  const importModule = load ?? (await loader());
  const { SCREEN_QUERIES } = await importModule<{
    SCREEN_QUERIES?: Record<string, ScreenQueries.ScreenQueryDeclaration>;
  }>(pathToFileURL(moduleFile).href);
  if (!SCREEN_QUERIES) throw new Error(`${moduleFile} exports no SCREEN_QUERIES`);
  const { publishScreenQueries } = await importModule<typeof ScreenQueries>(
    new URL('./screenQueries.ts', import.meta.url).href,
  );
  return publishScreenQueries(SCREEN_QUERIES);
}

/**
 * Writes a remote's screen-data.json beside its manifest, from the module at `moduleFile` (loadScreenData).
 * Without a module (a remote whose screens start no query early) it writes `{}`, so a host's first script
 * finds a file, not a 404, on every remote's route.
 */
export function screenDataPlugin(moduleFile?: string): Plugin {
  return {
    name: 'snapshire-screen-data',
    apply: 'build',
    async generateBundle() {
      const load = await loader();
      const { SCREEN_DATA_FILE } = await load<typeof Contracts>('@snapshire/contracts');
      const screens = moduleFile ? await loadScreenData(moduleFile, load) : {};
      this.emitFile({ type: 'asset', fileName: SCREEN_DATA_FILE, source: `${JSON.stringify(screens, null, 2)}\n` });
    },
  };
}
