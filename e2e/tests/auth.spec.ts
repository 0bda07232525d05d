/**
 * Auth journeys (issue 5) through the host, the federated remotes and the embedded backend: sign up and
 * confirm from the mailbox, sign in with redirectTo, a refused sign-in, and the one shared session (the
 * browse remote reacts to the auth remote's sign-in without a reload, sign-out hides private data at once,
 * two tabs agree).
 */
import type { Page } from '@playwright/test';
import { resolveConfig } from '@snapshire/backend/config';
import { MESSAGES, paths, REDIRECT_TO_PARAM } from '@snapshire/contracts';
import { SAMPLE_ACCOUNTS } from '../../supabase/seed/accounts.ts';
import { SEED_GROUPS } from '../../supabase/seed/ids.ts';
import { expect, isSameDocument, markDocument, test } from '../harness/fixtures.ts';
import { seriousAxeFindings } from '../support/axe.ts';
import { listMessages, waitForConfirmationLink } from '../support/mailbox.ts';
import { answerNamePrompt } from '../support/names.ts';
import { shootPhoneAndLaptop } from '../support/screenshots.ts';

const FAMILY = { id: SEED_GROUPS.family, name: 'The Harper Family' };
const PUBLIC_GROUP = { id: SEED_GROUPS.keswick, name: 'Keswick & Derwentwater' };

const topBar = (page: Page) => page.getByRole('banner');
const signOutButton = (page: Page) => topBar(page).getByRole('button', { name: 'Sign out' });
const signUpLink = (page: Page) => topBar(page).getByRole('link', { name: 'Sign up' });
/** Photos shown from storage (signed image URLs), wherever they are on the page. */
const storagePhotos = (page: Page) => page.locator('main img[src*="/storage/v1/"]');

async function fillCredentials(page: Page, email: string, password: string) {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
}

