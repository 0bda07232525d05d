/**
 * The order in which a federated app loads its own copies of the shared packages when the page has none yet:
 * a remote on its own page (its standalone index.html), and the host. @module-federation/vite 1.23 writes that
 * order into the container it generates, as batches loaded one after another (the packages of a batch at
 * once), from each package's package.json dependencies; but it counts only a dependency shared under its
 * package name. @snapshire/ui depends on @chakra-ui/react, which is shared as its subpath
 * @chakra-ui/react/styled-system (chakraCore.ts), so ui's copy was loaded in the same batch as Chakra's core,
 * and the Chakra components in ui's copy ran (`chakra('div')` at the top of their module) before the core was
 * there: every remote's own page stopped with "x is not a function". This plugin adds those dependencies.
 */
import type { Plugin } from 'vite';
import { installedPackageJson, packageOf } from './shared.ts';

/** A share's prerequisites: indices into the order, as the generated container keeps them. */
export type SeedPrerequisites = Record<number, number[]>;

/**
 * The generated container's prerequisites with the missing ones added (a share whose package depends on a
 * package shared only through subpaths waits for those subpaths), and the batches they make: each share one
 * batch after the latest of its prerequisites, in the order given.
 */
export function seedBatches(
  order: readonly string[],
  prerequisites: SeedPrerequisites,
  dependenciesOf: (share: string) => readonly string[],
): { batches: string[][]; prerequisites: SeedPrerequisites } {
  const complete: SeedPrerequisites = {};
  order.forEach((share, at) => {
    const own = new Set(prerequisites[at] ?? []);
    for (const dependency of dependenciesOf(share)) {
      if (order.includes(dependency)) continue; // Shared under its name: already counted.
      order.forEach((other, index) => {
        if (index !== at && packageOf(other) === dependency) own.add(index);
      });
    }
    if (own.size > 0) complete[at] = [...own].sort((a, b) => a - b);
  });
  // Levels by relaxation, so the result does not depend on the order listing prerequisites first.
  const levels = order.map(() => 0);
  for (let pass = 0, changed = true; changed; pass++) {
    if (pass > order.length)
      throw new Error(`@snapshire/federation: the shared packages depend on each other in a cycle`);
    changed = false;
    order.forEach((_, at) => {
      const level = Math.max(0, ...(complete[at] ?? []).map((index) => levels[index]! + 1));
      if (level !== levels[at]) {
        levels[at] = level;
        changed = true;
      }
    });
  }
  const batches: string[][] = [];
  order.forEach((share, at) => (batches[levels[at]!] ??= []).push(share));
  return { batches: batches.filter(Boolean), prerequisites: complete };
}

const SEED_ORDER = /const __mfSeedOrder = (\[[^\n]*\]);/;
const SEED_BATCHES = /const __mfSeedBatches = (\[[^\n]*\]);/;
const SEED_PREREQUISITES = /const __mfSeedPrerequisites = (\{[^\n]*\});/;

/** The names a package depends on, as the generated container reads them. */
function dependencyNames(share: string, appDir: string): string[] {
  const json = installedPackageJson(packageOf(share), appDir);
  return Object.keys({ ...json.dependencies, ...json.peerDependencies, ...json.optionalDependencies });
}

/** Rewrites the seeding batches of the container @module-federation/vite generates for the app in `appDir`. */
export function seedOrderPlugin(appDir: string): Plugin {
  return {
    name: 'snapshire-seed-order',
    enforce: 'post',
    transform(code) {
      if (!code.includes('const __mfSeedBatches = ')) return null;
      const order = SEED_ORDER.exec(code)?.[1];
      const batches = SEED_BATCHES.exec(code)?.[1];
      const prerequisites = SEED_PREREQUISITES.exec(code)?.[1];
      if (!order || !batches || !prerequisites)
        return this.error('The federation plugin writes its seeding order differently now: review seedOrder.ts');
      const seeded = seedBatches(
        JSON.parse(order) as string[],
        JSON.parse(prerequisites) as SeedPrerequisites,
        (share) => dependencyNames(share, appDir),
      );
      return {
        code: code
          .replace(SEED_BATCHES, () => `const __mfSeedBatches = ${JSON.stringify(seeded.batches)};`)
          .replace(SEED_PREREQUISITES, () => `const __mfSeedPrerequisites = ${JSON.stringify(seeded.prerequisites)};`),
        map: null,
      };
    },
  };
}
