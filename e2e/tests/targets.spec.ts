/**
 * Phone screens (issue "People arrive, come back and find their way", item 5): every control on the
 * phone screens is at least 44x44 CSS px (WCAG 2.2 target size, enhanced), measured in the browser. A link
 * inside a sentence is exempt, as WCAG exempts inline targets; a visually hidden input is measured by the
 * label that is its target.
 */
import type { Page } from '@playwright/test';
import { BROWSE_TEXT, MESSAGES, paths } from '@snapshire/contracts';
import { SAMPLE_ACCOUNTS } from '../../supabase/seed/accounts.ts';
import { SEED_GROUPS } from '../../supabase/seed/ids.ts';
import { expect, test } from '../harness/fixtures.ts';
import { signIn } from '../support/session.ts';

const MIN_TARGET_PX = 44;

test.use({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true });

/** The controls of the page (in open dialogs only, when one is open) smaller than MIN_TARGET_PX either way. */
async function smallTargets(page: Page): Promise<string[]> {
  return page.evaluate((min) => {
    const dialog = document.querySelector(
      '[role="dialog"][data-state="open"], [role="alertdialog"][data-state="open"]',
    );
    const root = dialog ?? document.body;
    const controls = root.querySelectorAll<HTMLElement>(
      'a[href], button, input:not([type="hidden"]), select, textarea, [role="button"], [role="checkbox"], [role="radio"], [role="switch"], [role="tab"]',
    );
    const small: string[] = [];
    const seen = new Set<Element>();
    for (const control of controls) {
      let target: HTMLElement = control;
      const box = control.getBoundingClientRect();
      // A visually hidden input (checkbox cards, radios, switches, the file input): its label is what is tapped.
      if (box.width <= 1 || box.height <= 1) {
        const label =
          control.closest('label') ?? (control.id ? document.querySelector(`label[for="${control.id}"]`) : null);
        if (!label) continue;
        target = label as HTMLElement;
      }
      if (seen.has(target)) continue;
      seen.add(target);
      const style = getComputedStyle(target);
      if (style.visibility === 'hidden' || style.display === 'none') continue;
      const rect = target.getBoundingClientRect();
      if (rect.width === 0 && rect.height === 0) continue;
      // Inline: a link within a sentence (text beside it in its block).
      if (target.tagName === 'A') {
        const block = target.parentElement;
        const text = [...(block?.childNodes ?? [])].some(
          (node) => node.nodeType === Node.TEXT_NODE && (node.textContent ?? '').trim().length > 0,
        );
        if (text) continue;
      }
      if (rect.width < min - 0.5 || rect.height < min - 0.5) {
        const name = (target.getAttribute('aria-label') ?? target.textContent ?? '').trim().slice(0, 40);
        small.push(`${target.tagName.toLowerCase()} "${name}" ${Math.round(rect.width)}x${Math.round(rect.height)}`);
      }
    }
    return small;
  }, MIN_TARGET_PX);
}

test('every control on the phone screens is at least 44x44 px, signed out and signed in', async ({ page }) => {
  test.setTimeout(120_000);
  const found: Record<string, string[]> = {};
  const measure = async (screen: string) => {
    found[screen] = await smallTargets(page);
  };

  await page.goto(paths.home());
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await measure('landing, signed out');

  await page.goto(paths.groups());
  await expect(page.getByRole('heading', { level: 1, name: MESSAGES.GROUPS_TITLE })).toBeVisible();
  await measure('groups, signed out');

  await page.goto(paths.group(SEED_GROUPS.bristol));
  await expect(page.getByTestId('photo-tile').first()).toBeVisible();
  await measure('group, signed out');

  await page.getByTestId('photo-tile').first().getByRole('link').first().click();
  await expect(page.getByTestId('post-modal')).toBeVisible();
  await expect(page.getByTestId('post-position')).toBeVisible();
  await measure('photo viewer');

  await page.goto(paths.login(paths.groups()));
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  await measure('sign in');

  await signIn(page, SAMPLE_ACCOUNTS.ada, paths.group(SEED_GROUPS.bristol));
  await expect(page.getByTestId('photo-tile').first()).toBeVisible();
  await measure('group, signed in');

  await page.goto(paths.groupNewPost(SEED_GROUPS.bristol));
  await expect(page.getByRole('heading', { name: MESSAGES.UPLOAD_STEP_TITLE })).toBeVisible();
  await measure('new post');

  await page.goto(paths.newGroup());
  await expect(page.getByRole('button', { name: 'Create group' })).toBeVisible();
  await measure('new group');

  const small = Object.entries(found).flatMap(([screen, list]) => list.map((item) => `${screen}: ${item}`));
  expect(small, small.join('\n')).toEqual([]);
});

test('the category chips that run off the screen fade at the edge with more beyond it', async ({ page }) => {
  await page.goto(paths.group(SEED_GROUPS.bristol));
  const row = page.getByRole('group', { name: BROWSE_TEXT.CATEGORY_FILTER_LABEL });
  await expect(row.getByRole('button').first()).toBeVisible();
  const state = () =>
    row.evaluate((el) => ({
      overflows: el.scrollWidth > el.clientWidth,
      mask: getComputedStyle(el).maskImage,
    }));
  const start = await state();
  expect(start.overflows).toBe(true);
  // Solid from the start, clear at the end (computed colours: black, and transparent as rgba(0, 0, 0, 0)).
  expect(start.mask).toMatch(/^linear-gradient\(to right, rgb\(0, 0, 0\) 0px.*rgba\(0, 0, 0, 0\) 100%\)$/);

  await row.evaluate((el) => el.scrollTo({ left: el.scrollWidth }));
  await expect.poll(async () => (await state()).mask).toMatch(/^linear-gradient\(to right, rgba\(0, 0, 0, 0\) 0px/);
  expect((await state()).mask).toMatch(/rgb\(0, 0, 0\) 100%\)$/);
});

test.describe('on a 360 px phone', () => {
  test.use({ viewport: { width: 360, height: 800 } });

  test('nothing runs off the side of the screen, signed out and signed in (the top bar did, by 45 px)', async ({
    page,
  }) => {
    const overflow: string[] = [];
    const measure = async (screen: string) => {
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      if (width > 360) overflow.push(`${screen}: ${width} px wide`);
    };
    await page.goto(paths.groups());
    await expect(page.getByRole('heading', { level: 1, name: MESSAGES.GROUPS_TITLE })).toBeVisible();
    await measure('groups, signed out');
    await signIn(page, SAMPLE_ACCOUNTS.ada, paths.group(SEED_GROUPS.bristol));
    await expect(page.getByTestId('photo-tile').first()).toBeVisible();
    await expect(page.getByRole('button', { name: 'Sign out' })).toBeVisible();
    await measure('group, signed in');
    await page.goto(paths.groups());
    await expect(page.getByRole('heading', { level: 1, name: MESSAGES.GROUPS_TITLE })).toBeVisible();
    await measure('groups, signed in');
    expect(overflow).toEqual([]);
  });
});
