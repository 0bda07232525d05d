import { pathToFileURL } from 'node:url';
import type * as Contracts from '@snapshire/contracts';
import type { Plugin } from 'vite';
import type * as ScreenQueries from './screenQueries.ts';

/**
 * Writes a remote's screen-data.json (ScreenData in @snapshire/contracts) beside its manifest, from the module
 * at `moduleFile`, which exports SCREEN_QUERIES: the screens' first queries as declared beside them (one
 * source with the screens). Loaded with tsx, which runs the app's TypeScript and workspace packages on Node
 * (the config loader this plugin runs in cannot). Without a module (a remote whose screens start no query
 * early) it writes `{}`, so a host's first script finds a file, not a 404, on every remote's route.
 */
export function screenDataPlugin(moduleFile?: string): Plugin {
  return {
    name: 'snapshire-screen-data',
    apply: 'build',
    async generateBundle() {
      const { tsImport } = await import('tsx/esm/api');
      const load = <T>(specifier: string) => tsImport(specifier, import.meta.url) as Promise<T>;
      const { SCREEN_DATA_FILE } = await load<typeof Contracts>('@snapshire/contracts');
      let screens = {};
      if (moduleFile) {
        const { SCREEN_QUERIES } = await load<{
          SCREEN_QUERIES?: Record<string, ScreenQueries.ScreenQueryDeclaration>;
        }>(pathToFileURL(moduleFile).href);
        if (!SCREEN_QUERIES) throw new Error(`${moduleFile} exports no SCREEN_QUERIES`);
        const { publishScreenQueries } = await load<typeof ScreenQueries>(
          new URL('./screenQueries.ts', import.meta.url).href,
        );
        screens = publishScreenQueries(SCREEN_QUERIES);
      }
      this.emitFile({ type: 'asset', fileName: SCREEN_DATA_FILE, source: `${JSON.stringify(screens, null, 2)}\n` });
    },
  };
}
