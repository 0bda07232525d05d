/**
 * Return paths (issue "People arrive, come back and find their way", item 1): a link to a private photo, a
 * private group or an invitation opened signed out offers Sign in / Create account, and after signing in,
 * or signing up and confirming from the mailbox, the person lands where the link pointed. A signed-in
 * non-member gets a plain "not available"; a used confirmation link says so in words.
 */
import type { Page } from '@playwright/test';
import { GROUP_ACTION_MESSAGES, MESSAGES, PROFILE_TEXTS, RETURN_TEXT, paths } from '@snapshire/contracts';
import { SAMPLE_ACCOUNTS } from '../../supabase/seed/accounts.ts';
import { SEED_GROUPS } from '../../supabase/seed/ids.ts';
import { expect, test, type E2EStack } from '../harness/fixtures.ts';
import { graphqlAs } from '../support/graphql.ts';
import { waitForConfirmationLink } from '../support/mailbox.ts';
import { answerNamePrompt } from '../support/names.ts';
import { accessTokenOf } from '../support/session.ts';
import { shootPhoneAndLaptop } from '../support/screenshots.ts';
import { seriousAxeFindings } from '../support/axe.ts';

const FAMILY = { id: SEED_GROUPS.family, name: 'The Harper Family' };

const topBar = (page: Page) => page.getByRole('banner');
const signOutButton = (page: Page) => topBar(page).getByRole('button', { name: 'Sign out' });
const main = (page: Page) => page.getByRole('main');

/** A photo of the private family group, as ada (its owner) sees it. */
async function familyPostId(stack: E2EStack): Promise<string> {
  const token = await accessTokenOf(stack, SAMPLE_ACCOUNTS.ada);
  const data = await graphqlAs<{ postCollection: { edges: { node: { id: string } }[] } }>(
    stack,
    token,
    `
      query ($group: UUID!) {
        postCollection(filter: { group_id: { eq: $group }, has_uploaded_photo: { eq: true } }, first: 1) {
          edges {
            node {
              id
            }
          }
        }
      }
    `,
    { group: FAMILY.id },
  );
  const id = data.postCollection.edges[0]?.node.id;
  if (!id) throw new Error('the family group has no photo');
  return id;
}

async function familyInvitationPath(stack: E2EStack): Promise<string> {
  const token = await accessTokenOf(stack, SAMPLE_ACCOUNTS.ada);
  const data = await graphqlAs<{ create_group_invitation: { token: string } }>(
    stack,
    token,
    `
      mutation ($group: UUID!) {
        create_group_invitation(group_id: $group, expires_in_hours: 24, max_uses: 1) {
          token
        }
      }
    `,
    { group: FAMILY.id },
  );
  return paths.invitation(data.create_group_invitation.token);
}

/** Serious and critical axe findings (WCAG 2.2 AA), as the accessibility spec counts them. */
async function expectAccessible(page: Page, name: string) {
  const findings = await seriousAxeFindings(page);
  expect.soft(findings, `${name}: ${JSON.stringify(findings)}`).toEqual([]);
}

/** Each new state is checked with axe, and photographed when SHOTS_DIR is set. */
async function shoot(page: Page, name: string) {
  await expectAccessible(page, name);
  await shootPhoneAndLaptop(page, name);
}

