import { defineConfig } from 'vitest/config';

// Only the rule test: fixtures/ holds files named like tests (x.test.ts) that are lint input, not tests. The
// first lint loads the config and TypeScript's parser, seconds on a busy machine.
export default defineConfig({
  root: import.meta.dirname,
  test: { include: ['boundaries.test.mjs'], testTimeout: 60_000 },
});
