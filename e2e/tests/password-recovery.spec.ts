/**
 * Password recovery (issue "People arrive, come back and find their way", item 2) through the host, the auth
 * remote and the embedded backend: a fresh account confirmed from the mailbox forgets its password, asks for a
 * link on "Forgot password?", follows it from the mailbox, sets a new password and is signed in; then the new
 * password signs in and the old one does not. An address without an account gets the same answer. Each new
 * screen is checked with axe; with SHOTS_DIR set, each is photographed at 390 and 1280 px wide.
 */
import type { Page } from '@playwright/test';
import { MESSAGES, paths } from '@snapshire/contracts';
import { expect, test } from '../harness/fixtures.ts';
import { listMessages, waitForConfirmationLink } from '../support/mailbox.ts';
import { answerNamePrompt } from '../support/names.ts';
import { shootPhoneAndLaptop } from '../support/screenshots.ts';
import { seriousAxeFindings } from '../support/axe.ts';

const OLD_PASSWORD = 'my-first-password-1';
const NEW_PASSWORD = 'my-second-password-2';

const topBar = (page: Page) => page.getByRole('banner');
const signOutButton = (page: Page) => topBar(page).getByRole('button', { name: 'Sign out' });
const signUpLink = (page: Page) => topBar(page).getByRole('link', { name: 'Sign up' });
const freshEmail = (label: string) => `e2e-${label}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@snapshire.test`;

/** No serious or critical WCAG 2.2 A/AA violation on the screen as it is now. */
async function expectAxeClean(page: Page, screen: string) {
  const serious = await seriousAxeFindings(page);
  expect.soft(serious, `${screen}: ${JSON.stringify(serious)}`).toEqual([]);
}

async function signUpAndConfirm(page: Page, backendUrl: string, email: string) {
  await page.goto(paths.register());
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(OLD_PASSWORD);
  await page.getByRole('button', { name: 'Sign up' }).click();
  await expect(page.getByRole('heading', { name: MESSAGES.SIGN_UP_DONE_TITLE })).toBeVisible();
  await page.goto(await waitForConfirmationLink(backendUrl, email));
  await answerNamePrompt(page);
  await expect(signOutButton(page)).toBeVisible();
}

async function signOut(page: Page) {
  await signOutButton(page).click();
  await expect(signUpLink(page)).toBeVisible();
}

async function askForLink(page: Page, email: string) {
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: MESSAGES.FORGOT_PASSWORD_SUBMIT }).click();
  await expect(page.getByRole('heading', { name: MESSAGES.RECOVERY_SENT_TITLE })).toBeVisible();
  await expect(page.getByText(MESSAGES.RECOVERY_SENT_TEXT)).toBeVisible();
}

/** Signs in on the login screen; returns whether it worked (signed in) or was refused (the alert). */
async function trySignIn(page: Page, email: string, password: string): Promise<'signed-in' | string> {
  await page.goto(paths.login());
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  const alert = page.getByRole('alert');
  await expect(signOutButton(page).or(alert)).toBeVisible();
  return (await signOutButton(page).isVisible()) ? 'signed-in' : ((await alert.textContent()) ?? '');
}

