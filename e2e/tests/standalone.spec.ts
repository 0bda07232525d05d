/**
 * A remote's own page: the index.html its build writes and scripts/deploy-remote.mjs deploys beside its
 * manifest, where the team that owns the remote sees its screens without the host (@snapshire/standalone).
 * There the remote is the only provider of every shared package, so the federation loads the remote's own
 * fallback copies (never used inside the site, where the host provides them): this is the journey that runs
 * them in the browser.
 */
import type { Page } from '@playwright/test';
import { MESSAGES, paths } from '@snapshire/contracts';
import { buildRuntimeConfig } from '../../packages/federation/src/index.ts';
import { startStaticServer, type RunningServer } from '../../scripts/lib/static-server.mjs';
import { expect, test, type E2EStack } from '../harness/fixtures.ts';
import { builtDist } from '../harness/sandbox.ts';

/** The remote's build served on a port of its own, its config.json pointed at the e2e backend. */
async function serveStandalone(app: string, stack: E2EStack): Promise<RunningServer> {
  const config = buildRuntimeConfig({
    supabaseUrl: stack.supabaseUrl,
    supabaseAnonKey: stack.anonKey,
    remoteOrigins: stack.remoteOrigins,
  });
  return startStaticServer({ root: builtDist(app), port: 0, overrides: { '/config.json': JSON.stringify(config) } });
}

const REMOTES = [
  {
    app: 'remote-browse',
    // Its page sends / to the groups list.
    firstScreen: (page: Page) => page.getByRole('heading', { level: 1, name: MESSAGES.GROUPS_TITLE }),
    address: paths.groups(),
  },
  {
    app: 'remote-auth',
    firstScreen: (page: Page) => page.getByLabel('Email'),
    address: paths.login(),
  },
  {
    app: 'remote-upload',
    firstScreen: (page: Page) => page.getByText('Open the new-post screen of a group:'),
    address: '/',
  },
] as const;

for (const remote of REMOTES) {
  test(`${remote.app} on its own: its built page draws its first screen with its own copies of the shared packages`, async ({
    page,
    stack,
    pageErrors,
  }) => {
    const consoleErrors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') consoleErrors.push(message.text());
    });
    const server = await serveStandalone(remote.app, stack);
    try {
      await page.goto(`${server.url}/`);
      await expect(page.getByText(`${remote.app} · standalone`)).toBeVisible();
      await expect(remote.firstScreen(page)).toBeVisible();
      expect(new URL(page.url()).pathname).toBe(remote.address);
      await page.waitForLoadState('networkidle');
      expect(pageErrors).toEqual([]);
      // Nothing the page asks for is missing (a favicon it does not name was a 404).
      expect(consoleErrors).toEqual([]);
    } finally {
      await server.close();
    }
  });
}
