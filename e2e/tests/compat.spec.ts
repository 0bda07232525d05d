/**
 * Previous-release compatibility (issue 10): the host and the remotes deploy independently, so for a while a
 * page may combine this release's host with the previous release's remotes, or the other way round. Both
 * combinations must keep working. The previous release is the commit in `e2e/compat/previous-release` (the
 * release step in the README updates it); its apps are built from that commit with harness/variants.ts (once
 * per run, only the apps a direction needs) and served in a sandbox next to this tree's builds.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { MESSAGES, paths } from '@snapshire/contracts';
import { SAMPLE_ACCOUNTS } from '../../supabase/seed/accounts.ts';
import { SEED_GROUPS } from '../../supabase/seed/ids.ts';
import { expect, test, type Sandbox } from '../harness/fixtures.ts';
import type { SandboxOptions } from '../harness/sandbox.ts';
import { REPO_ROOT, sourceTree, type SourceTree } from '../harness/variants.ts';

const RELEASE_FILE = 'e2e/compat/previous-release';
const GROUP = { id: SEED_GROUPS.bristol, name: 'Bristol Harbourside' };

/** The previous release's commit, which must be a commit in this repository's history (else: a failure). */
function previousRelease(): string {
  const ref = readFileSync(join(REPO_ROOT, RELEASE_FILE), 'utf8').trim();
  if (!/^[0-9a-f]{40}$/.test(ref))
    throw new Error(`${RELEASE_FILE} must hold one full commit hash (40 hex digits), found "${ref}"`);
  const git = (args: string[]) => execFileSync('git', args, { cwd: REPO_ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
  try {
    git(['cat-file', '-e', `${ref}^{commit}`]);
  } catch {
    throw new Error(
      `the previous release ${ref} (${RELEASE_FILE}) is not a commit of this repository: ` +
        'point the file at the last release, or fetch the full history (a shallow clone does not have it)',
    );
  }
  try {
    git(['merge-base', '--is-ancestor', ref, 'HEAD']);
  } catch {
    throw new Error(`the previous release ${ref} (${RELEASE_FILE}) is not in the history of HEAD`);
  }
  return ref;
}

let previous: SourceTree;
const previousBuild: Partial<Record<'host' | 'remote_browse' | 'remote_auth' | 'remote_upload', string>> = {};

test.beforeAll(async () => {
  test.setTimeout(600_000);
  previous = await sourceTree({ ref: previousRelease() });
  previousBuild.remote_browse = await previous.build('remote-browse');
  previousBuild.remote_auth = await previous.build('remote-auth');
  previousBuild.remote_upload = await previous.build('remote-upload');
  previousBuild.host = await previous.build('host');
});

test.afterAll(async () => {
  await previous?.remove();
});

const DIRECTIONS: { name: string; roots: () => SandboxOptions['roots'] }[] = [
  {
    name: 'this host with the previous release of every remote',
    roots: () => ({
      remote_browse: previousBuild.remote_browse,
      remote_auth: previousBuild.remote_auth,
      remote_upload: previousBuild.remote_upload,
    }),
  },
  { name: 'the previous host with this release of every remote', roots: () => ({ host: previousBuild.host }) },
];

/** React DOM announces each renderer to the devtools hook (production builds too): one renderer = one React. */
async function countReactRenderers(page: Page): Promise<void> {
  await page.addInitScript(() => {
    let renderers = 0;
    Object.defineProperty(window, '__REACT_DEVTOOLS_GLOBAL_HOOK__', {
      value: {
        renderers: new Map(),
        supportsFiber: true,
        isDisabled: false,
        inject: () => ++renderers,
        onCommitFiberRoot() {},
        onCommitFiberUnmount() {},
        onPostCommitFiberRoot() {},
        checkDCE() {},
        _count: () => renderers,
      },
    });
  });
}

/** The singletons the foundation spec checks: one React DOM, one packages/data (one Supabase and Apollo client). */
async function expectOneOfEach(page: Page, remotes: string[]): Promise<void> {
  const facts = await page.evaluate(() => ({
    renderers: (
      window as unknown as { __REACT_DEVTOOLS_GLOBAL_HOOK__: { _count: () => number } }
    ).__REACT_DEVTOOLS_GLOBAL_HOOK__._count(),
    data: (globalThis as unknown as Record<symbol, unknown>)[Symbol.for('snapshire.data')],
    federation: (
      globalThis as unknown as { __FEDERATION__?: { __INSTANCES__: { name: string }[] } }
    ).__FEDERATION__?.__INSTANCES__
      .map((i) => i.name)
      .sort(),
  }));
  expect(facts.renderers, 'React DOM renderers on the page').toBe(1);
  expect(facts.data).toEqual({ instances: 1, apolloClients: 1, caches: 1, supabaseClients: 1 });
  expect(facts.federation).toEqual(expect.arrayContaining(['host', ...remotes]));
}

const noFallback = (page: Page) =>
  expect(page.getByRole('heading', { name: /is unavailable right now/ })).toHaveCount(0);

for (const direction of DIRECTIONS) {
  test.describe(direction.name, () => {
    let site: Sandbox;
    test.beforeEach(async ({ sandbox, page }) => {
      site = await sandbox({ roots: direction.roots() });
      await countReactRenderers(page);
    });

    test('groups list -> group -> photo in its modal', async ({ page, pageErrors }) => {
      await page.goto(`${site.url}${paths.groups()}`);
      await page.getByRole('link', { name: new RegExp(GROUP.name) }).click({ timeout: 30_000 });
      await expect(page.getByRole('heading', { level: 1, name: GROUP.name })).toBeVisible();
      await page.getByTestId('photo-tile').first().getByRole('link').first().click();
      const modal = page.getByTestId('post-modal');
      await expect(modal).toBeVisible();
      await expect(modal.getByTestId('post-photo')).toBeVisible();
      // The photo itself, not only its box: its URL was signed through the shared client (a remote's release
      // and the host's may sign differently).
      const photo = modal.locator('img[data-testid="post-photo"], [data-testid="post-photo"] img').first();
      await expect
        .poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0), {
          timeout: 15_000,
        })
        .toBe(true);
      await expect(modal.getByTestId('post-heading')).toBeVisible();
      await noFallback(page);
      await expectOneOfEach(page, ['remote_browse']);
      expect(pageErrors).toEqual([]);
    });

    test('sign-in page renders; signed in, the new-post screen renders', async ({ page, pageErrors }) => {
      await page.goto(`${site.url}${paths.login(paths.groupNewPost(GROUP.id))}`);
      await expect(page.getByRole('form', { name: 'Sign in' })).toBeVisible({ timeout: 30_000 });
      await page.getByLabel('Email').fill(SAMPLE_ACCOUNTS.ada.email);
      await page.getByLabel('Password').fill(SAMPLE_ACCOUNTS.ada.password);
      await page.getByRole('button', { name: 'Sign in' }).click();
      await expect(page).toHaveURL((url) => url.pathname === paths.groupNewPost(GROUP.id));
      await expect(page.getByRole('heading', { level: 1, name: MESSAGES.NEW_POST })).toBeVisible();
      await noFallback(page);
      await expectOneOfEach(page, ['remote_auth', 'remote_upload']);
      expect(pageErrors).toEqual([]);
    });
  });
}
