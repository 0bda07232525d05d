/**
 * The name prompt a new account meets once, after its first sign-in (/account/name): journeys that are not
 * about names answer it as a person in a hurry would (skip), or give the name the journey needs.
 */
import { expect, type Page } from '@playwright/test';
import { PROFILE_TEXTS, ROUTES } from '@snapshire/contracts';

/** Waits for the prompt, then saves `name` or, without one, skips (keeping the generated name). */
export async function answerNamePrompt(page: Page, name?: string): Promise<void> {
  await expect(page).toHaveURL((url) => url.pathname === ROUTES.ACCOUNT_NAME);
  await expect(page.getByRole('heading', { level: 1, name: PROFILE_TEXTS.PROMPT_TITLE })).toBeVisible();
  if (name) {
    await page.getByLabel(PROFILE_TEXTS.DISPLAY_NAME_LABEL).fill(name);
    await page.getByRole('button', { name: PROFILE_TEXTS.PROMPT_SAVE }).click();
  } else {
    await page.getByRole('button', { name: PROFILE_TEXTS.PROMPT_SKIP }).click();
  }
}
