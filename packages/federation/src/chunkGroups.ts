/**
 * The chunk groups of every federated app (host and remotes): Chakra's components in one chunk per app, the
 * host's whole-Chakra copy for earlier remotes in one lazy chunk, and the app's own code that several screens
 * share in one chunk per app. Also fails a build whose Chakra core is bundled outside the federation's chunks.
 */
import type { Plugin } from 'vite';
import {
  CHAKRA_COMPONENT_MODULE,
  CHAKRA_CORE_HELPER_MODULE,
  privateCoreChunks,
  WHOLE_CHAKRA_CHUNK,
  WHOLE_QUERY,
} from './chakraCore.ts';
import { SHARED_PACKAGES } from './shared.ts';

/**
 * The app's own code used by more than one screen, as one chunk: rolldown's chunk optimisation (merging common
 * chunks) does not run in a federated build, as the federation's generated code awaits at top level (rolldown
 * then turns it off itself: each remote's build is byte-identical whether it is set on or off), so each
 * helper, hook and contracts module two screens share came out as a chunk of its own, about a dozen requests
 * of 1-2 KB on the group page. Measured: the group page 56 -> 48 requests at the same bytes, the groups list
 * 62 -> 58.
 */
export const APP_SHARED_CHUNK = 'app-shared';

/**
 * The source folders of the workspace packages that are shared singletons (@snapshire/data, @snapshire/ui):
 * their modules belong to the federation's own chunks (the host's provided copy, a remote's fallback), never
 * to an app chunk that runs on every screen.
 */
const SHARED_WORKSPACE_SOURCE = new RegExp(
  `[\\\\/]packages[\\\\/](${SHARED_PACKAGES.filter((name) => name.startsWith('@snapshire/'))
    .map((name) => name.slice('@snapshire/'.length))
    .join('|')})[\\\\/]src[\\\\/]`,
);

/** A module of the app's or an unshared workspace package's source (not a library's, nor a federation virtual module). */
export const isAppModule = (id: string) =>
  /[\\/]src[\\/]/.test(id) &&
  !/[\\/]node_modules[\\/]/.test(id) &&
  !SHARED_WORKSPACE_SOURCE.test(id) &&
  !id.startsWith('\0') &&
  !id.includes('virtual');

/**
 * zod, with the contracts' module that configures it: one chunk of their own, never the app's shared chunk,
 * which every screen loads. Most screens check nothing with zod; those that do (their forms, a fallback copy of
 * a shared package) import this chunk.
 */
export const ZOD_CHUNK = 'zod';
const ZOD_MODULE = /[\\/]node_modules[\\/]zod[\\/]|[\\/]packages[\\/]contracts[\\/]src[\\/]zod\.ts$/;

const CONTRACTS_INDEX = /[\\/]packages[\\/]contracts[\\/]src[\\/]index\.ts$/;

/**
 * Whether only the shared packages' source imports module `id` (the contracts' index, which re-exports every
 * contract, aside): a contract only a shared package's fallback copy uses (@snapshire/data's check of
 * sign-photos answers) then stays with that copy, which the page loads only when the host does not provide the
 * package, rather than joining the app's shared chunk on every screen.
 */
export function onlySharedPackagesImport(id: string, graph: ModuleGraph): boolean {
  const info = graph.getModuleInfo(id);
  const importers = [...(info?.importers ?? []), ...(info?.dynamicImporters ?? [])].filter(
    (importer) => !CONTRACTS_INDEX.test(importer),
  );
  return importers.length > 0 && importers.every((importer) => SHARED_WORKSPACE_SOURCE.test(importer));
}

/**
 * Supabase Realtime's code (and the Phoenix client under it), loaded by @snapshire/data when a screen first
 * opens a live channel, after it is drawn (packages/data/src/config/createSupabase.ts): named, so that the
 * first-load checks can tell it from a script the first screen waits for.
 */
