/**
 * One federation runtime per page. Every remote bundled its own copy of @module-federation/runtime-core
 * (about 18 KB brotli, 70 KB to parse) although the host had already loaded one. The host publishes its copy on
 * globalThis._FEDERATION_RUNTIME_CORE (the federation plugin's `experiments.provideExternalRuntime`, set in
 * hostFederation), and a remote built with this plugin uses that copy. A remote still runs without it, on a
 * host from before this change or on its own standalone page: its own copy is then a chunk of its own,
 * imported only in that case.
 *
 * Not the plugin's `experiments.externalRuntime`: that shim throws when the host provides no runtime, which
 * would break a remote deployed ahead of its host (e2e/tests/compat.spec.ts) and the standalone page.
 */
import { join } from 'node:path';
import type { Plugin } from 'vite';

export const RUNTIME_CORE = '@module-federation/runtime-core';
const SHIM_ID = '\0snapshire:runtime-core-from-host';

/** The shim's code: the page's runtime if the host published one, else this build's own (a lazy chunk). */
export function runtimeCoreShim(exportNames: readonly string[]): string {
  const names = exportNames.filter((name) => name !== 'default' && /^[A-Za-z_$][\w$]*$/.test(name));
  return [
    `const core = globalThis._FEDERATION_RUNTIME_CORE ?? (await import(${JSON.stringify(RUNTIME_CORE)}));`,
    ...names.map((name) => `export const ${name} = core.${name};`),
  ].join('\n');
}

export function runtimeCoreFromHostPlugin(): Plugin {
  let rootImporter = '';
  let exportNames: Promise<string[]> | undefined;
  return {
    name: 'snapshire-runtime-core-from-host',
    enforce: 'pre',
    // The dev server serves a remote inside the host through the same runtime objects anyway.
    apply: 'build',
    configResolved(config) {
      rootImporter = join(config.root, 'package.json');
    },
    async resolveId(source, importer, options) {
      if (source !== RUNTIME_CORE) return null;
      // The shim's own fallback import: the real package.
      if (importer === SHIM_ID) return this.resolve(source, rootImporter, { ...options, skipSelf: true });
      return SHIM_ID;
    },
    async load(id) {
      if (id !== SHIM_ID) return null;
      exportNames ??= import(RUNTIME_CORE).then((core: Record<string, unknown>) => Object.keys(core));
      return runtimeCoreShim(await exportNames);
    },
  };
}
