/**
 * Groups people run themselves (issue 13) through the host, the browse, auth and upload remotes and the
 * embedded backend: ada creates a private group and copies an invitation link; a brand-new user opens it,
 * signs up through the mailbox, lands in the group as a member and posts; ben (no link) sees it nowhere;
 * roles, post removal by author and by admin (the stored photo goes too), removal of a member (access gone at
 * once), revoked and expired links refused, and the owner deleting the group with everything in it.
 */
import type { Browser, BrowserContext, Page } from '@playwright/test';
import {
  GROUP_ACTION_MESSAGES,
  INVITATION_STATUS_MESSAGES,
  MESSAGES,
  PHOTO_BUCKET,
  paths,
  postObjectPath,
} from '@snapshire/contracts';
import { SAMPLE_ACCOUNTS } from '../../supabase/seed/accounts.ts';
import { expect, test, type E2EStack } from '../harness/fixtures.ts';
import { waitForConfirmationLink } from '../support/mailbox.ts';
import { answerNamePrompt } from '../support/names.ts';
import { postDirectly, postThroughScreen } from '../support/posting.ts';
import { accessTokenOf, type Account } from '../support/session.ts';

const GROUP_URL = /\/groups\/([0-9a-f-]{36})$/;

// ---------------------------------------------------------------------------------------------------------
// Page helpers

const topBar = (page: Page) => page.getByRole('banner');
const signOutButton = (page: Page) => topBar(page).getByRole('button', { name: 'Sign out' });
const feedback = (page: Page) => page.getByTestId('action-feedback');

async function signIn(page: Page, account: Account, then: string) {
  await page.goto(paths.login(then));
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL((url) => url.pathname === then);
  await expect(signOutButton(page)).toBeVisible();
}

/** Clicks a destructive button, then the same action in the confirmation dialog it opens. */
async function confirm(page: Page, scope: Page | ReturnType<Page['locator']>, label: string | RegExp) {
  await scope.getByRole('button', { name: label }).first().click();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: label }).click();
  await expect(dialog).toHaveCount(0);
}

// ---------------------------------------------------------------------------------------------------------
// Server-side helpers (the embedded backend, as a script would reach it)

