import { readFileSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative, sep } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  CHAKRA_COMPONENT_MODULE,
  CHAKRA_CORE,
  CHAKRA_CORE_HELPER_MODULE,
  CHAKRA_CORE_PRIVATE_FILES,
  isSharedProxy,
  leavesForChakraCore,
  privateCoreChunks,
} from './chakraCore.ts';
import { SHARED_PACKAGES } from './shared.ts';

// The installed Chakra's ES modules: .../@chakra-ui/react/dist/esm/ (the package's "import" entry lives there).
const require = createRequire(import.meta.url);
const ESM = dirname(require.resolve('@chakra-ui/react', { paths: [join(import.meta.dirname, '..', '..', 'ui')] }).replace(/cjs[\\/]index\.cjs$/, 'esm/index.js'));
const CORE = join(ESM, 'styled-system');

function modules(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? modules(join(dir, e.name)) : e.name.endsWith('.js') ? [join(dir, e.name)] : [],
  );
}

/** `import { a, b as c } from '<spec>'` and `export { ... } from '<spec>'` of an ES module: [spec, names]. */
function namedImports(file: string): [string, string[]][] {
  const source = readFileSync(file, 'utf8');
  return [...source.matchAll(/(?:import|export)\s*(\{[^}]*\}|\*[^;'"]*?)\s*from\s*['"]([^'"]+)['"]/g)].map((m) => [
    m[2]!,
    m[1]!.startsWith('{')
      ? m[1]!
          .slice(1, -1)
          .split(',')
          .map((s) => s.trim().split(/\s+as\s+/)[0]!)
          .filter(Boolean)
      : ['*'],
  ]);
}

const coreExports = new Set(
  [...readFileSync(join(CORE, 'index.js'), 'utf8').matchAll(/export\s*\{([^}]*)\}/g)].flatMap((m) =>
    m[1]!.split(',').map((s) => s.trim().split(/\s+as\s+/).pop()!),
  ),
);

describe('Chakra core redirect', () => {
  it('sends imports that leave a component for the styled-system folder to the shared core, and nothing else', () => {
    const button = join(ESM, 'components', 'button', 'button.js');
    expect(leavesForChakraCore('../../styled-system/factory.js', button)).toBe(true);
    expect(leavesForChakraCore('./styled-system/provider.js', join(ESM, 'index.js'))).toBe(true);
    // Inside the core: these build the one shared copy.
    expect(leavesForChakraCore('./provider.js', join(CORE, 'factory.js'))).toBe(false);
    expect(leavesForChakraCore('../create-context.js', join(CORE, 'provider.js'))).toBe(false);
    // Elsewhere in Chakra, bare specifiers, files outside Chakra, and the stateless helpers kept private.
    expect(leavesForChakraCore('../../create-context.js', button)).toBe(false);
    expect(leavesForChakraCore('@emotion/react', button)).toBe(false);
    expect(leavesForChakraCore('./styled-system/factory.js', '/app/src/styled-system/x.js')).toBe(false);
    expect(leavesForChakraCore('./styled-system/css-var.js', join(ESM, 'preset-base.js'))).toBe(false);
  });

  it('the shared map shares the core, not all of Chakra', () => {
    expect(SHARED_PACKAGES).toContain(CHAKRA_CORE);
    expect(SHARED_PACKAGES).not.toContain('@chakra-ui/react');
    expect(SHARED_PACKAGES).toContain('@emotion/react');
  });

  it('every name a Chakra module takes from the core is exported by the shared core (installed version)', () => {
    const missing: string[] = [];
    let redirected = 0;
    for (const file of modules(ESM)) {
      for (const [spec, names] of namedImports(file)) {
        if (!leavesForChakraCore(spec, file)) continue;
        redirected += 1;
        for (const name of names)
          if (!coreExports.has(name)) missing.push(`${relative(ESM, file).split(sep).join('/')}: ${name} from ${spec}`);
      }
    }
    expect(redirected).toBeGreaterThan(100);
    expect(missing).toEqual([]);
  });

  it('the files kept private hold no state and import nothing', () => {
    for (const file of CHAKRA_CORE_PRIVATE_FILES) {
      const source = readFileSync(join(CORE, file), 'utf8');
      expect(source, file).not.toMatch(/\bimport\b/);
      expect(source, file).not.toMatch(/createContext|new (Weak)?Map|^let /m);
    }
  });
});

