/**
 * Chakra UI split in two for federation: the context-holding core is shared once per page, every component is
 * bundled by the app that uses it.
 *
 * Sharing all of @chakra-ui/react shipped every component, Ark UI part and zag-js machine to every page (the
 * shared chunk cannot be tree-shaken: the provider does not know what a remote will ask for), about three
 * times what the screens use. What must exist once is smaller: the ChakraContext that carries the host's
 * system (theme tokens, recipes, conditions) and the `chakra` factory that reads it, all in Chakra's
 * styled-system folder, which the package exports as `@chakra-ui/react/styled-system`. Chakra's component
 * modules reach that folder only through relative imports (`../../styled-system/factory.js`), so a bundler
 * would inline a private copy (a second ChakraContext, empty in a remote). This plugin sends every such import
 * to the bare `@chakra-ui/react/styled-system`, which the shared map shares (SHARED_PACKAGES): one core on the
 * page, the host's, while each app's components are its own and tree-shaken. A remote that starts using a
 * component the host has never used bundles it and deploys alone; it still draws with the host's system.
 *
 * Host, remotes and the one-bundle benchmark build (e2e/bench/one-bundle/vite.config.ts) all use it, so the
 * benchmark compares like with like.
 */
import { basename, dirname, join, resolve, sep } from 'node:path';
import type { Plugin } from 'vite';

/** The shared specifier of Chakra's context-holding core. */
export const CHAKRA_CORE = '@chakra-ui/react/styled-system';

/**
 * styled-system files that may stay a private copy in each app: pure helpers with no state and no imports,
 * used only by preset-base.js and not re-exported by the styled-system index.
 */
export const CHAKRA_CORE_PRIVATE_FILES: ReadonlySet<string> = new Set(['css-var.js', 'color-mix.js']);

const CHAKRA_DIST = `${sep}@chakra-ui${sep}react${sep}dist${sep}`;

function styledSystemDir(file: string): string | null {
  const at = file.indexOf(CHAKRA_DIST);
  if (at < 0) return null;
  const format = file.slice(at + CHAKRA_DIST.length).split(sep)[0];
  return file.slice(0, at + CHAKRA_DIST.length) + format + sep + 'styled-system' + sep;
}

/**
 * Whether an import of `source` by the Chakra module `importer` leaves a component for the core, and so must
 * use the shared core instead of a copy. Imports inside the core folder stay as they are (they build the one
 * shared core).
 */
export function leavesForChakraCore(source: string, importer: string): boolean {
  if (!source.startsWith('.')) return false;
  const core = styledSystemDir(importer);
  if (!core || importer.startsWith(core)) return false;
  const target = resolve(dirname(importer), source);
  return target.startsWith(core) && !CHAKRA_CORE_PRIVATE_FILES.has(basename(target));
}

/**
 * All of Chakra as one module, for a host that must still offer the whole package to remotes of earlier
 * releases (runtime/hostChakraCompat.ts). It is a copy of Chakra's module graph (every module id carries
 * WHOLE_QUERY) whose core imports still go to the shared core: reached from the app's own imports, the same
 * modules would be assigned to the app's chunks and the whole package downloaded on every page, since the
 * app imports Chakra through its index. As a copy it is a lazy chunk of its own, fetched only when asked for.
 */
export const WHOLE_CHAKRA_MODULE = 'virtual:snapshire/whole-chakra';
/** The query that marks the modules of that copy. */
export const WHOLE_QUERY = '?snapshire-whole-chakra';

/** Whether a resolved id is @module-federation/vite's proxy for a shared module (loaded through the runtime). */
export function isSharedProxy(id: string): boolean {
  return id.includes('__loadShare__');
}

/**
 * @param options.shared false for a build without federation (the one-bundle benchmark): the core is then the
 * app's own, resolved as usual.
 */