async function signIn(page: Page, account: { email: string; password: string }) {
  await fillCredentials(page, account.email, account.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(signOutButton(page)).toBeVisible();
}

test('signs up from the post button, confirms from the mailbox and lands signed in on the new-post page', async ({
  page,
  stack,
}) => {
  const email = `e2e-${Date.now()}-${Math.floor(Math.random() * 1e6)}@snapshire.test`;
  const newPostPath = paths.groupNewPost(PUBLIC_GROUP.id);

  await page.goto(paths.group(PUBLIC_GROUP.id));
  await page.getByRole('link', { name: MESSAGES.SIGN_IN_TO_POST }).click();
  await expect(page).toHaveURL(paths.register(newPostPath));

  await fillCredentials(page, email, 'a-long-enough-password');
  await page.getByRole('button', { name: 'Sign up' }).click();
  await expect(page.getByRole('heading', { name: MESSAGES.SIGN_UP_DONE_TITLE })).toBeVisible();
  await expect(page.getByText(MESSAGES.SIGN_UP_DONE_TEXT)).toBeVisible();
  await expect(page.getByLabel('Email')).toHaveCount(0);
  // Not signed in until the address is confirmed.
  await expect(signUpLink(page)).toBeVisible();

  const link = await waitForConfirmationLink(stack.supabaseUrl, email);
  // The confirmation is the first sign-in: by way of the name prompt (asked once), then on to the new post.
  const returnTo = new URL(new URL(link).searchParams.get('redirect_to')!);
  expect(returnTo.pathname).toBe(paths.chooseName().split('?')[0]);
  expect(returnTo.searchParams.get(REDIRECT_TO_PARAM)).toBe(newPostPath);
  await page.goto(link);
  await answerNamePrompt(page);

  await expect(page).toHaveURL((url) => url.pathname === newPostPath && !url.hash.includes('access_token'));
  await expect(signOutButton(page)).toBeVisible();
  await expect(page.getByRole('heading', { name: MESSAGES.NEW_POST })).toBeVisible();
  // Posting needs membership: the newcomer is one tap from the form, and is then a member of the group.
  await expect(page.getByRole('heading', { name: MESSAGES.JOIN_TO_POST_TITLE })).toBeVisible();
  await expect(page.getByLabel('Choose a photo')).toHaveCount(0);
  await shootPhoneAndLaptop(page, 'new-post-join-to-post');
  await page.getByRole('button', { name: MESSAGES.JOIN_TO_POST_BUTTON }).click();
  await expect(page.getByRole('heading', { name: MESSAGES.UPLOAD_STEP_TITLE })).toBeVisible();
  await expect(page.getByLabel('Choose a photo')).toHaveCount(1);
  await page.getByRole('link', { name: 'Cancel' }).click();
  await expect(page.getByTestId('my-role')).toHaveText('Your role: Member');

  // The same account cannot be registered twice. (Wait for the sign-out to finish: leaving the page while
  // supabase-js is still talking to the server would keep the session, and the auth screen then sends a
  // signed-in visitor home.)
  await signOutButton(page).click();
  await expect(signUpLink(page)).toBeVisible();
  await page.goto(paths.register());
  await fillCredentials(page, email, 'a-long-enough-password');
  await page.getByRole('button', { name: 'Sign up' }).click();
  await expect(page.getByRole('alert')).toHaveText(MESSAGES.AUTH_USER_EXISTS);
});

test("confirms with the e-mail's code on the sign-up screen, then the name prompt, then where it was going", async ({
  page,
  stack,
}) => {
  // The mail read on another device: its link would sign in there, its code signs in here.
  const email = `e2e-code-${Date.now()}-${Math.floor(Math.random() * 1e6)}@snapshire.test`;
  await page.goto(paths.register(paths.groups()));
  await fillCredentials(page, email, 'a-long-enough-password');
  await page.getByRole('button', { name: 'Sign up' }).click();
  await expect(page.getByRole('heading', { name: MESSAGES.SIGN_UP_DONE_TITLE })).toBeVisible();
  await waitForConfirmationLink(stack.supabaseUrl, email);
  const [mail] = await listMessages(stack.supabaseUrl, email);
  const code = /enter the code: (\d+)/.exec(mail!.text)?.[1];
  expect(code, mail!.text).toBeTruthy();
  await shootPhoneAndLaptop(page, 'sign-up-email-code');
  expect(await seriousAxeFindings(page)).toEqual([]);
  await page.getByLabel(MESSAGES.EMAIL_CODE_LABEL).fill(code!);
  await page.getByRole('button', { name: MESSAGES.EMAIL_CODE_SUBMIT }).click();
  await answerNamePrompt(page);
  await expect(page).toHaveURL((url) => url.pathname === paths.groups());
  await expect(signOutButton(page)).toBeVisible();
});

test("signing up twice before confirming: the newest mail's link confirms and signs in", async ({ page, stack }) => {
  const email = `e2e-twice-${Date.now()}-${Math.floor(Math.random() * 1e6)}@snapshire.test`;
  const signUp = async () => {
    await page.goto(paths.register(paths.groups()));
    await fillCredentials(page, email, 'a-long-enough-password');
    await page.getByRole('button', { name: 'Sign up' }).click();
    await expect(page.getByRole('heading', { name: MESSAGES.SIGN_UP_DONE_TITLE })).toBeVisible();
  };
  await signUp();
  const first = await waitForConfirmationLink(stack.supabaseUrl, email);
  // The mail is slow to come, so the person signs up again, as people do; GoTrue sends a fresh link once
  // [auth.email] max_frequency (supabase/config.toml, read here as the backend reads it) has passed since the
  // first. Sooner, the screen says the same and no second mail goes (remote-auth AuthScreen.test.tsx).
  const { emailMaxFrequencyMs } = resolveConfig().authRateLimits;
  const [firstMail] = await listMessages(stack.supabaseUrl, email);
  const wait = new Date(firstMail!.sentAt).getTime() + emailMaxFrequencyMs + 100 - Date.now();
  if (wait > 0) await page.waitForTimeout(wait);
  await signUp();
  await expect
    .poll(async () => (await listMessages(stack.supabaseUrl, email)).filter((m) => m.kind === 'signup').length)
    .toBe(2);
  const newest = await waitForConfirmationLink(stack.supabaseUrl, email);
  expect(newest).not.toBe(first);

  await page.goto(newest);
  await answerNamePrompt(page);
  await expect(page).toHaveURL((url) => url.pathname === paths.groups() && !url.hash.includes('access_token'));
  await expect(signOutButton(page)).toBeVisible();
});

test('an unconfirmed account is told to confirm first', async ({ page }) => {
  const email = `e2e-unconfirmed-${Date.now()}-${Math.floor(Math.random() * 1e6)}@snapshire.test`;
  await page.goto(paths.register());
  await fillCredentials(page, email, 'a-long-enough-password');
  await page.getByRole('button', { name: 'Sign up' }).click();
  await expect(page.getByRole('heading', { name: MESSAGES.SIGN_UP_DONE_TITLE })).toBeVisible();

  await page.getByRole('link', { name: 'Login' }).click();
  await fillCredentials(page, email, 'a-long-enough-password');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('alert')).toHaveText(MESSAGES.AUTH_EMAIL_NOT_CONFIRMED);
});

test('signs in and follows redirectTo; a signed-in visitor skips the auth screen', async ({ page }) => {
  await page.goto(paths.login(paths.groups()));
  await signIn(page, SAMPLE_ACCOUNTS.ben);
  await expect(page).toHaveURL(paths.groups());

  await page.goto(paths.login(paths.group(PUBLIC_GROUP.id)));
  await expect(page).toHaveURL(paths.group(PUBLIC_GROUP.id));
});

test('an off-site redirectTo is not followed', async ({ page }) => {
  await page.goto(`${paths.login()}?redirectTo=${encodeURIComponent('//evil.example/steal')}`);
  await signIn(page, SAMPLE_ACCOUNTS.ben);
  await expect(page).toHaveURL(paths.home());
});

