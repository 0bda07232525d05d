/**
 * Independent deploys (issue 10): a remote ships alone, GraphQL operations included, and a redeploy never
 * strands an open page. A new release of remote-browse and remote-upload is built from a copy of this tree
 * (harness/variants.ts) with a visible change and, for browse, an operation change (AllGroups asks for each
 * group's description and the groups list shows it) and @snapshire/data declared one patch ahead of the
 * host's (a mismatched shared range). Each is then deployed over the served folder as a plain `vite build`
 * does (old files removed) while a page is open.
 */
import type { Page } from '@playwright/test';
import { MESSAGES, paths } from '@snapshire/contracts';
import { SAMPLE_ACCOUNTS } from '../../supabase/seed/accounts.ts';
import { SEED_GROUPS } from '../../supabase/seed/ids.ts';
import { expect, isSameDocument, markDocument, test } from '../harness/fixtures.ts';
import { readdirSync, readFileSync } from 'node:fs';
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { deployRemoteBuild } from '../../scripts/deploy-remote.mjs';
import { builtDist } from '../harness/sandbox.ts';
import { sourceTree, type SourceTree } from '../harness/variants.ts';

const GROUP = { id: SEED_GROUPS.bristol, name: 'Bristol Harbourside' };
const marker = (page: Page, module: string) => page.getByTestId(`build-marker-${module}`);
const fallback = (page: Page, part: string) => page.getByRole('heading', { name: `${part} is unavailable right now` });

/** A screen of the new release: the screen itself, under a line saying which build it is. */
const wrapper = (module: string) => `import Screen from './${module}.previous.tsx';

export default function ${module}NewRelease() {
  return (
    <>
      <p data-testid="build-marker-${module}">New release of ${module}</p>
      <Screen />
    </>
  );
}
`;

/** The groups list of the new release also shows the field its operation now asks for. */
const GROUPS_PAGE = `import { useQuery } from '@apollo/client/react';
import Screen from './GroupsPage.previous.tsx';
import { AllGroupsDocument } from '../../shared/data/groups/operations.generated.ts';

export default function GroupsPageNewRelease() {
  const { data } = useQuery(AllGroupsDocument);
  return (
    <>
      <p data-testid="build-marker-GroupsPage">New release of GroupsPage</p>
      {(data?.groupCollection?.edges ?? []).map(({ node }) => (
        <p key={node.id} data-testid="group-description">
          {node.display_name}: {node.description}
        </p>
      ))}
      <Screen />
    </>
  );
}
`;

let tree: SourceTree;
let newBrowse: string;
let newUpload: string;
let breakingBrowse: string;

test.beforeAll(async () => {
  test.setTimeout(600_000);
  tree = await sourceTree();
  // The operation change: one field more in AllGroups, shown by the groups list of the new release.
  await tree.edit('remote-browse/src/shared/data/groups/AllGroups.graphql', (s) =>
    s.replace(/(\n\s+display_name\n)/, '$1        description\n'),
  );
  await tree.codegen('remote-browse');
  await tree.releaseScreen('remote-browse', 'GroupsPage', GROUPS_PAGE);
  await tree.releaseScreen('remote-browse', 'GroupPage', wrapper('GroupPage'));
  await tree.releaseScreen('remote-browse', 'PostView', wrapper('PostView'));
  await tree.releaseScreen('remote-upload', 'NewPostScreen', wrapper('NewPostScreen'));
  // A breaking release: this build of remote-browse declares @snapshire/data 0.2.0 (the host has 0.1.0). Vite
  // empties dist/ on every build, so this one is copied out before the next.
  await tree.edit('packages/data/package.json', (s) => s.replace('"version": "0.1.0"', '"version": "0.2.0"'));
  breakingBrowse = await mkdtemp(join(tmpdir(), 'snapshire-breaking-'));
  await cp(await tree.build('remote-browse'), breakingBrowse, { recursive: true });
  await tree.edit('packages/data/package.json', (s) => s.replace('"version": "0.2.0"', '"version": "0.1.0"'));
  // Version skew: this release of remote-browse is built against @snapshire/data 0.1.1, the host has 0.1.0.
  await tree.edit('packages/data/package.json', (s) => s.replace('"version": "0.1.0"', '"version": "0.1.1"'));
  newBrowse = await tree.build('remote-browse');
  await tree.edit('packages/data/package.json', (s) => s.replace('"version": "0.1.1"', '"version": "0.1.0"'));
  newUpload = await tree.build('remote-upload');
});