export function chakraCorePlugin({ shared = true }: { shared?: boolean } = {}): Plugin {
  // The import is resolved as if the app's own code made it: @module-federation/vite leaves an import local
  // when the importer belongs to the shared specifier's own package (a Chakra file importing a Chakra
  // subpath), which would bring back the private copy this plugin exists to avoid.
  let appImporter = '';
  let building = false;
  return {
    name: 'snapshire-chakra-core',
    enforce: 'pre',
    configResolved(config) {
      appImporter = join(config.root, 'chakra-core-import.js');
      building = config.command === 'build';
    },
    async resolveId(source, importer, options) {
      if (source === WHOLE_CHAKRA_MODULE) {
        const whole = await this.resolve('@chakra-ui/react', appImporter, { ...options, skipSelf: true });
        if (!whole) this.error(`@chakra-ui/react does not resolve from ${appImporter}`);
        return { ...whole, id: whole.id + WHOLE_QUERY };
      }
      if (!importer) return null;
      const inWholeCopy = importer.endsWith(WHOLE_QUERY);
      const from = inWholeCopy ? importer.slice(0, -WHOLE_QUERY.length) : importer;
      if (leavesForChakraCore(source, from)) {
        const core = await this.resolve(CHAKRA_CORE, appImporter, { ...options, skipSelf: true });
        if (!core) return this.error(`${CHAKRA_CORE} does not resolve from ${importer}`);
        // In a federated build the answer must be the federation's shared proxy: a private core here would be a
        // second ChakraContext. It was not in 6 of 8 builds of remote-browse on @module-federation/vite 1.23.0
        // without patches/rolldown+1.2.19.patch (overlapping this.resolve calls got each other's options;
        // patches/README.md): stop such a build here rather than ship it.
        if (shared && building && !isSharedProxy(core.id))
          return this.error(`${CHAKRA_CORE} resolved to ${core.id}, not to the federation's shared module: see patches/README.md`);
        return core;
      }
      if (!inWholeCopy) return null;
      // Inside the copy: a library file joins the copy; shared packages (React, Emotion) stay the page's one.
      const resolved = await this.resolve(source, from, { ...options, skipSelf: true });
      if (!resolved || resolved.external || resolved.id.startsWith('\0') || !resolved.id.includes(`${sep}node_modules${sep}`))
        return resolved;
      if (resolved.id.includes('__loadShare__') || resolved.id.includes('?')) return resolved;
      return { ...resolved, id: resolved.id + WHOLE_QUERY };
    },
  };
}


/** Chakra's components and the Ark UI parts and zag-js machines under them: bundled by each app that uses them. */
export const CHAKRA_COMPONENT_MODULE = /[\\/]node_modules[\\/](@chakra-ui[\\/]react[\\/]dist[\\/](?!(esm|cjs)[\\/](styled-system|theme|preset))|@ark-ui[\\/]|@zag-js[\\/])/;

/**
 * Chakra's helpers that the core itself imports (its utils, create-context, merge-props, merge-refs): stateless,
 * importing only React. The components use them too, so without a rule a remote's build puts them in its
 * components chunk, which its core fallback then imports: a remote on its own page (no host, so its own core is
 * loaded) ran the components' module code, `chakra('div')` at the top, before its core was there.
 */
export const CHAKRA_CORE_HELPER_MODULE =
  /[\\/]@chakra-ui[\\/]react[\\/]dist[\\/](esm|cjs)[\\/](utils[\\/]|create-context\.js$|merge-props\.js$|merge-refs\.js$)/;

/** The name (and file name prefix) of the host's lazy chunk holding all of Chakra for earlier remotes. */
export const WHOLE_CHAKRA_CHUNK = 'whole-chakra-for-earlier-remotes';

/** The module that creates the ChakraContext: exactly one copy of it may be used on a page. */
const CORE_PROVIDER_MODULE = /[\\/]@chakra-ui[\\/]react[\\/]dist[\\/](esm|cjs)[\\/]styled-system[\\/]provider\.js$/;

/**
 * The chunks of a federated build that hold Chakra's core other than the federation's own: its shared fallback
 * (a remote's __prebuild__ chunk, loaded only when the page has no core yet) or the host's provided copy (the
 * host's __loadShare__ chunk). A component importing from any other draws with a context no provider fills.
 */
export function privateCoreChunks(bundle: Record<string, { type: string; fileName: string; modules?: Record<string, unknown> }>): string[] {
  return Object.values(bundle)
    .filter((chunk) => chunk.type === 'chunk' && !/__(prebuild|loadShare)__/.test(chunk.fileName))
    .filter((chunk) => Object.keys(chunk.modules ?? {}).some((id) => CORE_PROVIDER_MODULE.test(id.split('?')[0]!)))
    .map((chunk) => chunk.fileName);
}