export const REALTIME_CHUNK = 'realtime';
const REALTIME_MODULE = /[\\/]node_modules[\\/]@supabase[\\/](realtime-js|phoenix)[\\/]/;

/** The Chakra components (with the Ark UI parts and zag-js machines under them) an app bundles itself. */
export const CHAKRA_COMPONENTS_CHUNK = 'chakra-components';

/** What a chunk group's name function may ask of the module graph (rolldown's ChunkingContext). */
export interface ModuleGraph {
  getModuleInfo(
    id: string,
  ): { importers: readonly string[]; dynamicImporters: readonly string[]; importedIds: readonly string[] } | null;
}

/**
 * The screens (of `screens`, module ids) whose code reaches module `id`: up through every module that imports
 * it, statically or lazily, stopping at a screen, and not through a module `hides` (a package's index, which
 * imports everything and so reaches every screen). A module only the app's own page reaches has none.
 */
export function screensReaching(
  id: string,
  graph: ModuleGraph,
  screens: ReadonlySet<string>,
  hides: (id: string) => boolean = () => false,
): string[] {
  const reached = new Set<string>();
  const seen = new Set<string>([id]);
  const queue = [id];
  for (let next = queue.pop(); next !== undefined; next = queue.pop()) {
    if (screens.has(next)) {
      reached.add(next);
      continue;
    }
    const info = graph.getModuleInfo(next);
    for (const importer of [...(info?.importers ?? []), ...(info?.dynamicImporters ?? [])])
      if (!seen.has(importer) && !hides(importer)) {
        seen.add(importer);
        queue.push(importer);
      }
  }
  return [...reached].sort();
}

/** A screen module's name in a chunk's name: its file's (src/screens/GroupPage/GroupPage.tsx: GroupPage). */
const screenName = (id: string) => id.replace(/^.*[\\/]/, '').replace(/\.[^.]*$/, '');

/** Chakra's package index: it re-exports every component (the apps import each from its own entry, eslint.config.js). */
const CHAKRA_INDEX = /[\\/]node_modules[\\/]@chakra-ui[\\/]react[\\/]dist[\\/]esm[\\/]index\.js$/;

/**
 * Names chunks by the screens that use their modules: `base` and the screens' names, or null for a module every
 * screen uses (or none, as the app's own router) and when no screens are given (the host, whose screens are its
 * own routes).
 */
export function screenChunkNames(base: string, screens: readonly string[]) {
  const screenSet = new Set(screens);
  const names = new Map<string, string | null>();
  return (id: string, graph: ModuleGraph): string | null => {
    if (screenSet.size === 0) return null;
    let name = names.get(id);
    if (name === undefined) {
      const reached = screensReaching(id, graph, screenSet, (importer) => CHAKRA_INDEX.test(importer));
      name =
        reached.length === 0 || reached.length === screenSet.size ? null : [base, ...reached.map(screenName)].join('-');
      names.set(id, name);
    }
    return name;
  };
}

/** An app module that draws with Chakra components the app bundles itself (it imports one). */
const drawsBundledComponents = (id: string, graph: ModuleGraph) =>
  graph.getModuleInfo(id)?.importedIds.some((imported) => CHAKRA_COMPONENT_MODULE.test(imported)) === true;

/**
 * The chunk of an app module that draws with the bundled components: with the screens that use it, however
 * small, since it imports their chunks (null: the app's one shared chunk, as for all other shared code).
 */
export function componentCodeChunkNames(screens: readonly string[]) {
  const byScreens = screenChunkNames(APP_SHARED_CHUNK, screens);
  return (id: string, graph: ModuleGraph): string | null =>
    drawsBundledComponents(id, graph) ? byScreens(id, graph) : null;
}

/** A remote's chunk of the Chakra helpers its core fallback and its components both import. */
export const CHAKRA_HELPERS_CHUNK = 'chakra-helpers';

