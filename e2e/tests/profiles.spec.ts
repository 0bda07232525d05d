/**
 * Public names (issue 28, item 3): a new account is asked once for the name others see, and nobody else ever
 * sees its e-mail address or the part before the @ (which used to be its name): not on the post, the
 * comments, "liked by" or the members list, and not in any answer the server sends them. Then the account
 * page: name, e-mail (to its owner), password. Both new screens axe-clean, in both themes.
 */
import type { Browser, Page } from '@playwright/test';
import { paths, PROFILE_RULE_MESSAGES, PROFILE_TEXTS, SOCIAL_TEXT } from '@snapshire/contracts';
import { SAMPLE_ACCOUNTS } from '../../supabase/seed/accounts.ts';
import { SEED_GROUPS } from '../../supabase/seed/ids.ts';
import { expect, test, type E2EStack } from '../harness/fixtures.ts';
import { graphqlAs } from '../support/graphql.ts';
import { waitForConfirmationLink } from '../support/mailbox.ts';
import { postDirectly } from '../support/posting.ts';
import { accessTokenOf, signIn, type Account } from '../support/session.ts';
import { shootPhoneAndLaptop } from '../support/screenshots.ts';
import { seriousAxeFindings } from '../support/axe.ts';

/** A public group no other journey uses. */
const GROUP = SEED_GROUPS.brighton;

/**
 * No serious or critical axe finding on the screen, in the light and the dark theme: the stored theme is
 * read at start, so each is set and the page reloaded (the session survives), then `ready` awaited.
 */
async function expectAxeClean(page: Page, screen: string, ready: () => Promise<void>) {
  for (const theme of ['light', 'dark'] as const) {
    await page.evaluate((value) => localStorage.setItem('theme', value), theme);
    await page.reload();
    await expect(page.locator('html')).toHaveClass(new RegExp(`\\b${theme}\\b`));
    await ready();
    const findings = await seriousAxeFindings(page);
    expect.soft(findings, `${screen} (${theme}): ${JSON.stringify(findings)}`).toEqual([]);
  }
  await page.evaluate(() => localStorage.removeItem('theme'));
  await page.reload();
  await ready();
}

/**
 * Everything the server answers a page (GraphQL, auth, storage, functions; not the photos' bytes), kept to
 * look for the e-mail in afterwards.
 */
