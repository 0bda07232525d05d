/**
 * Signing in as the journeys do: through the sign-in screen as a person would, or straight at the auth API
 * for a token when a journey only needs to act as someone behind the scenes.
 */
import { expect, type BrowserContext, type Page } from '@playwright/test';
import { paths } from '@snapshire/contracts';
import type { E2EStack } from '../harness/fixtures.ts';

export type Account = { email: string; password: string };

/** Signs in on the sign-in screen and waits to be back on `then`. */
export async function signIn(page: Page, account: Account, then: string): Promise<void> {
  await page.goto(paths.login(then));
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL((url) => url.pathname === then);
}

/**
 * Leaves the account's session stored in `context`, as a device holds it after an earlier visit: signed in on a
 * page of its own, closed, so the journey's next page opens with the session to read.
 */
export async function signInOnDevice(context: BrowserContext, account: Account): Promise<void> {
  const signing = await context.newPage();
  await signIn(signing, account, paths.groups());
  await signing.close();
}

/** The account's access token from the auth API's password grant. */
export async function accessTokenOf(stack: E2EStack, account: Account): Promise<string> {
  const response = await fetch(`${stack.supabaseUrl}/auth/v1/token?grant_type=password`, {
    method: 'POST',
    headers: { apikey: stack.anonKey, 'Content-Type': 'application/json' },
    body: JSON.stringify(account),
  });
  const body = (await response.json()) as { access_token?: string };
  if (!response.ok || !body.access_token) throw new Error(`sign-in failed: ${response.status}`);
  return body.access_token;
}
