/**
 * Federation runtime plugins that keep releases from before and after the Chakra split working together
 * (packages/federation/src/chakraCore.ts). Earlier releases shared all of `@chakra-ui/react`; releases since
 * share only its core, `@chakra-ui/react/styled-system`. Host and remotes deploy independently, so a page
 * may hold either kind next to the other, and a remote must never fall back to a Chakra core of its own (a
 * second ChakraContext, with no provider above it: its screens would throw).
 */
export const WHOLE_CHAKRA = '@chakra-ui/react';
/** Kept equal to CHAKRA_CORE in ../chakraCore.ts (that file is build-time code; this one runs in the page). */
export const CHAKRA_CORE = '@chakra-ui/react/styled-system';

interface SharedEntry {
  version: string;
  scope: string[];
  get: () => Promise<() => unknown>;
  shareConfig: { singleton: boolean; requiredVersion: string; strictVersion: boolean };
}
type ShareScope = Record<string, Record<string, unknown> | undefined>;
interface WholeEntry {
  scope?: string[];
  from?: string;
  shareConfig?: unknown;
  lib?: unknown;
  get: () => Promise<unknown>;
}

/** The subset of @module-federation/runtime's plugin interface these plugins use. */
export interface ChakraCompatPlugin {
  name: string;
  beforeInit?<T extends { userOptions: { shared?: Record<string, unknown> } }>(args: T): T;
  initContainerShareScopeMap?<T extends { shareScope: ShareScope }>(args: T): T;
}

/**
 * A remote of this release on a page whose host is of an earlier release: that host provides all of Chakra and
 * no core entry. The core is then taken from the host's whole Chakra (which exports every name of the core),
 * before this remote registers its own fallback core in the page's share scope.
 */
export function coreFromWholeChakra(): ChakraCompatPlugin {
  return {
    name: 'snapshire-chakra-core-from-whole',
    initContainerShareScopeMap(args) {
      const scope = args.shareScope;
      const whole = scope[WHOLE_CHAKRA] as Record<string, WholeEntry> | undefined;
      if (scope[CHAKRA_CORE] || !whole) return args;
      const core: Record<string, unknown> = {};
      for (const [version, entry] of Object.entries(whole)) {
        // Already loading: @module-federation/vite fills this remote's module cache at init from an entry that
        // has a lib or a loading promise, and otherwise falls back to the remote's own core whenever the host's
        // Chakra is not yet in that cache (which depends on the order the page loads its remotes in).
        const loading = (async () => {
          // The entry holds the module behind one or more factories (as loaded, or as its get() resolves).
          let module: unknown = entry.lib ?? (await entry.get());
          while (typeof module === 'function') module = (module as () => unknown)();
          return () => module;
        })();
        core[version] = {
          version,
          scope: entry.scope ?? ['default'],
          from: entry.from,
          shareConfig: entry.shareConfig,
          loaded: false,
          loading,
          get: () => loading,
        };
      }
      scope[CHAKRA_CORE] = core;
      return args;
    },
  };
}

/**
 * The host of this release, with remotes of an earlier release that ask for all of Chakra: it provides the
 * whole package too, under its old key, fetched only when such a remote asks. Built by this host, its
 * components reach the one shared core, so the earlier remote draws with the host's ChakraContext.
 */
export function provideWholeChakra(version: string, load: () => Promise<unknown>): ChakraCompatPlugin {
  const entry: SharedEntry = {
    version,
    scope: ['default'],
    get: () => load().then((module) => () => module),
    shareConfig: { singleton: true, requiredVersion: `^${version}`, strictVersion: false },
  };
  return {
    name: 'snapshire-provide-whole-chakra',
    beforeInit(args) {
      const shared = args.userOptions.shared ?? {};
      if (shared[WHOLE_CHAKRA]) return args;
      return { ...args, userOptions: { ...args.userOptions, shared: { ...shared, [WHOLE_CHAKRA]: entry } } };
    },
  };
}
