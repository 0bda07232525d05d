import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    environment: 'jsdom',
    // The machine is shared and `npm test` runs the suites in parallel: allow slow DOM interactions.
    testTimeout: 20_000,
    setupFiles: ['./src/testing/dom-setup.ts'],
    css: false,
  },
});
