import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

// Component tests run the screens alone (no federation), with the real shared packages.
export default defineConfig({
  plugins: [react()],
  test: {
    environment: 'jsdom',
    // The machine is shared and `npm test` runs the suites in parallel: allow slow DOM interactions.
    testTimeout: 20_000,
    hookTimeout: 60_000,
    setupFiles: ['./src/test/setup.ts'],
    css: false,
  },
});
