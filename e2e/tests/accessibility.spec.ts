/**
 * Accessibility (issue 14): axe-core on every screen, in the light and the dark theme, finds no serious or
 * critical violation of WCAG 2.2 A/AA (colour contrast included). Screens: landing, groups list, group
 * page, post page, post modal, login, sign-up, new post (join to post, both steps), terms and the not-found
 * page; and the screens of groups people run: new group, group settings and the invitation page.
 */
import type { Page } from '@playwright/test';
import sharp from 'sharp';
import { GROUP_ACTION_MESSAGES, INVITATION_STATUS_MESSAGES, MESSAGES, paths } from '@snapshire/contracts';
import { SAMPLE_ACCOUNTS } from '../../supabase/seed/accounts.ts';
import { SEED_GROUPS } from '../../supabase/seed/ids.ts';
import { expect, test } from '../harness/fixtures.ts';
import { seriousAxeFindings } from '../support/axe.ts';

const THEMES = ['light', 'dark'] as const;
type Theme = (typeof THEMES)[number];
const GROUP_ID = SEED_GROUPS.bristol;
/** The theme is stored under 'theme' (docs/product.md); set before any script of the site runs. */
async function useTheme(page: Page, theme: Theme) {
  await page.addInitScript((value) => localStorage.setItem('theme', value), theme);
  await page.emulateMedia({ reducedMotion: 'reduce' });
}

async function expectClean(page: Page, screen: string, theme: Theme) {
  await expect(page.locator('html')).toHaveClass(new RegExp(`\\b${theme}\\b`));
  const findings = await seriousAxeFindings(page);
  // Soft: every screen of the journey is checked and reported, not only the first that fails.
  expect.soft(findings, `${screen} (${theme}): ${JSON.stringify(findings, null, 1)}`).toEqual([]);
}

async function signIn(page: Page, then: string) {
  await page.goto(paths.login(then));
  await page.getByLabel('Email').fill(SAMPLE_ACCOUNTS.ada.email);
  await page.getByLabel('Password').fill(SAMPLE_ACCOUNTS.ada.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL((url) => url.pathname === then);
}

for (const theme of THEMES) {
  test.describe(`${theme} theme`, () => {
    test.beforeEach(async ({ page }) => useTheme(page, theme));

    test('landing, groups, terms and not-found', async ({ page }) => {
      await page.goto(paths.home());
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expectClean(page, 'landing', theme);

      await page.goto(paths.groups());
      await expect(page.getByTestId('group-card').first()).toBeVisible();
      await expect(page.getByTestId('group-card').first().locator('img').first()).toBeVisible();
      await expectClean(page, 'groups', theme);

      await page.goto('/terms-and-conditions');
      await expect(page.getByRole('heading', { level: 1, name: 'Terms and conditions' })).toBeVisible();
      await expectClean(page, 'terms', theme);

      await page.goto('/no-such-page');
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expectClean(page, 'not-found', theme);
    });

    test('group page, post modal and post page', async ({ page }) => {
      await page.goto(paths.group(GROUP_ID));
      const tile = page.getByTestId('photo-tile').first();
      await expect(tile.locator('img')).toBeVisible();
      await expectClean(page, 'group', theme);

      await tile.getByRole('link').click();
      const modal = page.getByTestId('post-modal');
      await expect(modal.getByTestId('post-photo').locator('img')).toBeVisible();
      await expect(modal.getByText('Group')).toBeVisible();
      await expectClean(page, 'post modal', theme);

      // A new load of the post URL (a reload would keep the router's modal state): the plain post page.
      await page.goto(new URL(page.url()).pathname);
      await expect(page.getByTestId('post-modal')).toHaveCount(0);
      await expect(page.getByTestId('post-detail').getByTestId('post-photo').locator('img')).toBeVisible();
      await expect(page.getByTestId('post-detail').getByText('Group')).toBeVisible();
      await expectClean(page, 'post page', theme);
    });

    test('login, sign-up and new post (both steps)', async ({ page }) => {
      await page.goto(paths.login());
      await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
      await expectClean(page, 'login', theme);

      await page.goto(paths.register());
      await expect(page.getByRole('button', { name: 'Sign up' }).last()).toBeVisible();
      await expectClean(page, 'sign-up', theme);

      const newPost = paths.groupNewPost(GROUP_ID);
      await signIn(page, newPost);
      await expect(page.getByRole('heading', { level: 1, name: MESSAGES.NEW_POST })).toBeVisible();
      await expectClean(page, 'new post, step one', theme);

      // York is a public group ada has not joined (seed/ids.ts): its new-post screen offers to join first.
      await page.goto(paths.groupNewPost(SEED_GROUPS.york));
      await expect(page.getByRole('heading', { name: MESSAGES.JOIN_TO_POST_TITLE })).toBeVisible();
      await expectClean(page, 'new post, join to post', theme);

      await page.goto(paths.group(GROUP_ID));
      await expect(page.getByRole('link', { name: MESSAGES.NEW_POST })).toBeVisible();
      await expect(page.getByTestId('photo-tile').first().locator('img')).toBeVisible();
      await expectClean(page, 'group, signed in', theme);

      await page.goto(newPost);
      await expect(page.getByRole('heading', { level: 1, name: MESSAGES.NEW_POST })).toBeVisible();

      const jpeg = await sharp({
        create: { width: 640, height: 480, channels: 3, background: { r: 40, g: 120, b: 90 } },
      })
        .jpeg()
        .toBuffer();
      await page
        .getByLabel('Choose a photo')
        .setInputFiles({ name: 'harbour.jpg', mimeType: 'image/jpeg', buffer: jpeg });
      await expect(page.getByRole('heading', { name: MESSAGES.DESCRIBE_STEP_TITLE })).toBeVisible();
      await expect(page.getByRole('button', { name: /^Submit/ })).toBeVisible();
      await expectClean(page, 'new post, step two', theme);
    });

    test('new group, group settings and an invitation link', async ({ page }) => {
      await page.goto(paths.invitation('0'.repeat(64)));
      await expect(page.getByText(INVITATION_STATUS_MESSAGES.not_found)).toBeVisible();
      await expectClean(page, 'invitation, unknown link', theme);

      await signIn(page, paths.newGroup());
      await expect(page.getByRole('heading', { level: 1, name: GROUP_ACTION_MESSAGES.NEW_GROUP })).toBeVisible();
      await expectClean(page, 'new group', theme);

      // ada owns the private family group: every section of its settings is shown to her.
      await page.goto(paths.groupSettings(SEED_GROUPS.family));
      await expect(page.getByRole('heading', { level: 1, name: GROUP_ACTION_MESSAGES.GROUP_SETTINGS })).toBeVisible();
      await expect(page.getByRole('button', { name: /delete group/i })).toBeVisible();
      await expectClean(page, 'group settings', theme);
    });
  });
}