function recordAnswers(page: Page, stack: E2EStack): () => Promise<string[]> {
  const bodies: Promise<string>[] = [];
  page.on('response', (response) => {
    if (!response.url().startsWith(stack.supabaseUrl)) return;
    if (/^image\//.test(response.headers()['content-type'] ?? '')) return;
    bodies.push(
      response.text().then(
        (text) => `${response.url()}\n${text}`,
        () => '',
      ),
    );
  });
  return () => Promise.all(bodies);
}

async function newPage(browser: Browser): Promise<Page> {
  return (await browser.newContext()).newPage();
}

test('asked once for a name; others see it on the post, comments, likes and members, never the e-mail', async ({
  browser,
  stack,
}) => {
  test.setTimeout(300_000);
  const localPart = `gran-${Date.now()}${Math.floor(Math.random() * 1e4)}`;
  const gran: Account = { email: `${localPart}@snapshire.test`, password: 'a-long-enough-password' };
  const NAME = 'Gran Harper';

  // --- Sign up as the spec says (e-mail and password only), confirm from the mailbox.
  const page = await newPage(browser);
  await page.goto(paths.register(paths.group(GROUP)));
  await page.getByLabel('Email').fill(gran.email);
  await page.getByLabel('Password').fill(gran.password);
  await page.getByRole('button', { name: 'Sign up' }).click();
  await expect(page.getByTestId('sign-up-notice')).toBeVisible();
  await page.goto(await waitForConfirmationLink(stack.supabaseUrl, gran.email));

  // --- The first sign-in asks for a name; the generated one says nothing about the address.
  await expect(page).toHaveURL((url) => url.pathname === paths.chooseName().split('?')[0]);
  const prompt = page.getByTestId('name-prompt');
  await expect(prompt.getByRole('heading', { level: 1, name: PROFILE_TEXTS.PROMPT_TITLE })).toBeVisible();
  await expect(prompt).toContainText(/you will appear as “Member [0-9A-F]{4}”/);
  await expect(page.locator('body')).not.toContainText(localPart);
  await expectAxeClean(page, 'name prompt', () =>
    expect(prompt.getByRole('button', { name: PROFILE_TEXTS.PROMPT_SKIP })).toBeVisible(),
  );
  await shootPhoneAndLaptop(page, 'name-prompt');

  const field = prompt.getByLabel(PROFILE_TEXTS.DISPLAY_NAME_LABEL);
  await prompt.getByRole('button', { name: PROFILE_TEXTS.PROMPT_SAVE }).click();
  await expect(field).toHaveAccessibleDescription(PROFILE_RULE_MESSAGES.display_name_required);
  await expect(field).toBeFocused();
  await shootPhoneAndLaptop(page, 'name-prompt-error');
  await field.fill(NAME);
  await expect(prompt.getByText(PROFILE_RULE_MESSAGES.display_name_required)).toHaveCount(0);
  await prompt.getByRole('button', { name: PROFILE_TEXTS.PROMPT_SAVE }).click();
  await expect(page).toHaveURL((url) => url.pathname === paths.group(GROUP));

  // --- Once settled, not asked again: signing in again goes straight on.
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page.getByRole('link', { name: 'Sign up' })).toBeVisible();
  await signIn(page, gran, paths.group(GROUP));

  // --- Gran joins, posts a photo, likes it and comments on it.
  await page.getByRole('button', { name: 'Join group' }).click();
  await expect(page.getByTestId('my-role')).toBeVisible();
  const granToken = await accessTokenOf(stack, gran);
  const description = `Brighton pier at dusk ${Date.now()}`;
  const postId = await postDirectly(stack, granToken, GROUP, description);
  await page.goto(paths.groupPost(GROUP, postId));
  const detail = page.getByTestId('post-detail');
  await detail.getByRole('button', { name: /^Like / }).click();
  await expect(detail.getByTestId('liked-by')).toContainText(NAME);
  const comment = `What a sky ${Date.now()}`;
  await detail.getByRole('textbox', { name: SOCIAL_TEXT.ADD_COMMENT }).fill(comment);
  await detail.getByTestId('comment-form').getByRole('button', { name: SOCIAL_TEXT.POST_COMMENT }).click();
  await expect(detail.getByTestId('comment').filter({ hasText: comment })).toBeVisible();

  // --- Ada's private group takes Gran in through an invitation, behind the scenes.
  const adaToken = await accessTokenOf(stack, SAMPLE_ACCOUNTS.ada);
  const { create_group } = await graphqlAs<{ create_group: { id: string } }>(
    stack,
    adaToken,
    `mutation($n: String) { create_group(display_name: $n, description: "", is_private: true) { id } }`,
    { n: `Harper cousins ${Date.now()}` },
  );
  const { create_group_invitation } = await graphqlAs<{ create_group_invitation: { token: string } }>(
    stack,
    adaToken,
    `mutation($g: UUID) { create_group_invitation(group_id: $g, max_uses: 1) { token } }`,
    { g: create_group.id },
  );
  await graphqlAs(stack, granToken, `mutation($t: String) { accept_group_invitation(token: $t) { role } }`, {
    t: create_group_invitation.token,
  });

  // --- Ben, signed in, sees Gran's name on the post, the comment and "liked by"; a visitor too.
  const ben = await newPage(browser);
  const benAnswers = recordAnswers(ben, stack);
  await signIn(ben, SAMPLE_ACCOUNTS.ben, paths.groupPost(GROUP, postId));
  const seen = ben.getByTestId('post-detail');
  await expect(seen.getByTestId('post-author')).toContainText(NAME);
  await expect(seen.getByTestId('comment').filter({ hasText: comment }).getByTestId('comment-author')).toHaveText(NAME);
  await expect(seen.getByTestId('liked-by')).toContainText(NAME);
  await expect(ben.locator('body')).not.toContainText(localPart);

  const visitor = await newPage(browser);
  const visitorAnswers = recordAnswers(visitor, stack);
  await visitor.goto(paths.groupPost(GROUP, postId));
  await expect(visitor.getByTestId('post-author')).toContainText(NAME);
  await expect(visitor.locator('body')).not.toContainText(localPart);

  // --- Ada sees Gran by name in her group's members list.
  const ada = await newPage(browser);
  const adaAnswers = recordAnswers(ada, stack);
  await signIn(ada, SAMPLE_ACCOUNTS.ada, paths.groupSettings(create_group.id));
  await expect(ada.getByTestId('group-member').filter({ hasText: NAME })).toBeVisible();
  await expect(ada.locator('body')).not.toContainText(localPart);

  // --- No answer the server gave anyone else holds the address or its local part.
  for (const [who, answers] of [
    ['ben', benAnswers],
    ['a visitor', visitorAnswers],
    ['ada', adaAnswers],
  ] as const) {
    const bodies = await answers();
    expect(bodies.length, who).toBeGreaterThan(0);
    const leaking = bodies.filter((body) => body.toLowerCase().includes(localPart.toLowerCase()));
    expect(
      leaking.map((body) => body.slice(0, 300)),
      `answers to ${who}`,
    ).toEqual([]);
  }

  // --- Gran's own account page: the name (editable), the e-mail (to her only), the password.
  await page.getByTestId('account-link').click();
  await expect(page).toHaveURL(paths.account());
  const account = page.getByTestId('account-page');
  await expect(account.getByRole('heading', { level: 1, name: PROFILE_TEXTS.ACCOUNT_TITLE })).toBeVisible();
  await expect(account.getByTestId('account-email')).toHaveText(gran.email);
  const name = account.getByLabel(PROFILE_TEXTS.DISPLAY_NAME_LABEL);
  await expect(name).toHaveValue(NAME);
  await expectAxeClean(page, 'account page', () => expect(name).toHaveValue(NAME));
  await shootPhoneAndLaptop(page, 'account');

  await name.fill('x'.repeat(61));
  await account.getByRole('button', { name: PROFILE_TEXTS.NAME_SAVE }).click();
  await expect(name).toHaveAccessibleDescription(PROFILE_RULE_MESSAGES.display_name_too_long);
  await shootPhoneAndLaptop(page, 'account-name-error');
  await name.fill('Granny Harper');
  await expect(account.getByText(PROFILE_RULE_MESSAGES.display_name_too_long)).toHaveCount(0);
  await account.getByRole('button', { name: PROFILE_TEXTS.NAME_SAVE }).click();
  await expect(account.getByTestId('name-saved')).toBeVisible();
  await expect(account.getByTestId('account-name')).toHaveText('Granny Harper');

  await account
    .getByRole('textbox', { name: PROFILE_TEXTS.NEW_PASSWORD_LABEL, exact: true })
    .fill('a-newer-longer-password');
  await account
    .getByRole('textbox', { name: PROFILE_TEXTS.CONFIRM_PASSWORD_LABEL, exact: true })
    .fill('a-newer-longer-password');
  await account.getByRole('button', { name: PROFILE_TEXTS.PASSWORD_SAVE }).click();
  await expect(account.getByTestId('password-saved')).toBeVisible();
  await accessTokenOf(stack, { email: gran.email, password: 'a-newer-longer-password' });

  // The new name reaches the others too.
  await ben.reload();
  await expect(ben.getByTestId('post-author')).toContainText('Granny Harper');
  for (const p of [page, ben, visitor, ada]) await p.context().close();
});