test('forgot password: mailbox link, a new password, signed in; the new password works and the old does not', async ({
  page,
  stack,
}) => {
  // The limit is on a hang: six axe checks, fourteen screenshots, a sign-up and two sign-ins took 47 s in CI
  // run 12 and 62 s in run 14, past the default 60 s with every step done.
  test.setTimeout(120_000);
  const email = freshEmail('recover');
  await signUpAndConfirm(page, stack.supabaseUrl, email);
  await signOut(page);

  await page.goto(paths.login());
  await expectAxeClean(page, 'login with Forgot password?');
  await shootPhoneAndLaptop(page, '0-login');
  await page.getByRole('link', { name: MESSAGES.FORGOT_PASSWORD_LINK }).click();
  await expect(page).toHaveURL((url) => url.pathname === paths.forgotPassword());
  await expect(page.getByRole('heading', { level: 1, name: MESSAGES.FORGOT_PASSWORD_TITLE })).toBeVisible();
  await expectAxeClean(page, 'forgot password');
  await shootPhoneAndLaptop(page, '1-forgot-password');

  await askForLink(page, email);
  await expectAxeClean(page, 'recovery sent');
  await shootPhoneAndLaptop(page, '2-recovery-sent');

  const link = await waitForConfirmationLink(stack.supabaseUrl, email, { kind: 'recovery' });
  await page.goto(link);
  await expect(page).toHaveURL((url) => url.pathname === paths.resetPassword() && !url.hash.includes('access_token'));
  await expect(page.getByRole('heading', { level: 1, name: MESSAGES.NEW_PASSWORD_TITLE })).toBeVisible();
  // The link signed the person in.
  await expect(signOutButton(page)).toBeVisible();
  const field = page.getByLabel(/^New password/);
  await expect(field).toBeVisible();
  await expectAxeClean(page, 'set a new password');
  await shootPhoneAndLaptop(page, '3-new-password');

  await field.fill('short');
  await page.getByRole('button', { name: MESSAGES.NEW_PASSWORD_SUBMIT }).click();
  await expect(page.getByText(MESSAGES.PASSWORD_TOO_SHORT)).toBeVisible();
  await shootPhoneAndLaptop(page, '4-new-password-too-short');

  await field.fill(NEW_PASSWORD);
  await page.getByRole('button', { name: MESSAGES.NEW_PASSWORD_SUBMIT }).click();
  await expect(page.getByRole('heading', { name: MESSAGES.PASSWORD_CHANGED_TITLE })).toBeVisible();
  await expect(signOutButton(page)).toBeVisible();
  await expectAxeClean(page, 'password changed');
  await shootPhoneAndLaptop(page, '5-password-changed');
  await page.getByRole('link', { name: MESSAGES.CONTINUE }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/');
  await signOut(page);

  // A used link no longer signs anyone in; the screen says so and offers a new one.
  await page.goto(link);
  await expect(page.getByText(MESSAGES.RECOVERY_LINK_INVALID)).toBeVisible();
  await expect(page.getByRole('link', { name: MESSAGES.ASK_NEW_RECOVERY_LINK })).toBeVisible();
  await expect(signUpLink(page)).toBeVisible();
  await expectAxeClean(page, 'recovery link expired');
  await shootPhoneAndLaptop(page, '6-link-expired');

  expect(await trySignIn(page, email, OLD_PASSWORD)).toBe(MESSAGES.AUTH_INVALID_CREDENTIALS);
  expect(await trySignIn(page, email, NEW_PASSWORD)).toBe('signed-in');
});

test("forgot password on one device, mail read on another: the mail's code, then a new password", async ({
  page,
  stack,
}) => {
  const email = freshEmail('recover-code');
  await signUpAndConfirm(page, stack.supabaseUrl, email);
  await signOut(page);

  await page.goto(paths.forgotPassword(paths.groups()));
  await askForLink(page, email);
  await waitForConfirmationLink(stack.supabaseUrl, email, { kind: 'recovery' });
  const recovery = (await listMessages(stack.supabaseUrl, email)).find((m) => m.kind === 'recovery');
  const code = /enter the code: (\d+)/.exec(recovery?.text ?? '')?.[1];
  expect(code, recovery?.text).toBeTruthy();
  await page.getByLabel(MESSAGES.EMAIL_CODE_LABEL).fill(code!);
  await page.getByRole('button', { name: MESSAGES.EMAIL_CODE_SUBMIT }).click();

  await expect(page).toHaveURL((url) => url.pathname === paths.resetPassword());
  await expect(page.getByRole('heading', { level: 1, name: MESSAGES.NEW_PASSWORD_TITLE })).toBeVisible();
  await page.getByLabel(/^New password/).fill(NEW_PASSWORD);
  await page.getByRole('button', { name: MESSAGES.NEW_PASSWORD_SUBMIT }).click();
  await expect(page.getByRole('heading', { name: MESSAGES.PASSWORD_CHANGED_TITLE })).toBeVisible();
  // On to where the person was going.
  await page.getByRole('link', { name: MESSAGES.CONTINUE }).click();
  await expect(page).toHaveURL((url) => url.pathname === paths.groups());
  await signOut(page);
  expect(await trySignIn(page, email, NEW_PASSWORD)).toBe('signed-in');
});

test('an address without an account gets the same answer, and no mail is sent', async ({ page, stack }) => {
  const nobody = freshEmail('nobody');
  await page.goto(paths.forgotPassword());
  await askForLink(page, nobody);
  expect(await listMessages(stack.supabaseUrl, nobody)).toEqual([]);
});

test('a recovery link that lands elsewhere on the site still opens "Set a new password"', async ({ page, stack }) => {
  const email = freshEmail('landing');
  await signUpAndConfirm(page, stack.supabaseUrl, email);
  await signOut(page);
  // As when the link's redirect is not allowed and GoTrue falls back to the site URL: the home page.
  const siteRoot = new URL('/', page.url()).toString();
  const res = await fetch(`${stack.supabaseUrl}/auth/v1/recover?redirect_to=${encodeURIComponent(siteRoot)}`, {
    method: 'POST',
    headers: { apikey: stack.anonKey, 'content-type': 'application/json' },
    body: JSON.stringify({ email }),
  });
  expect(res.status).toBe(200);
  await page.goto(await waitForConfirmationLink(stack.supabaseUrl, email, { kind: 'recovery' }));
  await expect(page).toHaveURL((url) => url.pathname === paths.resetPassword());
  await expect(page.getByRole('heading', { level: 1, name: MESSAGES.NEW_PASSWORD_TITLE })).toBeVisible();
  await expect(page.getByLabel(/^New password/)).toBeVisible();
});

test('the new screens are axe-clean in the dark theme too', async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('theme', 'dark'));
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.goto(paths.forgotPassword());
  await expect(page.locator('html')).toHaveClass(/\bdark\b/);
  await expectAxeClean(page, 'forgot password (dark)');
  await askForLink(page, freshEmail('dark'));
  await expectAxeClean(page, 'recovery sent (dark)');
  await shootPhoneAndLaptop(page, '7-recovery-sent-dark');
  await page.goto(paths.resetPassword());
  await expect(page.getByText(MESSAGES.RECOVERY_LINK_INVALID)).toBeVisible();
  await expectAxeClean(page, 'recovery link expired (dark)');
  await shootPhoneAndLaptop(page, '8-link-expired-dark');
});