test('(a) a private photo opened signed out offers Sign in, which lands on the photo', async ({ page, stack }) => {
  const postId = await familyPostId(stack);
  const photoPath = paths.groupPost(FAMILY.id, postId);

  await page.goto(photoPath);
  await expect(main(page).getByText(RETURN_TEXT.PHOTO_SIGN_IN)).toBeVisible();
  await expect(main(page).getByText(MESSAGES.INVALID_PAGE_URL)).toHaveCount(0);
  await expect(main(page).getByText('Something went wrong')).toHaveCount(0);
  await expect(main(page).getByRole('link', { name: RETURN_TEXT.CREATE_ACCOUNT })).toHaveAttribute(
    'href',
    paths.register(photoPath),
  );
  await shoot(page, 'photo-signed-out');

  await main(page).getByRole('link', { name: RETURN_TEXT.SIGN_IN }).click();
  await expect(page).toHaveURL(paths.login(photoPath));
  await page.getByLabel('Email').fill(SAMPLE_ACCOUNTS.ada.email);
  await page.getByLabel('Password').fill(SAMPLE_ACCOUNTS.ada.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL((url) => url.pathname === photoPath);
  await expect(page.getByTestId('post-photo')).toBeVisible();
  await expect(page.getByTestId('post-detail')).toHaveAttribute('data-post-id', postId);
});

test('(b) an invitation opened signed out -> Create account -> confirm -> in the group as a member', async ({
  page,
  stack,
}) => {
  const invitationPath = await familyInvitationPath(stack);
  const email = `e2e-return-${Date.now()}-${Math.floor(Math.random() * 1e6)}@snapshire.test`;

  await page.goto(invitationPath);
  await expect(page.getByRole('heading', { level: 1, name: FAMILY.name })).toBeVisible();
  await shoot(page, 'invitation-signed-out');
  await page.getByRole('link', { name: 'Create an account' }).click();
  await expect(page).toHaveURL((url) => url.pathname === paths.register());
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('a-long-enough-password');
  await page.getByRole('button', { name: 'Sign up' }).click();
  await expect(page.getByRole('heading', { name: MESSAGES.SIGN_UP_DONE_TITLE })).toBeVisible();

  const link = await waitForConfirmationLink(stack.supabaseUrl, email);
  await page.goto(link);
  await answerNamePrompt(page);
  // Straight into the group, as a member: the invitation was accepted on the way.
  await expect(page).toHaveURL((url) => url.pathname === paths.group(FAMILY.id) && !url.hash.includes('access_token'));
  await expect(signOutButton(page)).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: FAMILY.name })).toBeVisible();
  await expect(page.getByTestId('my-role')).toHaveText('Your role: Member');
  await expect(page.getByText(GROUP_ACTION_MESSAGES.INVITATION_ACCEPTED)).toBeVisible();

  // The same link again (reused): its words, not an ignored fragment.
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(topBar(page).getByRole('link', { name: 'Sign up' })).toBeVisible();
  // In the dark theme this time, so axe checks the notice's colours there too.
  await page.addInitScript(() => localStorage.setItem('theme', 'dark'));
  await page.goto(link);
  await expect(page.locator('html')).toHaveClass(/\bdark\b/);
  const notice = page.getByTestId('auth-link-notice');
  await expect(notice).toContainText(RETURN_TEXT.LINK_EXPIRED_TITLE);
  await expect(notice).toContainText(RETURN_TEXT.LINK_EXPIRED_TEXT);
  await expect(page).toHaveURL((url) => !url.hash.includes('error'));
  // One way to sign in on the page, the notice's: the name screen under it does not offer a second.
  await expect(main(page).getByText(PROFILE_TEXTS.SIGN_IN_FIRST_NAME)).toBeVisible();
  await expect(main(page).getByRole('link', { name: RETURN_TEXT.SIGN_IN })).toHaveCount(1);
  await shoot(page, 'confirmation-link-used-dark');
  await notice.getByRole('link', { name: RETURN_TEXT.SIGN_IN }).click();
  await expect(page).toHaveURL((url) => url.pathname === paths.login());
});

test('(c) a private group opened signed out shows Sign in; signed in as a non-member, "not available"', async ({
  page,
  stack,
}) => {
  const groupPath = paths.group(FAMILY.id);
  await page.goto(groupPath);
  await expect(main(page).getByText(MESSAGES.MISSING_GROUP_PAGE)).toBeVisible();
  await expect(main(page).getByRole('link', { name: RETURN_TEXT.SIGN_IN })).toHaveAttribute(
    'href',
    paths.login(groupPath),
  );
  await expect(main(page).getByRole('link', { name: RETURN_TEXT.CREATE_ACCOUNT })).toHaveAttribute(
    'href',
    paths.register(groupPath),
  );
  await shoot(page, 'group-signed-out');

  // ben is no member: the same words for a private group as for one that does not exist.
  await main(page).getByRole('link', { name: RETURN_TEXT.SIGN_IN }).click();
  await page.getByLabel('Email').fill(SAMPLE_ACCOUNTS.ben.email);
  await page.getByLabel('Password').fill(SAMPLE_ACCOUNTS.ben.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL((url) => url.pathname === groupPath);
  await expect(main(page).getByText(RETURN_TEXT.GROUP_NOT_AVAILABLE)).toBeVisible();
  await expect(main(page).getByText(FAMILY.name)).toHaveCount(0);
  await expect(main(page).getByRole('link', { name: RETURN_TEXT.SIGN_IN })).toHaveCount(0);
  await shoot(page, 'group-not-available');

  const missing = paths.group('10000000-0000-4000-8000-0000000000ff');
  await page.goto(missing);
  await expect(main(page).getByText(RETURN_TEXT.GROUP_NOT_AVAILABLE)).toBeVisible();

  const postPath = paths.groupPost(FAMILY.id, await familyPostId(stack));
  await page.goto(postPath);
  await expect(main(page).getByText(RETURN_TEXT.PHOTO_NOT_AVAILABLE)).toBeVisible();
  await expect(main(page).getByText('Something went wrong')).toHaveCount(0);
  await expect(page.getByTestId('post-photo')).toHaveCount(0);
  await shoot(page, 'photo-not-available');
});
