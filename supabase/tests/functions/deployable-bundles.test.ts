/**
 * What `supabase functions deploy` can bundle. The CLI uploads a function's entry point, its deno.json and
 * every file its relative and import-mapped imports reach, named relative to the project root (the folder
 * holding supabase/); a path outside that root cannot be uploaded (Supabase CLI issue 3467). npm: packages are
 * fetched by the bundler itself; jsr: and https: imports would be fetched at deploy time, and a native
 * addon cannot load on the Edge Runtime. So, for every function in supabase/functions: its module graph,
 * as Deno resolves it with the function's deno.json, has only files inside this repository, node: built-ins
 * and npm packages with no native addon, at the exact versions packages/backend (the Node path) uses.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const REPO = resolve(fileURLToPath(new URL('../../../', import.meta.url)));
const FUNCTIONS = join(REPO, 'supabase/functions');
const DENO = join(REPO, 'node_modules/.bin/deno');
const NODE_MODULES = join(REPO, 'node_modules') + sep;

const functionNames = readdirSync(FUNCTIONS, { withFileTypes: true })
  .filter((e) => e.isDirectory() && !e.name.startsWith('_') && existsSync(join(FUNCTIONS, e.name, 'index.ts')))
  .map((e) => e.name);

const backendDependencies = (
  JSON.parse(readFileSync(join(REPO, 'packages/backend/package.json'), 'utf8')) as {
    dependencies: Record<string, string>;
  }
).dependencies;

/** The package folder of a file under node_modules (node_modules/@scope/name or node_modules/name). */
function packageDir(file: string): string {
  const parts = file.slice(NODE_MODULES.length).split(sep);
  return join(NODE_MODULES, ...(parts[0]!.startsWith('@') ? parts.slice(0, 2) : parts.slice(0, 1)));
}

function hasNativeAddon(dir: string): boolean {
  return readdirSync(dir, { withFileTypes: true, recursive: true }).some((e) => e.isFile() && e.name.endsWith('.node'));
}

describe.each(functionNames)('supabase/functions/%s deploys as the Supabase CLI bundles it', (name) => {
  const config = join(FUNCTIONS, name, 'deno.json');

  it('maps every bare import to an exactly pinned npm: package or a path inside the repository', () => {
    const imports = (JSON.parse(readFileSync(config, 'utf8')) as { imports: Record<string, string> }).imports;
    for (const [specifier, target] of Object.entries(imports)) {
      if (target.startsWith('npm:')) {
        const m = /^npm:((?:@[^/@]+\/)?[^/@]+)@(\d+\.\d+\.\d+)(\/.*)?$/.exec(target);
        expect(m, `${specifier} -> ${target} is not an exact npm version`).not.toBeNull();
        // The Node path (embedded backend) resolves the same package from node_modules: same version.
        expect(backendDependencies[m![1]!], `${m![1]} in packages/backend/package.json`).toBe(m![2]);
      } else {
        const file = resolve(FUNCTIONS, name, target);
        expect(file.startsWith(REPO + sep), `${specifier} -> ${target} leaves the repository`).toBe(true);
        expect(existsSync(file), `${specifier} -> ${target} does not exist`).toBe(true);
      }
    }
  });

  it('reaches only repository files, node: built-ins and npm packages without a native addon', () => {
    const info = JSON.parse(
      execFileSync(
        DENO,
        [
          'info',
          '--json',
          '--node-modules-dir=manual',
          '--no-lock',
          '--config',
          config,
          join(FUNCTIONS, name, 'index.ts'),
        ],
        {
          cwd: REPO,
          env: {
            PATH: process.env.PATH ?? '',
            HOME: process.env.HOME ?? tmpdir(),
            DENO_DIR: process.env.DENO_DIR ?? join(tmpdir(), 'snapshire-deno-dir'),
            NO_COLOR: '1',
          },
          encoding: 'utf8',
          maxBuffer: 64 * 1024 * 1024,
        },
      ),
    ) as { modules: { specifier: string; error?: string }[] };
    const errors = info.modules.filter((m) => m.error).map((m) => `${m.specifier}: ${m.error}`);
    expect(errors).toEqual([]);
    const packages = new Set<string>();
    for (const { specifier } of info.modules) {
      if (specifier.startsWith('node:')) continue;
      expect(specifier, 'only file: modules besides node: built-ins').toMatch(/^file:\/\//);
      const file = fileURLToPath(specifier);
      expect(file.startsWith(REPO + sep), `${file} is outside the repository`).toBe(true);
      if (file.startsWith(NODE_MODULES)) packages.add(packageDir(file));
    }
    expect(packages.size).toBeGreaterThan(0);
    const native = [...packages].filter(hasNativeAddon);
    expect(native, 'npm packages with a native addon').toEqual([]);
  });
});