/**
 * Chunk groups of every federated app. The Chakra components an app bundles (with the Ark UI parts and zag-js
 * machines under them) that more than one of its chunks use go in one chunk of that app: bundled per app since
 * the split, they came out as a small chunk per component shared between screens, a dozen more requests on the
 * group page. The shared core (styled-system) and the host's theme stay out of it, in chunks of their own; the
 * host's whole-Chakra copy is one named lazy chunk. Then the app's own shared code (APP_SHARED_CHUNK).
 *
 * @param options.coreIsFallback a remote: its Chakra core is a fallback, loaded only on its own page, and the
 * helpers that core imports (CHAKRA_CORE_HELPER_MODULE) get a chunk of their own, apart from the components
 * (which read the core when they load). The host's core is the page's: the helpers stay in its chunk.
 */
export function chunkGroupsPlugin({
  coreIsFallback = false,
  screens = [],
}: { coreIsFallback?: boolean; screens?: readonly string[] } = {}): Plugin {
  const isHelper = (id: string) => coreIsFallback && CHAKRA_CORE_HELPER_MODULE.test(id);
  return {
    name: 'snapshire-chunk-groups',
    apply: 'build',
    generateBundle(_options, bundle) {
      const misplaced = privateCoreChunks(bundle);
      if (misplaced.length > 0)
        this.error(
          `Chakra's core (its ChakraContext) is bundled outside the shared fallback, in ${misplaced.join(', ')}: those components would not see the host's ChakraProvider`,
        );
    },
    config: () => {
      // A remote's Chakra components, and its shared code that draws with them, by the screens that draw them: a
      // screen then loads no component it does not draw. With one chunk of each, the group page loaded the group
      // forms' fields and with them the checkbox, switch and textarea, which only the new-group and settings
      // screens draw: 414.8 -> 397.1 KB; the groups list, which draws cards, 394.4 -> 381.2 KB. The rest of the
      // shared code stays in one chunk: split by screens as well (chunks under 4 KB merged), the groups list
      // saved 2.2 KB and the group page loaded 3 chunks instead of 1. Per build: a build calls config once.
      const componentsByScreens = screenChunkNames(CHAKRA_COMPONENTS_CHUNK, screens);
      const componentCodeByScreens = componentCodeChunkNames(screens);
      return {
        build: {
          rolldownOptions: {
            output: {
              codeSplitting: {
                groups: [
                  { name: WHOLE_CHAKRA_CHUNK, test: (id: string) => id.endsWith(WHOLE_QUERY) },
                  { name: CHAKRA_HELPERS_CHUNK, test: isHelper },
                  { name: REALTIME_CHUNK, test: (id: string) => REALTIME_MODULE.test(id) },
                  { name: ZOD_CHUNK, test: (id: string) => ZOD_MODULE.test(id) },
                  {
                    name: (id: string, ctx: ModuleGraph) => componentsByScreens(id, ctx) ?? CHAKRA_COMPONENTS_CHUNK,
                    test: (id: string) =>
                      !id.endsWith(WHOLE_QUERY) && !isHelper(id) && CHAKRA_COMPONENT_MODULE.test(id),
                    // A component only one chunk uses (the report dialog's radio group) stays in that chunk, off
                    // the screens that never open it: the group page 417.5 -> 413.5 KB, at the same requests.
                    minShareCount: 2,
                  },
                  // The app's own shared code. Only the app's modules themselves, not the libraries they import:
                  // those stay in chunks of their own (a shared library's modules must never join an app chunk).
                  // The app modules a captured module imports are shared at least as widely, so they are captured.
                  {
                    name: componentCodeByScreens,
                    test: isAppModule,
                    minShareCount: 2,
                    includeDependenciesRecursively: false,
                  },
                  {
                    name: (id: string, graph: ModuleGraph) =>
                      onlySharedPackagesImport(id, graph) ? null : APP_SHARED_CHUNK,
                    test: isAppModule,
                    minShareCount: 2,
                    includeDependenciesRecursively: false,
                  },
                ],
              },
            },
          },
        },
      };
    },
  };
}