test.afterAll(async () => {
  await tree?.remove();
  if (breakingBrowse) await rm(breakingBrowse, { recursive: true, force: true });
});

/** Resolves with the ms from the first failed request to `origin` until `recovered` is visible. */
async function timeFromFailureToRecovery(page: Page, origin: string, recovered: () => Promise<void>) {
  let failedAt = 0;
  page.on('response', (response) => {
    if (!failedAt && response.url().startsWith(origin) && response.status() === 404) failedAt = Date.now();
  });
  await recovered();
  return failedAt ? Date.now() - failedAt : null;
}

/**
 * No manifest re-read on navigation: the page meets the missing chunks of the build it loaded, and recovers
 * from that failure (re-read, retry once) before any fallback.
 */
const onlyOnFailure = { config: (config: Record<string, unknown>) => ({ ...config, remoteUpdateCheckIntervalMs: 0 }) };

test.describe('a remote redeployed while the page is open', () => {
  test('groups list open, browse redeployed: clicking a group shows the new build, no fallback, no reload', async ({
    page,
    sandbox,
    pageErrors,
  }) => {
    const site = await sandbox(onlyOnFailure);
    await site.remotes.remote_browse.serveCopy();
    await page.goto(`${site.url}${paths.groups()}`);
    await expect(page.getByRole('link', { name: new RegExp(GROUP.name) })).toBeVisible({ timeout: 30_000 });
    await markDocument(page);

    await site.remotes.remote_browse.replaceWith(newBrowse);
    const ms = await timeFromFailureToRecovery(page, site.remotes.remote_browse.origin, async () => {
      await page.getByRole('link', { name: new RegExp(GROUP.name) }).click();
      await expect(marker(page, 'GroupPage')).toBeVisible({ timeout: 20_000 });
    });
    await expect(page.getByRole('heading', { level: 1, name: GROUP.name })).toBeVisible();
    await expect(fallback(page, 'Browsing')).toHaveCount(0);
    expect(await isSameDocument(page)).toBe(true);
    expect(ms, 'the page met a missing chunk of the old build').not.toBeNull();
    console.log(`[measure] failed chunk -> recovered group page: ${ms} ms`);
    expect(pageErrors).toEqual([]);

    // Back to the list: this navigation gets the new build too (and its new operation).
    await page.goBack();
    await expect(marker(page, 'GroupsPage')).toBeVisible();
    expect(await isSameDocument(page)).toBe(true);
  });

  test('group page open, browse redeployed: opening a photo shows the new post view in its modal', async ({
    page,
    sandbox,
  }) => {
    const site = await sandbox(onlyOnFailure);
    await site.remotes.remote_browse.serveCopy();
    await page.goto(`${site.url}${paths.group(GROUP.id)}`);
    const tile = page.getByTestId('photo-tile').first();
    await expect(tile).toBeVisible({ timeout: 30_000 });
    await markDocument(page);

    await site.remotes.remote_browse.replaceWith(newBrowse);
    const ms = await timeFromFailureToRecovery(page, site.remotes.remote_browse.origin, async () => {
      await tile.getByRole('link').click();
      await expect(marker(page, 'PostView')).toBeAttached({ timeout: 20_000 });
    });
    await expect(page.getByTestId('post-modal')).toBeVisible();
    await expect(fallback(page, 'Browsing')).toHaveCount(0);
    expect(await isSameDocument(page)).toBe(true);
    expect(ms, 'the page met a missing chunk of the old build').not.toBeNull();
    console.log(`[measure] failed chunk -> recovered post view: ${ms} ms`);
  });

  test('new-post screen visited, upload redeployed: the next visit gets the new build', async ({ page, sandbox }) => {
    const site = await sandbox({});
    await site.remotes.remote_upload.serveCopy();
    await page.goto(`${site.url}${paths.login(paths.groupNewPost(GROUP.id))}`);
    await page.getByLabel('Email').fill(SAMPLE_ACCOUNTS.ada.email);
    await page.getByLabel('Password').fill(SAMPLE_ACCOUNTS.ada.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL((url) => url.pathname === paths.groupNewPost(GROUP.id));
    await expect(page.getByRole('heading', { level: 1, name: MESSAGES.NEW_POST })).toBeVisible();
    await markDocument(page);
    await page.getByRole('link', { name: 'Cancel' }).click();
    await expect(page.getByRole('heading', { level: 1, name: GROUP.name })).toBeVisible();

    await site.remotes.remote_upload.replaceWith(newUpload);
    await page.getByRole('link', { name: MESSAGES.NEW_POST }).click();
    await expect(marker(page, 'NewPostScreen')).toBeVisible({ timeout: 20_000 });
    await expect(page.getByRole('heading', { level: 1, name: MESSAGES.NEW_POST })).toBeVisible();
    await expect(fallback(page, 'Posting')).toHaveCount(0);
    expect(await isSameDocument(page)).toBe(true);
  });
});

test('deploy:remote (immutable): the open page never meets a missing file, and the next navigation gets the new build', async ({
  page,
  sandbox,
}) => {
  const dest = await mkdtemp(join(tmpdir(), 'snapshire-deploy-dest-'));
  try {
    await deployRemoteBuild(builtDist('remote-browse'), dest);
    const site = await sandbox({ roots: { remote_browse: dest } });
    const missing: string[] = [];
    page.on('response', (response) => {
      if (response.status() === 404) missing.push(response.url());
    });
    await page.goto(`${site.url}${paths.group(GROUP.id)}`);
    await expect(page.getByTestId('photo-tile').first()).toBeVisible();
    await markDocument(page);

    const { buildId } = await deployRemoteBuild(newBrowse, dest);
    await page.getByRole('link', { name: 'Groups', exact: true }).click();
    await expect(marker(page, 'GroupsPage')).toBeVisible({ timeout: 20_000 });
    await page.getByRole('link', { name: new RegExp(GROUP.name) }).click();
    await expect(marker(page, 'GroupPage')).toBeVisible();
    expect(missing).toEqual([]);
    expect(await isSameDocument(page)).toBe(true);
    expect(readdirSync(dest)).toEqual(expect.arrayContaining([`remoteEntry.${buildId}.js`, 'deploys.log']));
    // The screens' first queries keep their file name from build to build: swapped, not kept as a hashed file.
    const screenData = (dir: string) => readFileSync(join(dir, 'screen-data.json'), 'utf8');
    expect(screenData(dest)).toBe(screenData(newBrowse));
  } finally {
    await rm(dest, { recursive: true, force: true });
  }
});

test('an operation change ships with the remote alone: the new query goes out and its field shows', async ({
  page,
  sandbox,
}) => {
  const site = await sandbox({ roots: { remote_browse: newBrowse } });
  const queries: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/graphql/v1') && request.method() === 'POST') queries.push(request.postData() ?? '');
  });
  await page.goto(`${site.url}${paths.groups()}`);
  await expect(page.getByTestId('group-description').filter({ hasText: GROUP.name })).toBeVisible();
  const allGroups = queries
    .map((body) => JSON.parse(body) as { operationName?: string; query: string })
    .find((body) => body.operationName === 'AllGroups');
  expect(allGroups, 'AllGroups was sent').toBeDefined();
  // The group's description, right after its name (the posts' own description was asked for before).
  expect(allGroups!.query).toMatch(/display_name\n\s+description\n\s+is_private/);
});

