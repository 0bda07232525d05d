/**
 * Guards patches/@module-federation+vite+1.23.8.patch (see patches/README.md): a shared package whose
 * package.json depends on a package shared only through a subpath is seeded after that subpath. Our case:
 * @snapshire/ui depends on @chakra-ui/react, shared only as @chakra-ui/react/styled-system (chakraCore.ts);
 * without the patch ui's copy was seeded in the same batch as Chakra's core and a remote's own page stopped
 * with "x is not a function". Built here from a fixture of two tiny packages with the installed plugin.
 */
import { federation } from '@module-federation/vite';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, type Rolldown } from 'vite';
import { afterAll, expect, it } from 'vitest';

const installed = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..', 'node_modules');
const fixture = mkdtempSync(join(tmpdir(), 'share-prerequisites-'));
afterAll(() => rmSync(fixture, { recursive: true, force: true }));

function write(file: string, content: unknown) {
  mkdirSync(dirname(join(fixture, file)), { recursive: true });
  writeFileSync(join(fixture, file), typeof content === 'string' ? content : JSON.stringify(content));
}

it('seeds a shared package after the subpath shares of a package it depends on', async () => {
  // core-lib is shared only as its subpath core-lib/core; ui-lib depends on core-lib and imports that subpath.
  write('node_modules/core-lib/package.json', {
    name: 'core-lib',
    version: '1.0.0',
    type: 'module',
    exports: { './core': './core.js' },
  });
  write('node_modules/core-lib/core.js', 'export const make = () => "made by core";\n');
  write('node_modules/ui-lib/package.json', {
    name: 'ui-lib',
    version: '1.0.0',
    type: 'module',
    exports: { '.': './index.js' },
    dependencies: { 'core-lib': '1.0.0' },
  });
  write('node_modules/ui-lib/index.js', 'import { make } from "core-lib/core";\nexport const made = make();\n');
  write('package.json', { name: 'fixture-remote', private: true, type: 'module' });
  write('src/exposed.js', 'import { made } from "ui-lib";\nexport default made;\n');
  write('index.html', '<!doctype html><script type="module" src="/src/main.js"></script>\n');
  write('src/main.js', 'export {};\n');
  mkdirSync(join(fixture, 'node_modules', '@module-federation'), { recursive: true });
  for (const name of ['runtime', 'runtime-core', 'sdk', 'error-codes'])
    symlinkSync(
      join(installed, '@module-federation', name),
      join(fixture, 'node_modules', '@module-federation', name),
      'dir',
    );

  // The plugin switches itself off under a test runner unless told (its documented opt-out).
  process.env.MFE_VITE_NO_TEST_ENV_CHECK = 'true';
  const output = (await build({
    root: fixture,
    configFile: false,
    logLevel: 'silent',
    plugins: [
      federation({
        name: 'fixture_remote',
        filename: 'remoteEntry.js',
        exposes: { './Exposed': './src/exposed.js' },
        shared: { 'core-lib/core': { singleton: true }, 'ui-lib': { singleton: true } },
        dts: false,
      }),
    ],
    build: { write: false, minify: false },
  })) as Rolldown.RolldownOutput | Rolldown.RolldownOutput[];

  const chunks = (Array.isArray(output) ? output : [output]).flatMap((o) => o.output);
  const entry = chunks.find((chunk) => chunk.type === 'chunk' && chunk.code.includes('const __mfSeedBatches = '));
  const code = entry?.type === 'chunk' ? entry.code : '';
  expect(code, 'the container the plugin generated').toContain('const __mfSeedOrder = ');
  const literal = (name: string) =>
    JSON.parse(new RegExp(`const ${name} = ([^\\n]*);`).exec(code)?.[1] ?? 'null') as unknown;
  const batches = literal('__mfSeedBatches') as string[][];
  const order = literal('__mfSeedOrder') as string[];
  const prerequisites = literal('__mfSeedPrerequisites') as Record<number, number[]>;

  const batchOf = (share: string) => batches.findIndex((batch) => batch.includes(share));
  expect(batchOf('ui-lib')).toBeGreaterThan(batchOf('core-lib/core'));
  expect(prerequisites[order.indexOf('ui-lib')]).toContain(order.indexOf('core-lib/core'));
}, 60_000);