async function graphql<T>(stack: E2EStack, bearer: string, query: string, variables: Record<string, unknown> = {}) {
  const response = await fetch(`${stack.supabaseUrl}/graphql/v1`, {
    method: 'POST',
    headers: { apikey: stack.anonKey, Authorization: `Bearer ${bearer}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ query, variables }),
  });
  return (await response.json()) as { data?: T; errors?: { message: string }[] };
}

/** What is left of a group in the database and in storage, seen with the service role (past RLS). */
async function leftovers(stack: E2EStack, groupId: string, postIds: string[]) {
  const { data } = await graphql<{
    groupCollection: { edges: unknown[] };
    group_memberCollection: { edges: unknown[] };
    postCollection: { edges: unknown[] };
    group_invitationCollection: { edges: unknown[] };
  }>(
    stack,
    stack.serviceRoleKey,
    `
      query ($id: UUID!) {
        groupCollection(filter: { id: { eq: $id } }) {
          edges {
            node {
              id
            }
          }
        }
        group_memberCollection(filter: { group_id: { eq: $id } }) {
          edges {
            node {
              user_id
            }
          }
        }
        postCollection(filter: { group_id: { eq: $id } }) {
          edges {
            node {
              id
            }
          }
        }
        group_invitationCollection(filter: { group_id: { eq: $id } }) {
          edges {
            node {
              id
            }
          }
        }
      }
    `,
    { id: groupId },
  );
  const objects = await Promise.all(postIds.map((postId) => storedObjects(stack, postId)));
  return {
    groups: data!.groupCollection.edges.length,
    members: data!.group_memberCollection.edges.length,
    posts: data!.postCollection.edges.length,
    invitations: data!.group_invitationCollection.edges.length,
    objects: objects.flat(),
  };
}

/** The stored objects under a post's folder in the photo bucket (service role). */
async function storedObjects(stack: E2EStack, postId: string): Promise<string[]> {
  const folder = postObjectPath(postId, 'x').replace(/\/x$/, '');
  const response = await fetch(`${stack.supabaseUrl}/storage/v1/object/list/${PHOTO_BUCKET}`, {
    method: 'POST',
    headers: {
      apikey: stack.serviceRoleKey,
      Authorization: `Bearer ${stack.serviceRoleKey}`,
      'Content-Type': 'application/json',
    },
    body: JSON.stringify({ prefix: folder, limit: 100, offset: 0 }),
  });
  if (!response.ok) throw new Error(`list failed: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { name: string }[]).map((object) => `${folder}/${object.name}`);
}

async function newContext(browser: Browser, stack: E2EStack): Promise<BrowserContext> {
  return browser.newContext({ baseURL: stack.hostUrl });
}

// ---------------------------------------------------------------------------------------------------------

test('a private group from creation to deletion: invitation, sign-up, posts, roles, removal, refused links', async ({
  browser,
  page,
  stack,
}) => {
  test.setTimeout(300_000);
  const stamp = `${Date.now()}-${Math.floor(Math.random() * 1e6)}`;
  const groupName = `Harper cousins ${stamp}`;
  const newcomer = { email: `cousin-${stamp}@snapshire.test`, password: 'a-long-enough-password' };
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);

  // --- ada creates a private group from the groups list.
  await signIn(page, SAMPLE_ACCOUNTS.ada, paths.groups());
  await expect(page.getByRole('heading', { name: GROUP_ACTION_MESSAGES.YOUR_GROUPS })).toBeVisible();
  await page.getByRole('link', { name: GROUP_ACTION_MESSAGES.NEW_GROUP }).click();
  await expect(page).toHaveURL(paths.newGroup());
  // Nothing is created without a name.
  await page.getByRole('button', { name: 'Create group' }).click();
  // Said at the field, which gets the focus, and gone once a name is typed.
  const nameField = page.getByRole('textbox', { name: 'Name' });
  await expect(nameField).toHaveAccessibleDescription('Give the group a name.');
  await expect(nameField).toBeFocused();
  await page.getByLabel('Name').fill(groupName);
  await expect(page.getByText('Give the group a name.')).toHaveCount(0);
  await page.getByLabel('Description').fill('Photos for the cousins only.');
  await page.locator('label').filter({ hasText: 'Private group' }).click();
  await expect(page.getByText('Only members see it; people join with an invitation link.')).toBeVisible();
  await page.locator('label').filter({ hasText: 'Street' }).click();
  await page.getByRole('button', { name: 'Create group' }).click();
  await expect(page).toHaveURL(GROUP_URL);
  const groupId = GROUP_URL.exec(new URL(page.url()).pathname)![1]!;
  await expect(page.getByRole('heading', { level: 1, name: groupName })).toBeVisible();
  await expect(feedback(page)).toHaveText(GROUP_ACTION_MESSAGES.GROUP_CREATED);
  await expect(page.getByTestId('my-role')).toHaveText('Your role: Owner');
  await expect(page.getByTestId('group-membership').getByText('1 member')).toBeVisible();
  // The owner cannot leave: no Leave button, only the settings.
  await expect(page.getByRole('button', { name: 'Leave group' })).toHaveCount(0);

  // The groups list shows it under "Your groups" and as a private card with its member count.
  await page.goto(paths.groups());
  await expect(page.getByTestId('your-group').filter({ hasText: groupName })).toBeVisible();
  const card = page.getByTestId('group-card').filter({ hasText: groupName });
  await expect(card.getByTestId('private-badge')).toBeVisible();
  await expect(card.getByTestId('member-count')).toHaveText('1 member');

  // --- Settings: an invitation link, copied.
  await page.goto(paths.group(groupId));
  await page.getByRole('link', { name: GROUP_ACTION_MESSAGES.GROUP_SETTINGS }).click();
  await expect(page).toHaveURL(paths.groupSettings(groupId));
  await expect(page.getByText('No invitation links yet.')).toBeVisible();
  await page.getByLabel('Maximum uses (optional)').fill('0');
  await page.getByRole('button', { name: 'Create link' }).click();
  await expect(page.getByRole('alert')).toHaveText('An invitation link can be used from 1 to 1000 times.');
  await page.getByLabel('Maximum uses (optional)').fill('5');
  await page.getByRole('button', { name: 'Create link' }).click();
  await expect(page.getByRole('status')).toHaveText(GROUP_ACTION_MESSAGES.INVITATION_CREATED);
  const invitation = page.getByTestId('invitation').first();
  await expect(invitation).toHaveAttribute('data-status', 'valid');
  await invitation.getByRole('button', { name: 'Copy link' }).click();
  await expect(page.getByRole('status')).toHaveText(GROUP_ACTION_MESSAGES.INVITATION_COPIED);
  const link = await page.evaluate(() => navigator.clipboard.readText());
  expect(link).toBe(await invitation.getByLabel('Invitation link').inputValue());
  expect(new URL(link).pathname).toMatch(/^\/invitations\/[0-9a-f]{64}$/);
  const invitationPath = new URL(link).pathname;

  // --- A brand-new visitor opens the link, signs up through the mailbox, and joins.
  const guestContext = await newContext(browser, stack);
  const guest = await guestContext.newPage();
  await guest.goto(invitationPath);
  await expect(guest.getByRole('heading', { level: 1, name: groupName })).toBeVisible();
  await expect(guest.getByTestId('invitation-status')).toHaveText(INVITATION_STATUS_MESSAGES.valid);
  await expect(guest.getByText(GROUP_ACTION_MESSAGES.SIGN_IN_TO_ACCEPT)).toBeVisible();
  await guest.getByRole('link', { name: 'Create an account' }).click();
  await expect(guest).toHaveURL(paths.register(invitationPath));
  await guest.getByLabel('Email').fill(newcomer.email);
  await guest.getByLabel('Password').fill(newcomer.password);
  await guest.getByRole('button', { name: 'Sign up' }).click();
  await expect(guest.getByRole('heading', { name: MESSAGES.SIGN_UP_DONE_TITLE })).toBeVisible();
  const confirmation = await waitForConfirmationLink(stack.supabaseUrl, newcomer.email);
  await guest.goto(confirmation);
  await answerNamePrompt(guest, 'Cousin Jo');
  // Back on the invitation signed in, having chosen to join there: it joins and opens the group by itself.
  await expect(guest).toHaveURL(paths.group(groupId));
  await expect(signOutButton(guest)).toBeVisible();
  await expect(feedback(guest)).toHaveText(GROUP_ACTION_MESSAGES.INVITATION_ACCEPTED);
  await expect(guest.getByTestId('my-role')).toHaveText('Your role: Member');
  await expect(guest.getByRole('link', { name: GROUP_ACTION_MESSAGES.GROUP_SETTINGS })).toHaveCount(0);

  // The member posts through the new-post screen; the photo is stored.
  const ownPostId = await postThroughScreen(guest, groupId, 'Grandma at the picnic');
  expect(await storedObjects(stack, ownPostId)).toHaveLength(1);

  // --- ben, with no link, sees the group nowhere.
  const benContext = await newContext(browser, stack);
  const ben = await benContext.newPage();
  await signIn(ben, SAMPLE_ACCOUNTS.ben, paths.groups());
  await expect(ben.getByTestId('group-card').first()).toBeVisible();
  await expect(ben.getByText(groupName)).toHaveCount(0);
  await ben.goto(paths.group(groupId));
  await expect(ben.getByRole('heading', { name: groupName })).toHaveCount(0);
  await ben.goto(paths.groupPost(groupId, ownPostId));
  await expect(ben.getByText('Grandma at the picnic')).toHaveCount(0);
  await ben.goto(paths.groupSettings(groupId));
  await expect(ben.getByRole('alert')).toBeVisible();
  await expect(ben.getByText(groupName)).toHaveCount(0);
  const benToken = await accessTokenOf(stack, SAMPLE_ACCOUNTS.ben);
  const seenByBen = await graphql<{ groupCollection: { edges: unknown[] }; postCollection: { edges: unknown[] } }>(
    stack,
    benToken,
    `
      query ($id: UUID!, $post: UUID!) {
        groupCollection(filter: { id: { eq: $id } }) {
          edges {
            node {
              id
            }
          }
        }
        postCollection(filter: { id: { eq: $post } }) {
          edges {
            node {
              id
            }
          }
        }
      }
    `,
    { id: groupId, post: ownPostId },
  );
  expect(seenByBen.data).toEqual({ groupCollection: { edges: [] }, postCollection: { edges: [] } });

  // --- The member deletes their own post: the row and the stored photo go.
  await guest.goto(paths.groupPost(groupId, ownPostId));
  await expect(guest.getByText('Grandma at the picnic')).toBeVisible();
  await guest.getByRole('button', { name: 'Edit post' }).click();
  await guest.getByLabel('Description').fill('Grandma at the summer picnic');
  await guest.getByRole('button', { name: 'Save' }).click();
  await expect(feedback(guest)).toHaveText(GROUP_ACTION_MESSAGES.POST_UPDATED);
  await expect(guest.getByText('Grandma at the summer picnic')).toBeVisible();
  await confirm(guest, guest, 'Delete post');
  await expect(guest).toHaveURL(paths.group(groupId));
  await expect(feedback(guest)).toHaveText(GROUP_ACTION_MESSAGES.POST_DELETED);
  expect(await storedObjects(stack, ownPostId)).toEqual([]);

  // --- ada makes the newcomer an admin; the admin removes ada's post (and its photo).
  const adaToken = await accessTokenOf(stack, SAMPLE_ACCOUNTS.ada);
  const adasPostId = await postDirectly(stack, adaToken, groupId);
  await page.reload();
  // Known by the name they chose when asked, not by their e-mail address.
  const newcomerRow = page.getByTestId('group-member').filter({ hasText: 'Cousin Jo' });
  await expect(newcomerRow.getByText('Member', { exact: true })).toBeVisible();
  await newcomerRow.getByRole('button', { name: 'Make admin' }).click();
  await expect(page.getByRole('status')).toHaveText(GROUP_ACTION_MESSAGES.MADE_ADMIN);
  await expect(newcomerRow.getByText('Admin', { exact: true })).toBeVisible();

  // Opened from the gallery, in the post modal: its confirmation must not close the modal under it.
  await guest.goto(paths.group(groupId));
  await guest.getByTestId('photo-tile').first().click();
  await expect(guest.getByTestId('post-modal')).toBeVisible();
  await expect(guest).toHaveURL(paths.groupPost(groupId, adasPostId));
  await expect(guest.getByTestId('post-photo')).toBeVisible();
  await expect(guest.getByRole('button', { name: 'Delete post' })).toBeVisible();
  await expect(guest.getByTestId('post-modal')).toBeVisible();
  await expect(guest.getByRole('button', { name: 'Edit post' })).toHaveCount(0); // not the author
  await confirm(guest, guest, 'Delete post');
  await expect(guest).toHaveURL(paths.group(groupId));
  expect(await storedObjects(stack, adasPostId)).toEqual([]);

  // --- ada makes them a member again and removes them: access goes at once.
  await newcomerRow.getByRole('button', { name: 'Make member' }).click();
  await expect(page.getByRole('status')).toHaveText(GROUP_ACTION_MESSAGES.MADE_MEMBER);
  await confirm(page, newcomerRow, 'Remove');
  await expect(page.getByRole('status')).toHaveText(GROUP_ACTION_MESSAGES.MEMBER_REMOVED);
  await expect(page.getByTestId('group-member')).toHaveCount(1);
  await guest.goto(paths.group(groupId));
  await expect(guest.getByRole('heading', { name: groupName })).toHaveCount(0);
  await guest.goto(paths.groups());
  await expect(guest.getByTestId('your-groups')).toBeVisible();
  await expect(guest.getByText(groupName)).toHaveCount(0);

  // --- A revoked link and an expired one are refused, in words.
  await page.getByTestId('invitation').first().getByRole('button', { name: 'Revoke' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Revoke' }).click();
  const invitations = page.getByRole('region', { name: 'Invitation links' });
  await expect(invitations.getByRole('status')).toHaveText(GROUP_ACTION_MESSAGES.INVITATION_REVOKED);
  await guest.goto(invitationPath);
  await expect(guest.getByTestId('invitation-status')).toHaveText(INVITATION_STATUS_MESSAGES.revoked);
  await expect(guest.getByRole('button', { name: 'Join group' })).toHaveCount(0);

  await page.getByRole('button', { name: 'Create link' }).click();
  await expect(invitations.getByRole('status')).toHaveText(GROUP_ACTION_MESSAGES.INVITATION_CREATED);
  const expiring = page.getByTestId('invitation').first();
  const expiringPath = new URL(await expiring.getByLabel('Invitation link').inputValue()).pathname;
  const expiringToken = expiringPath.split('/').pop()!;
  // Time passes: the link's expiry moves into the past (service role; clients cannot write invitations).
  const expired = await graphql<{ updategroup_invitationCollection: { affectedCount: number } }>(
    stack,
    stack.serviceRoleKey,
    `
      mutation ($token: String!, $at: Datetime!) {
        updategroup_invitationCollection(set: { expires_at: $at }, filter: { token: { eq: $token } }) {
          affectedCount
        }
      }
    `,
    { token: expiringToken, at: new Date(Date.now() - 60_000).toISOString() },
  );
  expect(expired.data?.updategroup_invitationCollection.affectedCount).toBe(1);
  await guest.goto(expiringPath);
  await expect(guest.getByTestId('invitation-status')).toHaveText(INVITATION_STATUS_MESSAGES.expired);
  await expect(guest.getByRole('button', { name: 'Join group' })).toHaveCount(0);
  // Nor does the API let them in with it.
  const guestToken = await accessTokenOf(stack, newcomer);
  const refused = await graphql(
    stack,
    guestToken,
    'mutation ($token: String!) { accept_group_invitation(token: $token) { role } }',
    { token: expiringToken },
  );
  expect(refused.errors?.[0]?.message).toMatch(/invitation_expired/);

  // --- The owner deletes the group: no post, photo, membership or invitation left.
  const lastPostId = await postDirectly(stack, adaToken, groupId);
  expect(await storedObjects(stack, lastPostId)).toHaveLength(1);
  await page.reload();
  await confirm(page, page, 'Delete group');
  await expect(page).toHaveURL(paths.groups());
  await expect(feedback(page)).toHaveText(GROUP_ACTION_MESSAGES.GROUP_DELETED);
  await expect(page.getByText(groupName)).toHaveCount(0);
  expect(await leftovers(stack, groupId, [ownPostId, adasPostId, lastPostId])).toEqual({
    groups: 0,
    members: 0,
    posts: 0,
    invitations: 0,
    objects: [],
  });

  await guestContext.close();
  await benContext.close();
});

test('a public group: join and leave from the group page, listed under "Your groups"', async ({ page, stack }) => {
  const stamp = `${Date.now()}-${Math.floor(Math.random() * 1e6)}`;
  const groupName = `Open walks ${stamp}`;
  const adaToken = await accessTokenOf(stack, SAMPLE_ACCOUNTS.ada);
  const created = await graphql<{ create_group: { id: string } }>(
    stack,
    adaToken,
    'mutation ($name: String!) { create_group(display_name: $name, is_private: false) { id } }',
    { name: groupName },
  );
  const groupId = created.data!.create_group.id;

  await signIn(page, SAMPLE_ACCOUNTS.ben, paths.group(groupId));
  await expect(page.getByRole('heading', { level: 1, name: groupName })).toBeVisible();
  await expect(page.getByTestId('my-role')).toHaveCount(0);
  await page.getByRole('button', { name: 'Join group' }).click();
  await expect(feedback(page)).toHaveText(GROUP_ACTION_MESSAGES.JOINED);
  await expect(page.getByTestId('my-role')).toHaveText('Your role: Member');
  await page.goto(paths.groups());
  await expect(page.getByTestId('your-group').filter({ hasText: groupName })).toBeVisible();

  await page.goto(paths.group(groupId));
  await confirm(page, page, 'Leave group');
  await expect(feedback(page)).toHaveText(GROUP_ACTION_MESSAGES.LEFT);
  await expect(page.getByRole('button', { name: 'Join group' })).toBeVisible();
  await page.goto(paths.groups());
  await expect(page.getByTestId('your-groups')).toBeVisible();
  await expect(page.getByTestId('your-group').filter({ hasText: groupName })).toHaveCount(0);

  // Clean up: the owner deletes it (through the same edge function the settings use).
  const deleted = await fetch(`${stack.supabaseUrl}/functions/v1/delete-group`, {
    method: 'POST',
    headers: { apikey: stack.anonKey, Authorization: `Bearer ${adaToken}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ groupId }),
  });
  expect(deleted.status).toBe(200);
});
