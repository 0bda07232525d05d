import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // The backend's suites, unit tests beside their module in src/, and the suites of supabase/ (its functions,
    // migrations and seed), which run against this embedded backend.
    include: ['src/**/*.test.ts', 'test/**/*.test.ts', '../../supabase/tests/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // Two files at a time. One after another, this suite was the unit stage's critical path: 750 s alone on the
    // 2-core machine, 949 s in a fresh-clone CI run, where every other task had ended by about 500 s and left a
    // core idle. Its files share nothing: each starts its own PGlite, PostgreSQL cluster or backend process, in
    // its own temporary folder, on ports of its own.
    fileParallelism: true,
    maxWorkers: 2,
  },
});
