import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // The backend's suites, unit tests beside their module in src/, and the suites of supabase/ (its functions,
    // migrations and seed), which run against this embedded backend.
    include: ['src/**/*.test.ts', 'test/**/*.test.ts', '../../supabase/tests/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // PGlite and PostgreSQL are heavy; two cores are shared with other work.
    fileParallelism: false,
  },
});
