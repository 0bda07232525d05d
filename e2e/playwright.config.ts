import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH, E2E_PORTS } from './harness/ports.ts';

/**
 * End-to-end journeys against the production builds: global setup starts `scripts/start.mjs` (embedded
 * backend with a fresh data directory, host and remotes each on its own port), teardown stops it.
 */
export default defineConfig({
  testDir: './tests',
  globalSetup: './harness/global-setup.ts',
  globalTeardown: './harness/global-teardown.ts',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: Number(process.env.E2E_WORKERS || 2),
  retries: 0,
  forbidOnly: !!process.env.CI,
  reporter: [['list'], ['html', { open: 'never' }]],
  use: {
    ...devices['Desktop Chrome'],
    baseURL: `http://127.0.0.1:${E2E_PORTS.host}`,
    headless: true,
    launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS },
    // A trace costs about a third of the run's time (scroll and social journeys: 115-117 s without, 176-177 s
    // with, on 2 cores); a failed journey prints what its browser saw (harness/failureDiagnostics.ts), and
    // E2E_TRACE=1 keeps a failed journey's trace as well.
    trace: process.env.E2E_TRACE ? 'retain-on-failure' : 'off',
    screenshot: 'only-on-failure',
  },
  projects: [{ name: 'chromium' }],
});
