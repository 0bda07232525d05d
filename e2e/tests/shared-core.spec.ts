/**
 * Share only what must be one instance (issue 16): the page holds one copy of Chakra's context-holding core
 * (@chakra-ui/react/styled-system, the host's), while each app bundles the Chakra components it uses
 * (packages/federation/src/chakraCore.ts). So a remote that starts using a Chakra component the host has
 * never used ships alone: a new release of remote-browse whose group page shows a RatingGroup (used nowhere
 * in the host or packages/ui) is built from a copy of this tree and deployed without rebuilding the host; it
 * renders, draws with the host's theme, and uses the page's one Chakra core and one Emotion cache.
 */
import { paths } from '@snapshire/contracts';
import { readFile, readdir } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { WHOLE_CHAKRA_CHUNK } from '@snapshire/federation';
import { SEED_GROUPS } from '../../supabase/seed/ids.ts';
import { expect, test } from '../harness/fixtures.ts';
import { builtDist } from '../harness/sandbox.ts';
import { recordScripts } from '../support/scripts.ts';
import { sourceTree, type SourceTree } from '../harness/variants.ts';

/** Only in zag-js's rating-group DOM code: a download holding it carries the RatingGroup component. */
const RATING_GROUP_CODE = "[role=radio][aria-posinset='";
/** Only in Chakra's core (styled-system/provider.js): a download holding it carries a ChakraContext. */
const CHAKRA_CORE_CODE = '<ChakraProvider />';

/** Only in Emotion's cache and style insertion (and Chakra's core, which wraps it). */
const EMOTION_CACHE_CODE = 'data-emotion';

/**
 * The group page of the new release: the screen under a read-only rating in the brand colour. The host's
 * system has no RatingGroup recipe (packages/ui/src/theme/chakraThemeInUse.ts): the release passes it in.
 */
const GROUP_PAGE = `import { RatingGroup } from '@chakra-ui/react';
import { ratingGroupSlotRecipe } from '@chakra-ui/react/theme';
import Screen from './GroupPage.previous.tsx';

export default function GroupPageWithRating() {
  return (
    <>
      <RatingGroup.Root recipe={ratingGroupSlotRecipe} count={5} value={3} readOnly data-testid="release-rating">
        <RatingGroup.HiddenInput />
        <RatingGroup.Control />
      </RatingGroup.Root>
      <Screen />
    </>
  );
}
`;

let tree: SourceTree;
let newBrowse: string;

test.beforeAll(async () => {
  test.setTimeout(300_000);
  tree = await sourceTree();
  await tree.releaseScreen('remote-browse', 'GroupPage', GROUP_PAGE);
  newBrowse = await tree.build('remote-browse');
});

test.afterAll(async () => {
  await tree?.remove();
});

async function scriptsIn(dir: string, keep: (file: string) => boolean): Promise<string[]> {
  const files = (await readdir(dir, { recursive: true })).filter((f) => f.endsWith('.js') && keep(f));
  return Promise.all(files.map((f) => readFile(join(dir, f), 'utf8')));
}

test('a remote using a Chakra component the host lacks ships alone: host theme, one Chakra core, one Emotion cache', async ({
  page,
  sandbox,
  pageErrors,
}) => {
  // The host as built from this tree has no RatingGroup: the release needs nothing new from it. (Its lazy
  // copy of all of Chakra, fetched only by remotes of releases before the split, holds every component.)
  const hostScripts = await scriptsIn(builtDist('host'), (file) => !basename(file).startsWith(WHOLE_CHAKRA_CHUNK));
  expect(hostScripts.some((body) => body.includes(RATING_GROUP_CODE))).toBe(false);

  const site = await sandbox({});
  await site.remotes.remote_browse.up(newBrowse);
  const scripts = recordScripts(page);
  await page.goto(`${site.url}${paths.group(SEED_GROUPS.bristol)}`);
  const rating = page.getByTestId('release-rating');
  await expect(rating).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('photo-tile').first()).toBeVisible();
  await expect(rating.getByRole('radio')).toHaveCount(5);
  await expect(rating.getByRole('radio', { checked: true })).toHaveCount(1);
  await page.waitForLoadState('networkidle');

  const facts = await page.evaluate(() => {
    // The brand accent as the host's system defines it, resolved by the browser.
    const probe = document.createElement('span');
    probe.style.color = 'var(--chakra-colors-brand-solid)';
    document.body.append(probe);
    const brand = getComputedStyle(probe).color;
    probe.remove();
    const filled = document.querySelector('[data-testid="release-rating"] [data-highlighted] [data-fg]');
    const emotionSheets = [...document.querySelectorAll('style[data-emotion]')].map((s) =>
      s.getAttribute('data-emotion'),
    );
    return { brand, filled: filled ? getComputedStyle(filled).color : null, emotionSheets };
  });
  // Drawn with the host's theme: the filled stars take the brand accent (colorPalette.solid of the host's system).
  expect(facts.brand).toMatch(/^rgb/);
  expect(facts.brand).not.toBe('rgb(0, 0, 0)');
  expect(facts.filled).toBe(facts.brand);
  // One Emotion cache: its one sheet for component styles (a second cache would open a sheet of its own).
  expect(facts.emotionSheets.filter((key) => key === 'css')).toHaveLength(1);

  // The rating's code came from the remote alone; Chakra's core came from the host alone.
  const downloaded = await Promise.all(scripts);
  const fromRemote = downloaded.filter((s) => s.url.startsWith(site.remotes.remote_browse.origin));
  const fromHost = downloaded.filter((s) => s.url.startsWith(site.url));
  expect(fromRemote.filter((s) => s.body.includes(RATING_GROUP_CODE)).length).toBeGreaterThan(0);
  expect(fromHost.filter((s) => s.body.includes(RATING_GROUP_CODE)).map((s) => s.url)).toEqual([]);
  expect(fromHost.some((s) => s.body.includes(CHAKRA_CORE_CODE))).toBe(true);
  expect(fromRemote.filter((s) => s.body.includes(CHAKRA_CORE_CODE)).map((s) => s.url)).toEqual([]);
  expect(fromRemote.filter((s) => s.body.includes(EMOTION_CACHE_CODE)).map((s) => s.url)).toEqual([]);
  expect(pageErrors).toEqual([]);
});
