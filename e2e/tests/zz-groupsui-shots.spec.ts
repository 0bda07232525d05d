import type { Page } from '@playwright/test';
import { paths } from '@snapshire/contracts';
import { SAMPLE_ACCOUNTS } from '../../supabase/seed/accounts.ts';
import { expect, test } from '../harness/fixtures.ts';

async function shoot(page: Page, name: string) {
  for (const width of [360, 1280]) {
    for (const scheme of ['light', 'dark'] as const) {
      await page.setViewportSize({ width, height: width === 360 ? 740 : 900 });
      await page.emulateMedia({ colorScheme: scheme });
      await page.waitForTimeout(400);
      await page.screenshot({ path: `/tmp/groupsui/${name}-${width}-${scheme}.png`, fullPage: true });
    }
  }
}

test('screens', async ({ page, browser, stack }) => {
  test.setTimeout(240_000);
  await page.goto(paths.login(paths.groups()));
  await page.getByLabel('Email').fill(SAMPLE_ACCOUNTS.ada.email);
  await page.getByLabel('Password').fill(SAMPLE_ACCOUNTS.ada.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByTestId('your-groups')).toBeVisible();
  await expect(page.getByTestId('group-card').first()).toBeVisible();
  if (process.env.SHOTS_POST) {
    page.on('response', async (r) => {
      if (r.url().includes('/graphql/v1')) {
        const body = r.request().postData() ?? '';
        console.log('PP', body.slice(0, 120), (await r.text()).slice(0, 300));
      }
    });
    page.on('console', (m) => console.log('console', m.text().slice(0, 300)));
    await page.getByTestId('your-group').filter({ hasText: 'The Harper Family' }).click();
    await page.getByTestId('photo-tile').first().click();
    await expect(page.getByTestId('post-detail')).toBeVisible();
    await expect(page.getByTestId('post-actions')).toBeVisible();
    await page.waitForTimeout(1000);
    await shoot(page, 'post');
    await page.getByRole('button', { name: 'Edit post' }).click();
    await shoot(page, 'post-edit');
    return;
  }
  await shoot(page, 'groups');
  await page.getByRole('link', { name: 'New group' }).click();
  await page.getByLabel('Name').fill('Shots family');
  await page.locator('label').filter({ hasText: 'Private group' }).click();
  await shoot(page, 'new-group');
  await page.getByRole('button', { name: 'Create group' }).click();
  await expect(page.getByTestId('my-role')).toBeVisible();
  const groupPath = new URL(page.url()).pathname;
  await shoot(page, 'group-created');
  await page.getByRole('link', { name: 'Group settings' }).click();
  await page.getByRole('button', { name: 'Create link' }).click();
  await expect(page.getByTestId('invitation')).toBeVisible();
  const link = await page.getByRole('textbox', { name: 'Invitation link' }).inputValue();
  await shoot(page, 'settings');
  await page.getByRole('button', { name: 'Delete group' }).click();
  await shoot(page, 'confirm-delete');
  await page.keyboard.press('Escape');
  const guest = await (await browser.newContext({ baseURL: stack.hostUrl })).newPage();
  await guest.goto(new URL(link).pathname);
  await expect(guest.getByTestId('invitation-card')).toBeVisible();
  await shoot(guest, 'invitation');
  await guest.goto('/invitations/' + 'f'.repeat(64));
  await expect(guest.getByTestId('invitation-card')).toBeVisible();
  await shoot(guest, 'invitation-bad');
  // A seed post of ada's: the post detail with Edit/Delete.
  await page.goto(groupPath);
  await page.goto(paths.groups());
  await page.getByTestId('your-group').filter({ hasText: 'The Harper Family' }).click();
  await page.getByTestId('photo-tile').first().click();
  await expect(page.getByTestId('post-detail')).toBeVisible();
  await page.waitForTimeout(1000);
  await shoot(page, 'post');
});
