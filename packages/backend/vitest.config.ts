import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // PGlite and PostgreSQL are heavy; two cores are shared with other work.
    fileParallelism: false,
  },
});
