import { defineConfig } from 'vitest/config';

// Only the rule tests: fixtures/ holds files named like tests (x.test.ts) that are lint input, not tests. The
// first lint loads the config and TypeScript's parser, and turbo runs it beside every other lint and type
// check on two cores: measured up to 3 minutes for the whole config walk on a loaded machine.
export default defineConfig({
  root: import.meta.dirname,
  test: { include: ['boundaries.test.mjs', 'shellComponents.test.mjs', 'commentPaths.test.mjs'], testTimeout: 300_000 },
});
