import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CHAKRA_CORE } from './chakraCore.ts';

/**
 * Every library that exists once on the page. Host and remotes all build with this one map, so a remote
 * reuses the host's copy instead of downloading its own. Subpaths are separate modules to the bundler: each
 * one in use is listed (sharing @apollo/client does not share @apollo/client/react).
 */
export const SHARED_PACKAGES = [
  'react',
  'react/jsx-runtime',
  'react-dom',
  'react-dom/client',
  // As the part of it browser pages use (SHARED_SOURCES).
  'react-router-dom',
  '@apollo/client',
  '@apollo/client/react',
  '@apollo/client/link/context',
  '@apollo/client/utilities',
  // Chakra's context-holding core only (packages/federation/src/chakraCore.ts): components stay in each app.
  CHAKRA_CORE,
  '@emotion/react',
  '@snapshire/data',
  '@snapshire/ui',
  // The Chakra components the host's shell draws, once for the page.
  '@snapshire/shell-components',
  // Not listed: graphql. Stateless (Kind, visit, print; documents are plain objects) and tree-shaken: Apollo's
  // shared chunk carries the parts it uses instead of all of graphql-js.
  // Not listed: @snapshire/contracts (stateless constants and zod schemas). Shared, its fallback was merged
  // into each remote's loadShare chunk by @module-federation/vite 1.23 and downloaded anyway; each remote
  // keeps its own small copy instead.
] as const;

export type SharedPackage = (typeof SHARED_PACKAGES)[number];

/**
 * Shared keys whose one copy on the page is a module of ours rather than the package's entry: the same
 * library, limited to what a browser page can use (the module says why).
 */
export const SHARED_SOURCES: Partial<Record<SharedPackage, string>> = {
  'react-router-dom': fileURLToPath(new URL('./shared/reactRouterDom.ts', import.meta.url)),
};

export interface SharedConfig {
  singleton: true;
  /** The module provided under the key when it is not the package itself (SHARED_SOURCES). */
  import?: string;
  requiredVersion: string;
  version: string;
  /** Always false: a minor or patch difference is warned about and the remote uses the page's copy; a remote
   * built against another major release is refused by the host (host/src/features/remotes/federatedRemotes.ts). */
  strictVersion: false;
}

/**
 * Which copy of a shared singleton every app takes: the one already loaded on the page (the host's), never a
 * higher version a remote happens to carry. With the default ('version-first') a remote built against a newer
 * patch would hand its own copy to later consumers while the host keeps its first: two Apollo caches, two
 * React contexts. The runtime warns when the loaded copy does not satisfy a remote's requiredVersion.
 */
export const SHARE_STRATEGY = 'loaded-first' as const;

const here = dirname(fileURLToPath(import.meta.url));

/** The package that owns a (sub)path import: '@apollo/client/react' -> '@apollo/client'. */
export function packageOf(specifier: string): string {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]!;
}

/**
 * The package.json of `pkg` as installed for `from`, found by walking up node_modules folders (package.json is
 * not always exported, so require.resolve('<pkg>/package.json') would fail for some).
 */
export function installedPackageJson(pkg: string, from: string = here): InstalledPackageJson {
  let dir = from;
  for (;;) {
    const candidate = join(dir, 'node_modules', pkg, 'package.json');
    if (existsSync(candidate)) return JSON.parse(readFileSync(candidate, 'utf8')) as InstalledPackageJson;
    const parent = dirname(dir);
    if (parent === dir) throw new Error(`@snapshire/federation: cannot find installed package ${pkg}`);
    dir = parent;
  }
}

export interface InstalledPackageJson {
  version: string;
  dependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
}

/** The version of `pkg` installed for `from` (installedPackageJson). */
export const installedVersion = (pkg: string, from: string = here): string => installedPackageJson(pkg, from).version;

/**
 * The federation `shared` map of the app in `appDir`: each library at the version installed for that app (its
 * own node_modules first, then up the tree, as Node resolves it), so its mf-manifest.json states what it was
 * really built with; singleton, with a caret range on that version as requiredVersion. A remote whose range
 * the page's copy does not satisfy still uses the page's one copy (SHARE_STRATEGY) and the federation runtime
 * logs "Version x from host of shared singleton module <package> does not satisfy the requirement of
 * <remote> which needs ^y". strictVersion stays off: it would turn that warning into a failed screen for a
 * patch-level difference.
 */
export function sharedMap(appDir: string): Record<SharedPackage, SharedConfig> {
  const map = {} as Record<SharedPackage, SharedConfig>;
  for (const specifier of SHARED_PACKAGES) {
    const version = installedVersion(packageOf(specifier), appDir);
    const source = SHARED_SOURCES[specifier];
    map[specifier] = {
      singleton: true,
      version,
      requiredVersion: `^${version}`,
      strictVersion: false,
      ...(source ? { import: source } : {}),
    };
  }
  return map;
}
