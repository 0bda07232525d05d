import { defineConfig } from 'vitest/config';

// Only the rule test: fixtures/ holds files named like tests (x.test.ts) that are lint input, not tests.
export default defineConfig({ root: import.meta.dirname, test: { include: ['boundaries.test.mjs'] } });