test('a wrong password is refused in words and the form stays usable', async ({ page }) => {
  await page.goto(paths.login());
  await fillCredentials(page, SAMPLE_ACCOUNTS.ada.email, 'not-the-password');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('alert')).toHaveText(MESSAGES.AUTH_INVALID_CREDENTIALS);
  await expect(page).toHaveURL(paths.login());
  await expect(signUpLink(page)).toBeVisible();

  // Validation is shown beside the field, before anything is sent.
  await page.getByLabel('Password').fill('short');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByText(MESSAGES.PASSWORD_TOO_SHORT)).toBeVisible();

  await page.getByLabel('Password').fill(SAMPLE_ACCOUNTS.ada.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(paths.home());
  await expect(signOutButton(page)).toBeVisible();
});

test("signing in shows the browse remote's signed-in controls without a reload", async ({ page }) => {
  await page.goto(paths.group(PUBLIC_GROUP.id));
  await expect(page.getByRole('link', { name: MESSAGES.SIGN_IN_TO_POST })).toBeVisible();
  await markDocument(page);

  // Into the auth remote by client-side links, sign in there, and back to the group by links.
  await signUpLink(page).click();
  await page.getByRole('link', { name: 'Login' }).click();
  await signIn(page, SAMPLE_ACCOUNTS.ben);
  await topBar(page).getByRole('link', { name: 'Groups' }).click();
  // The card in the list of all groups (ben, a member, has one under "Your groups" as well).
  await page.getByTestId('group-card').filter({ hasText: PUBLIC_GROUP.name }).click();

  await expect(page.getByRole('link', { name: MESSAGES.NEW_POST })).toBeVisible();
  await expect(page.getByRole('link', { name: MESSAGES.SIGN_IN_TO_POST })).toHaveCount(0);
  expect(await isSameDocument(page)).toBe(true);
});

test('what is typed straight after switching from Register to Login lands in the login form, on a phone-speed CPU', async ({
  page,
}) => {
  await page.goto(paths.register());
  await expect(page.getByRole('link', { name: 'Login' })).toBeVisible();
  // A phone's CPU (4x slower): a switch rendered in the background would leave the register form on screen,
  // and the first keystrokes in it, for a moment after the tap.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  for (const [from, to] of [
    ['Register', 'Login'],
    ['Login', 'Register'],
    ['Register', 'Login'],
    ['Login', 'Register'],
  ] as const) {
    await page.getByRole('link', { name: to }).click();
    await page.getByLabel('Email').fill(`${from}-then-${to}@snapshire.test`);
    await expect(page.getByRole('button', { name: to === 'Login' ? 'Sign in' : 'Sign up', exact: true })).toBeVisible();
    await expect(page.getByLabel('Email')).toHaveValue(`${from}-then-${to}@snapshire.test`);
  }
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
});

test('signing out hides the private group and its photos at once', async ({ page }) => {
  await page.goto(paths.login(paths.group(FAMILY.id)));
  await signIn(page, SAMPLE_ACCOUNTS.ada);
  await expect(page).toHaveURL(paths.group(FAMILY.id));
  await expect(page.getByRole('heading', { name: FAMILY.name })).toBeVisible();
  await expect(storagePhotos(page).first()).toBeVisible();
  await markDocument(page);

  // "At once": on the page as it is, with no reload or navigation by the user (the default wait only allows
  // for the sign-out request on a busy machine).
  await signOutButton(page).click();
  await expect(signUpLink(page)).toBeVisible();
  await expect(page.getByRole('heading', { name: FAMILY.name })).toHaveCount(0);
  await expect(storagePhotos(page)).toHaveCount(0);

  // Nor is it listed any more, from the same (cleared) cache.
  await topBar(page).getByRole('link', { name: 'Groups' }).click();
  await expect(page.getByRole('link', { name: new RegExp(PUBLIC_GROUP.name) })).toBeVisible();
  await expect(page.getByText(FAMILY.name)).toHaveCount(0);
  expect(await isSameDocument(page)).toBe(true);
});

test('two tabs stay consistent', async ({ context }) => {
  // The tabs load one after the other: a cold remote can take a while on a busy machine.
  const first = await context.newPage();
  await first.goto(paths.groups());
  await expect(first.getByRole('link', { name: new RegExp(PUBLIC_GROUP.name) })).toBeVisible({ timeout: 30_000 });
  await expect(first.getByText(FAMILY.name)).toHaveCount(0);
  await markDocument(first);
  const second = await context.newPage();
  await second.goto(paths.login(paths.groups()));

  // Signing in in the second tab signs the first one in too, private group included.
  await signIn(second, SAMPLE_ACCOUNTS.ada);
  await expect(second.getByTestId('group-card').filter({ hasText: FAMILY.name })).toBeVisible();
  // The other tab hears of it through supabase-js's cross-tab channel: allow for a busy machine.
  const crossTab = { timeout: 20_000 };
  await expect(signOutButton(first)).toBeVisible(crossTab);
  await expect(first.getByTestId('group-card').filter({ hasText: FAMILY.name })).toBeVisible(crossTab);

  // Signing out in the first tab signs the second one out and hides the group there.
  await signOutButton(first).click();
  await expect(first.getByText(FAMILY.name)).toHaveCount(0);
  await expect(signUpLink(second)).toBeVisible(crossTab);
  await expect(second.getByText(FAMILY.name)).toHaveCount(0, crossTab);
  // All of it without reloading the first tab.
  expect(await isSameDocument(first)).toBe(true);
});