test('a returning visitor after a redeploy: the first script asks the query it holds, the new screen asks its own', async ({
  page,
  sandbox,
}) => {
  const site = await sandbox({});
  await site.remotes.remote_browse.serveCopy();
  await page.goto(`${site.url}${paths.groups()}`);
  await expect(page.getByRole('link', { name: new RegExp(GROUP.name) })).toBeVisible();
  await site.remotes.remote_browse.replaceWith(newBrowse);

  // A new tab of the same browser: it holds the first build's screen-data.json, used at once and revalidated
  // behind (scripts/lib/static-server.mjs), so the first script sends the first build's AllGroups.
  const next = await page.context().newPage();
  const allGroups: string[] = [];
  const errors: string[] = [];
  next.on('request', (request) => {
    if (!request.url().includes('/graphql/v1') || request.method() !== 'POST') return;
    const body = JSON.parse(request.postData() ?? '{}') as { operationName?: string; query?: string };
    if (body.operationName === 'AllGroups') allGroups.push(body.query ?? '');
  });
  next.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  await next.goto(`${site.url}${paths.groups()}`);
  await expect(next.getByTestId('group-description').filter({ hasText: GROUP.name })).toBeVisible();
  const asksDescription = (query: string) => /display_name\n\s+description\n\s+is_private/.test(query);
  expect(allGroups.length, 'AllGroups requests').toBeGreaterThanOrEqual(2);
  expect(asksDescription(allGroups[0]!), 'the first script asked the first build\'s query').toBe(false);
  // The answer to the old query was not handed to the new screen: it asked its own, and drew its field.
  expect(allGroups.slice(1).some(asksDescription), 'the new screen asked its own query').toBe(true);
  expect(errors.filter((text) => /Missing field/i.test(text))).toEqual([]);
  await next.close();
});