describe('chakra-components chunk', () => {
  it("takes the components and their Ark UI and zag-js parts, never the shared core or the host's theme", () => {
    expect(CHAKRA_COMPONENT_MODULE.test(join(ESM, 'components', 'button', 'button.js'))).toBe(true);
    expect(CHAKRA_COMPONENT_MODULE.test(join(ESM, 'create-context.js'))).toBe(true);
    expect(CHAKRA_COMPONENT_MODULE.test(`${sep}x${sep}node_modules${sep}@zag-js${sep}dialog${sep}dist${sep}index.mjs`)).toBe(true);
    expect(CHAKRA_COMPONENT_MODULE.test(join(CORE, 'provider.js'))).toBe(false);
    expect(CHAKRA_COMPONENT_MODULE.test(join(ESM, 'theme', 'index.js'))).toBe(false);
    expect(CHAKRA_COMPONENT_MODULE.test(join(ESM, 'preset-base.js'))).toBe(false);
  });
});

describe("a remote's chakra-helpers chunk", () => {
  it("takes every module outside the core that the core imports, and they import nothing but React", () => {
    // Followed from the core's own files: whatever they reach outside the styled-system folder.
    const reached = new Set<string>();
    const queue = modules(CORE);
    while (queue.length > 0) {
      const file = queue.pop()!;
      for (const [spec] of namedImports(file)) {
        if (!spec.startsWith('.')) continue;
        const target = join(dirname(file), spec);
        if (target.startsWith(CORE + sep) || reached.has(target)) continue;
        reached.add(target);
        queue.push(target);
      }
    }
    expect(reached.size).toBeGreaterThan(0);
    const notHelpers = [...reached].filter((file) => !CHAKRA_CORE_HELPER_MODULE.test(file));
    expect(notHelpers.map((file) => relative(ESM, file))).toEqual([]);
    for (const file of reached) {
      const libraries = namedImports(file).filter(([spec]) => !spec.startsWith('.')).map(([spec]) => spec);
      expect(libraries.filter((spec) => spec !== 'react'), relative(ESM, file)).toEqual([]);
    }
  });

  it('leaves the components to the chakra-components chunk', () => {
    expect(CHAKRA_CORE_HELPER_MODULE.test(join(ESM, 'utils', 'is.js'))).toBe(true);
    expect(CHAKRA_CORE_HELPER_MODULE.test(join(ESM, 'create-context.js'))).toBe(true);
    expect(CHAKRA_CORE_HELPER_MODULE.test(join(ESM, 'components', 'box', 'box.js'))).toBe(false);
    expect(CHAKRA_CORE_HELPER_MODULE.test(join(CORE, 'factory.js'))).toBe(false);
  });
});

describe('the one Chakra core of a federated build', () => {
  const chunk = (fileName: string, ...ids: string[]) => ({
    type: 'chunk',
    fileName,
    modules: Object.fromEntries(ids.map((id) => [id, {}])),
  });
  const provider = join(CORE, 'provider.js');

  it('names a chunk that holds a private core beside components (the ContextError build)', () => {
    const bundle = {
      a: chunk('assets/_virtual_mf___loadShare___mf_0_chakra__prebuild__-x.js', provider, join(CORE, 'factory.js')),
      b: chunk('assets/chakra-components-y.js', join(ESM, 'components', 'dialog', 'dialog.js'), provider),
      c: { type: 'asset', fileName: 'assets/style.css' },
    };
    expect(privateCoreChunks(bundle)).toEqual(['assets/chakra-components-y.js']);
  });

  it("accepts the core in a remote's shared fallback and in the host's provided copy, whatever query its id carries", () => {
    const bundle = {
      a: chunk('assets/_virtual_mf__prebuild__-x.js', `${provider}?v=1`),
      host: chunk('assets/_virtual_mf___mfe_internal__host__loadShare___mf_0_chakra__loadShare__.js-z.js', provider),
      b: chunk('assets/chakra-components-y.js', join(ESM, 'components', 'dialog', 'dialog.js'), join(CORE, 'css-var.js')),
    };
    expect(privateCoreChunks(bundle)).toEqual([]);
  });

  it("tells the federation's shared proxy from the package's own file", () => {
    expect(isSharedProxy('virtual:mf:__mfe_internal__remote_browse__loadShare___mf_0_chakra__loadShare__.js')).toBe(true);
    expect(isSharedProxy(join(CORE, 'index.js'))).toBe(false);
  });
});
