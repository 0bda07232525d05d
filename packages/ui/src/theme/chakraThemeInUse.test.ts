// @vitest-environment node
/**
 * The light system holds the recipe of every Chakra component the apps import, and no other: a component
 * whose recipe is missing renders unstyled, with no error, and a recipe nobody uses only costs. Read from the
 * apps' sources (not imported: packages never import the apps) and from Chakra's own component modules,
 * which name the recipe each component reads (`key: "dialog"`).
 */
import { readFileSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from 'vitest';
import { system } from './system.ts';

const REPO = join(dirname(fileURLToPath(import.meta.url)), '../../../..');
const SOURCES = ['host/src', 'remote-browse/src', 'remote-auth/src', 'remote-upload/src', 'packages'];
const CHAKRA_COMPONENTS = join(
  dirname(createRequire(import.meta.url).resolve('@chakra-ui/react/styled-system')),
  '../components',
);
/** Recipes Chakra's components draw inside other components (Checkbox's checkmark, RadioGroup's radiomark, Field's icon). */
const INNER_RECIPES = ['checkmark', 'radiomark', 'icon'];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' || entry.name === 'dist' ? [] : sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** The recipe keys a Chakra component's modules read: Dialog -> components/dialog -> ['dialog']. */
function recipeKeysOf(component: string): string[] {
  const folder = join(CHAKRA_COMPONENTS, component.replace(/(?<=[a-z])(?=[A-Z])/g, '-').toLowerCase());
  let files: string[];
  try {
    files = readdirSync(folder).filter((file) => /\.c?js$/.test(file));
  } catch {
    return []; // Not a component folder (a type, a helper such as createSystem).
  }
  const keys = files.flatMap((file) => [...readFileSync(join(folder, file), 'utf8').matchAll(/\bkey: "(\w+)"/g)]);
  return [...new Set(keys.map((match) => match[1]!))];
}

/** Every recipe key the apps' components of @chakra-ui/react need, with the files that need them. */
function recipesTheAppsNeed(): Map<string, string[]> {
  const needed = new Map<string, string[]>();
  for (const file of SOURCES.flatMap((dir) => sourceFiles(join(REPO, dir)))) {
    const source = readFileSync(file, 'utf8');
    // Imported by an app (from the component's own entry, '@chakra-ui/react/checkbox'), or re-exported for the
    // apps by packages/shell-components.
    for (const [, names] of source.matchAll(
      /(?:import|export)\s*\{([^}]*)\}\s*from\s*'@chakra-ui\/react(?:\/[\w-]+)?'/g,
    )) {
      for (const name of names!.split(',').map((part) => part.trim().split(/\s+as\s+/)[0]!)) {
        if (!name || name.startsWith('type ')) continue;
        for (const key of recipeKeysOf(name)) {
          // Passed in by the file itself (README, "Singletons"): needs nothing from the system.
          if (new RegExp(`recipe=\\{\\w*${key}\\w*Recipe\\}`, 'i').test(source)) continue;
          needed.set(key, [...(needed.get(key) ?? []), relative(REPO, file)]);
        }
      }
    }
  }
  return needed;
}

test('every recipe a component the apps import reads is in the system, and the system holds no other', () => {
  const needed = recipesTheAppsNeed();
  expect(needed.size).toBeGreaterThan(10);
  // `text` is Text's key; Chakra's theme has no recipe for it (Text is unstyled by design).
  const missing = [...needed].filter(([key]) => key !== 'text' && !system.hasRecipe(key));
  expect(missing).toEqual([]);
  const held = [
    ...Object.keys(system._config.theme?.recipes ?? {}),
    ...Object.keys(system._config.theme?.slotRecipes ?? {}),
  ];
  const unused = held.filter((key) => !needed.has(key) && !INNER_RECIPES.includes(key));
  expect(unused).toEqual([]);
});