test('a mismatched shared range is reported by remote and package, and the page keeps one instance', async ({
  page,
  sandbox,
}) => {
  const site = await sandbox({ roots: { remote_browse: newBrowse } });
  const warnings: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'warning') warnings.push(message.text());
  });
  await page.goto(`${site.url}${paths.groups()}`);
  await expect(marker(page, 'GroupsPage')).toBeVisible();
  await expect
    .poll(() => warnings.join('\n'))
    .toMatch(/remote_browse was built with @snapshire\/data 0\.1\.1 and needs \^0\.1\.1; the page has 0\.1\.0/);
  const instances = await page.evaluate(
    () => (window as unknown as Record<symbol, { instances: number }>)[Symbol.for('snapshire.data')]?.instances,
  );
  expect(instances).toBe(1);
});

test('a remote built against a breaking release of a shared library is turned off, and says why', async ({
  page,
  sandbox,
}) => {
  const site = await sandbox({ roots: { remote_browse: breakingBrowse } });
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  await page.goto(`${site.url}${paths.groups()}`);
  await expect(fallback(page, 'Browsing')).toBeVisible();
  expect(errors.join('\n')).toMatch(
    /remote_browse was built with @snapshire\/data 0\.2\.0, a breaking release from the page's 0\.1\.0/,
  );
  // Only its routes are off.
  await page.goto(`${site.url}${paths.login()}`);
  await expect(page.getByRole('button', { name: /sign in/i }).first()).toBeVisible();
});

test.describe('configuration', () => {
  test('a remote missing from config.json turns off only its routes', async ({ page, sandbox, pageErrors }) => {
    const site = await sandbox({
      config: (config) => {
        delete config.remotes.remote_browse;
        return config;
      },
    });
    await page.goto(`${site.url}/`);
    await expect(page.getByRole('heading', { level: 1, name: 'A new home for your photographs' })).toBeVisible();
    await page.goto(`${site.url}${paths.groups()}`);
    await expect(fallback(page, 'Browsing')).toBeVisible();
    await page.goto(`${site.url}${paths.terms()}`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.goto(`${site.url}${paths.login()}`);
    await expect(page.getByRole('button', { name: /sign in/i }).first()).toBeVisible();
    expect(pageErrors).toEqual([]);
  });

  test('a config.json the shell cannot start with: a page that says what is wrong, with Reload', async ({
    page,
    sandbox,
  }) => {
    const site = await sandbox({
      config: (config) => {
        delete config.supabaseUrl;
        return config;
      },
    });
    await page.goto(`${site.url}/`);
    await expect(page.getByRole('heading', { name: 'Snapshire is unavailable' })).toBeVisible();
    await expect(page.getByTestId('startup-error-detail')).toHaveText(
      /supabaseUrl is missing \(the address of the Supabase project\)/,
    );
    await expect(page.getByRole('button', { name: 'Reload' })).toBeVisible();
  });

  test('a remote that accepts the connection and sends nothing fails after the first-byte time-out', async ({
    page,
    sandbox,
  }) => {
    const site = await sandbox({ states: { remote_browse: 'hanging' }, remoteFirstByteTimeoutMs: 1_500 });
    const started = Date.now();
    await page.goto(`${site.url}${paths.groups()}`);
    await expect(fallback(page, 'Browsing')).toBeVisible({ timeout: 15_000 });
    const elapsed = Date.now() - started;
    // Two reads of the manifest (the load and its one retry), each cut at 1.5 s: far below the 120 s ceiling.
    expect(elapsed).toBeLessThan(15_000);
    console.log(`[measure] hanging remote -> fallback: ${elapsed} ms (first-byte time-out 1500 ms)`);
  });
});
