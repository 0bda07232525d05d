import { pathToFileURL } from 'node:url';
import type * as Contracts from '@snapshire/contracts';
import type { Plugin } from 'vite';

/**
 * Writes a remote's screen-data.json (ScreenData in @snapshire/contracts) beside its manifest: the module at
 * `moduleFile` exports SCREEN_DATA, built from the screens' own query declarations (one source with the
 * screens). Loaded with tsx, which runs the app's TypeScript and workspace packages on Node. Without a module
 * (a remote whose screens start no query early) it writes `{}`, so a host's first script finds a file, not
 * a 404, on every remote's route.
 */
export function screenDataPlugin(moduleFile?: string): Plugin {
  return {
    name: 'snapshire-screen-data',
    apply: 'build',
    async generateBundle() {
      const { tsImport } = await import('tsx/esm/api');
      let screens: unknown = {};
      if (moduleFile) {
        const loaded = (await tsImport(pathToFileURL(moduleFile).href, import.meta.url)) as { SCREEN_DATA?: unknown };
        if (!loaded.SCREEN_DATA) throw new Error(`${moduleFile} exports no SCREEN_DATA`);
        screens = loaded.SCREEN_DATA;
      }
      // Through tsx too: the config loader this plugin runs in cannot load the workspace packages' TypeScript.
      const { SCREEN_DATA_FILE } = (await tsImport('@snapshire/contracts', import.meta.url)) as typeof Contracts;
      this.emitFile({ type: 'asset', fileName: SCREEN_DATA_FILE, source: `${JSON.stringify(screens, null, 2)}\n` });
    },
  };
}
