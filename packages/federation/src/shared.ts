import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

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
  'react-router-dom',
  '@apollo/client',
  '@apollo/client/react',
  '@apollo/client/link/context',
  '@apollo/client/utilities',
  'graphql',
  '@chakra-ui/react',
  '@emotion/react',
  '@snapshire/data',
  '@snapshire/ui',
  // Not listed: @snapshire/contracts (stateless constants and zod schemas). Shared, its fallback was merged
  // into each remote's loadShare chunk by @module-federation/vite 1.23 and downloaded anyway; each remote
  // keeps its own small copy instead.
] as const;

export type SharedPackage = (typeof SHARED_PACKAGES)[number];

export interface SharedConfig {
  singleton: true;
  requiredVersion: string;
  version: string;
}

const here = dirname(fileURLToPath(import.meta.url));

/** The package that owns a (sub)path import: '@apollo/client/react' -> '@apollo/client'. */
export function packageOf(specifier: string): string {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]!;
}

/**
 * Reads the installed version by walking up node_modules folders (package.json is not always exported, so
 * require.resolve('<pkg>/package.json') would fail for some).
 */
export function installedVersion(pkg: string, from: string = here): string {
  let dir = from;
  for (;;) {
    const candidate = join(dir, 'node_modules', pkg, 'package.json');
    if (existsSync(candidate)) return (JSON.parse(readFileSync(candidate, 'utf8')) as { version: string }).version;
    const parent = dirname(dir);
    if (parent === dir) throw new Error(`@snapshire/federation: cannot find installed package ${pkg}`);
    dir = parent;
  }
}

/**
 * The federation `shared` map: singleton, and a caret range on the installed version so a remote built
 * against a compatible release still takes the host's copy, while an incompatible one is reported.
 */
export function sharedMap(): Record<SharedPackage, SharedConfig> {
  const map = {} as Record<SharedPackage, SharedConfig>;
  for (const specifier of SHARED_PACKAGES) {
    const version = installedVersion(packageOf(specifier));
    map[specifier] = { singleton: true, version, requiredVersion: `^${version}` };
  }
  return map;
}
