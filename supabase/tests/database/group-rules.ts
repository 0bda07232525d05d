/**
 * The group rules of supabase/migrations/20261124000200_groups.sql, caller by caller: creating groups,
 * invitation links, joining and leaving, members and roles, editing and deleting posts, deleting a group,
 * and the computed fields. Functions are called as pg_graphql calls them (in a transaction as the caller's
 * role with their claims); a last block goes through the embedded GraphQL service itself. Defined once, run
 * on PGlite and on PostgreSQL.
 */
import { resolve } from 'node:path';
import {
  GROUP_LIMITS,
  GROUP_RULE_MESSAGES,
  groupRuleMessage,
  INVITATION_STATUSES,
  invitationPreviewSchema,
  PROFILE_LIMITS,
  type GroupRole,
} from '@snapshire/contracts';
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_PROJECT_DIR } from '../../../packages/backend/src/config/config.ts';
import type { OpenedDatabase } from '../../../packages/backend/src/db/index.ts';
import { createGraphqlService } from '../../../packages/backend/src/graphql/service.ts';
import {
  codesRaisedBy,
  everyone,
  expectWordsForEach,
  itTellsWhoMayCall,
  ruleCallsOn,
  type WhoMayCall,
} from './rule-calls.ts';
import {
  CATEGORIES,
  GROUPS,
  INVITATION,
  POSTS,
  USERS,
  callerFor,
  insertAccount,
  insertPost,
  worldForSuite,
  type Who,
} from './rls-world.ts';

const GROUPS_MIGRATION = resolve(DEFAULT_PROJECT_DIR, 'migrations/20261124000200_groups.sql');
type User = keyof typeof USERS;

export function defineGroupRules(label: string, open: () => Promise<OpenedDatabase>): void {
  describe(`group rules on ${label}`, () => {
    const db = worldForSuite(open);
    // Groups made for one test go after it (the owner may own only so many).
    const made: string[] = [];
    afterEach(async () => {
      if (made.length) await db.query('delete from public."group" where id = any($1::uuid[])', [`{${made.join(',')}}`]);
      made.length = 0;
    });

    const { call, refused, queryAs } = ruleCallsOn(db);
    const roleOf = async (groupId: string, user: User) =>
      (
        await db.query<{ role: string }>('select role from public.group_member where group_id = $1 and user_id = $2', [
          groupId,
          USERS[user],
        ])
      ).rows[0]?.role ?? null;
    const visibleGroups = async (who: Who, groupId: string) =>
      (await queryAs(who, 'select 1 from public."group" where id = $1', [groupId])).length;

    /** A fresh private (or public) group made by `owner` with the given other members. */
    const newGroup = async (options: { isPrivate?: boolean; members?: Partial<Record<User, GroupRole>> } = {}) => {
      const g = await call<{ id: string }>('owner', 'create_group', {
        display_name: 'Fresh group',
        description: 'For one test',
        is_private: options.isPrivate ?? true,
        category_ids: `{${CATEGORIES.shared},${CATEGORIES.privOnly}}`,
      });
      made.push(g.id);
      for (const [user, role] of Object.entries(options.members ?? {}))
        await db.query('insert into public.group_member (group_id, user_id, role) values ($1, $2, $3)', [
          g.id,
          USERS[user as User],
          role,
        ]);
      return g.id;
    };
    /** A finished post by `author` in the group, with its photo object. */
    const newPost = async (groupId: string, author: User, uploaded = true) => {
      const id = await insertPost(db, { groupId, authorId: USERS[author], uploaded, description: 'A photo' });
      await db.query(`insert into public.post_category (post_id, category_id) values ($1, $2), ($1, $3)`, [
        id,
        CATEGORIES.shared,
        CATEGORIES.privOnly,
      ]);
      await db.query(
        `insert into storage.objects (bucket_id, name, owner, metadata) values ('photography', $1, $2, '{}')`,
        [`posts/${id}/photo.jpg`, USERS[author]],
      );
      return id;
    };
    const queued = async (postId: string) =>
      (await db.query('select 1 from public.photo_deletion where name = $1', [`posts/${postId}/photo.jpg`])).rowCount;

    describe('who may call what (on the fixture, each call rolled back)', () => {
      const G = GROUPS.priv;
      itTellsWhoMayCall(db, [
        ['create_group', { display_name: 'New' }, everyone('ok')],
        [
          'update_group',
          { group_id: G, display_name: 'X' },
          everyone('not_group_manager', { outsider: 'group_not_found', admin: 'ok', owner: 'ok' }),
        ],
        ['delete_group', { group_id: G }, everyone('not_group_owner', { outsider: 'group_not_found', owner: 'ok' })],
        ['join_group', { group_id: G }, everyone('group_is_private', { outsider: 'group_not_found' })],
        ['join_group', { group_id: GROUPS.pub }, everyone('ok')],
        [
          'leave_group',
          { group_id: G },
          everyone('ok', { outsider: 'group_not_found', owner: 'last_owner_cannot_leave' }),
        ],
        [
          'remove_group_member',
          { group_id: G, user_id: USERS.member },
          everyone('not_group_manager', { outsider: 'group_not_found', admin: 'ok', owner: 'ok' }),
        ],
        [
          'set_group_member_role',
          { group_id: G, user_id: USERS.member, role: 'admin' },
          everyone('not_group_manager', { outsider: 'group_not_found', admin: 'ok', owner: 'ok' }),
        ],
        [
          'transfer_group_ownership',
          { group_id: G, user_id: USERS.member },
          everyone('not_group_owner', { outsider: 'group_not_found', owner: 'ok' }),
        ],
        [
          'create_group_invitation',
          { group_id: G },
          everyone('not_group_manager', { outsider: 'group_not_found', admin: 'ok', owner: 'ok' }),
        ],
        [
          'revoke_group_invitation',
          { invitation_id: INVITATION.id },
          everyone('invitation_not_found', { admin: 'ok', owner: 'ok' }),
        ],
        ['accept_group_invitation', { token: INVITATION.token }, everyone('ok')],
        ['group_invitation_preview', { token: INVITATION.token }, everyone('ok', { anon: 'ok' })],
        [
          'update_post',
          { post_id: POSTS.privDone, description: 'X' },
          everyone('not_post_author', { outsider: 'post_not_found', author: 'ok' }),
        ],
        [
          'delete_post',
          { post_id: POSTS.privDone },
          everyone('ok', { outsider: 'post_not_found', member: 'cannot_remove_post' }),
        ],
        ['delete_post', { post_id: POSTS.pubDone }, everyone('cannot_remove_post', { author: 'ok' })],
        ['delete_post', { post_id: POSTS.privPending }, everyone('post_not_found', { author: 'ok' })],
      ] satisfies WhoMayCall[]);
    });

    describe('words and limits', () => {
      it('has words in packages/contracts for every code the migration raises', async () => {
        const codes = await codesRaisedBy(GROUPS_MIGRATION);
        for (const status of INVITATION_STATUSES.filter((s) => s !== 'valid' && s !== 'not_found'))
          codes.add(`invitation_${status}`);
        expect(codes.size).toBeGreaterThan(20);
        expectWordsForEach(codes, GROUP_RULE_MESSAGES, groupRuleMessage);
      });

      it('enforces the limits packages/contracts states', async () => {
        const { rows } = await db.query<Record<string, number>>(
          `select private.group_limit('name_max') as "NAME_MAX_LENGTH",
                  private.group_limit('description_max') as "DESCRIPTION_MAX_LENGTH",
                  private.group_limit('owned_groups_max') as "OWNED_GROUPS_MAX",
                  private.group_limit('open_invitations_max') as "OPEN_INVITATIONS_MAX",
                  private.group_limit('invitation_hours_max') as "INVITATION_HOURS_MAX",
                  private.group_limit('invitation_uses_max') as "INVITATION_USES_MAX",
                  private.group_limit('categories_max') as "CATEGORIES_MAX"`,
        );
        const rename = (length: number) =>
          db.asCaller(callerFor('member'), (sql) =>
            sql.query(`select public.set_display_name(repeat('n', $1::int))`, [length]),
          );
        await rename(PROFILE_LIMITS.DISPLAY_NAME_MAX_LENGTH);
        await expect(rename(PROFILE_LIMITS.DISPLAY_NAME_MAX_LENGTH + 1)).rejects.toThrow(/^display_name_too_long$/);
        await db.query(`update public.profile set display_name = 'member' where id = $1`, [USERS.member]);
        const { INVITATION_HOURS_DEFAULT: _default, ...limits } = GROUP_LIMITS;
        expect(rows[0]).toEqual(limits);
        const defaults = await db.query<{ d: string }>(
          `select pg_get_function_arguments('public.create_group_invitation'::regproc) as d`,
        );
        expect(defaults.rows[0]!.d).toContain(
          `expires_in_hours integer DEFAULT ${GROUP_LIMITS.INVITATION_HOURS_DEFAULT}`,
        );
      });
    });

    describe('creating a group', () => {
      it('makes its creator the owner, with the chosen categories, and keeps a private one from others', async () => {
        const g = await call<{ id: string; display_name: string; is_private: boolean }>('outsider', 'create_group', {
          display_name: '  The Outsiders  ',
          description: 'Family album',
          is_private: true,
          category_ids: `{${CATEGORIES.shared},${CATEGORIES.shared}}`,
        });
        expect(g).toMatchObject({ display_name: 'The Outsiders', is_private: true });
        expect(await roleOf(g.id, 'outsider')).toBe('owner');
        const cats = await db.query('select category_id from public.group_category where group_id = $1', [g.id]);
        expect(cats.rows).toEqual([{ category_id: CATEGORIES.shared }]);
        expect(await visibleGroups('outsider', g.id)).toBe(1);
        for (const who of ['anon', 'member', 'admin', 'owner'] as const) expect(await visibleGroups(who, g.id)).toBe(0);
        made.push(g.id);
      });

      it('refuses anon, empty or long names, long descriptions and unknown categories', async () => {
        await expect(call('anon', 'create_group', { display_name: 'x' })).rejects.toThrow(/permission denied/);
        const base = { display_name: 'Name', description: '', is_private: false, category_ids: '{}' };
        await refused('outsider', 'create_group', { ...base, display_name: '   ' }, 'group_name_required');
        await refused('outsider', 'create_group', { ...base, display_name: 'x'.repeat(101) }, 'group_name_too_long');
        await refused(
          'outsider',
          'create_group',
          { ...base, description: 'x'.repeat(2001) },
          'group_description_too_long',
        );
        await refused(
          'outsider',
          'create_group',
          { ...base, category_ids: `{${POSTS.pubDone}}` },
          'category_not_found',
        );
        const longest = await call<{ id: string }>('outsider', 'create_group', {
          ...base,
          display_name: 'x'.repeat(100),
        });
        made.push(longest.id);
      });

      it('lets one user own at most OWNED_GROUPS_MAX groups', async () => {
        const owned = Number(
          (
            await db.query<{ n: number }>(
              `select count(*)::int as n from public.group_member where user_id = $1 and role = 'owner'`,
              [USERS.admin],
            )
          ).rows[0]!.n,
        );
        for (let i = owned; i < GROUP_LIMITS.OWNED_GROUPS_MAX; i++)
          made.push((await call<{ id: string }>('admin', 'create_group', { display_name: `G${i}` })).id);
        await refused('admin', 'create_group', { display_name: 'One too many' }, 'too_many_groups');
      });
    });

    describe('editing a group', () => {
      it('lets owners and admins change it; members and outsiders are refused', async () => {
        const g = await newGroup({ members: { admin: 'admin', member: 'member' } });
        const post = await newPost(g, 'member');
        const updated = await call<{ display_name: string; description: string }>('admin', 'update_group', {
          group_id: g,
          display_name: 'Renamed',
          category_ids: `{${CATEGORIES.shared},${CATEGORIES.unused}}`,
        });
        expect(updated).toMatchObject({ display_name: 'Renamed', description: 'For one test' });
        const offered = await db.query<{ category_id: string }>(
          'select category_id from public.group_category where group_id = $1 order by 1',
          [g],
        );
        expect(offered.rows.map((r) => r.category_id)).toEqual([CATEGORIES.shared, CATEGORIES.unused].sort());
        // The post keeps only the links to categories the group still offers.
        const links = await db.query('select category_id from public.post_category where post_id = $1', [post]);
        expect(links.rows).toEqual([{ category_id: CATEGORIES.shared }]);
        await refused('member', 'update_group', { group_id: g, display_name: 'Mine' }, 'not_group_manager');
        await refused('outsider', 'update_group', { group_id: g, display_name: 'Mine' }, 'group_not_found');
        await refused('owner', 'update_group', { group_id: g, display_name: '' }, 'group_name_required');
      });
    });

    describe('invitation links', () => {
      it('are made by owners and admins of private groups, with unguessable tokens, within limits', async () => {
        const g = await newGroup({ members: { admin: 'admin', member: 'member' } });
        const a = await call<{ token: string; expires_at: string; max_uses: number | null }>(
          'owner',
          'create_group_invitation',
          { group_id: g },
        );
        const b = await call<{ token: string; max_uses: number }>('admin', 'create_group_invitation', {
          group_id: g,
          expires_in_hours: 1,
          max_uses: 3,
        });
        expect(a.token).toMatch(/^[0-9a-f]{64}$/);
        expect(b.token).not.toBe(a.token);
        expect(b.max_uses).toBe(3);
        const hours = (Date.parse(a.expires_at) - Date.now()) / 3_600_000;
        expect(hours).toBeGreaterThan(GROUP_LIMITS.INVITATION_HOURS_DEFAULT - 1);
        expect(hours).toBeLessThanOrEqual(GROUP_LIMITS.INVITATION_HOURS_DEFAULT);
        await refused('member', 'create_group_invitation', { group_id: g }, 'not_group_manager');
        await refused('outsider', 'create_group_invitation', { group_id: g }, 'group_not_found');
        await refused(
          'owner',
          'create_group_invitation',
          { group_id: g, expires_in_hours: 0 },
          'invitation_expiry_invalid',
        );
        await refused(
          'owner',
          'create_group_invitation',
          { group_id: g, expires_in_hours: 721 },
          'invitation_expiry_invalid',
        );
        await refused('owner', 'create_group_invitation', { group_id: g, max_uses: 0 }, 'invitation_max_uses_invalid');
        await refused(
          'owner',
          'create_group_invitation',
          { group_id: g, max_uses: 1001 },
          'invitation_max_uses_invalid',
        );
        const pub = await newGroup({ isPrivate: false });
        await refused('owner', 'create_group_invitation', { group_id: pub }, 'invitations_private_only');
        for (let i = 2; i < GROUP_LIMITS.OPEN_INVITATIONS_MAX; i++)
          await call('owner', 'create_group_invitation', { group_id: g });
        await refused('owner', 'create_group_invitation', { group_id: g }, 'too_many_invitations');
      });

      it('let whoever holds one see the group name and status, and join once signed in', async () => {
        const g = await newGroup({ members: { member: 'member' } });
        const inv = await call<{ id: string; token: string }>('owner', 'create_group_invitation', {
          group_id: g,
          max_uses: 1,
        });
        expect(await call('anon', 'group_invitation_preview', { token: inv.token })).toMatchObject({
          status: 'valid',
          group_id: g,
          group_name: 'Fresh group',
          is_member: false,
        });
        await expect(call('anon', 'accept_group_invitation', { token: inv.token })).rejects.toThrow(
          /permission denied/,
        );
        expect(await visibleGroups('outsider', g)).toBe(0);
        const m = await call<{ role: string; user_id: string }>('outsider', 'accept_group_invitation', {
          token: inv.token,
        });
        expect(m).toMatchObject({ role: 'member', user_id: USERS.outsider });
        expect(await visibleGroups('outsider', g)).toBe(1);
        // Accepting again as a member uses nothing up; the one use is gone for anyone else.
        await call('outsider', 'accept_group_invitation', { token: inv.token });
        expect(await call('outsider', 'group_invitation_preview', { token: inv.token })).toMatchObject({
          status: 'used_up',
          is_member: true,
        });
        await refused('author', 'accept_group_invitation', { token: inv.token }, 'invitation_used_up');
        await refused('author', 'accept_group_invitation', { token: 'f'.repeat(63) + '0' }, 'invitation_not_found');
        expect(await call('anon', 'group_invitation_preview', { token: 'nope' })).toEqual({ status: 'not_found' });
      });

      it('stop working when revoked or expired, and say so', async () => {
        const g = await newGroup({ members: { admin: 'admin', member: 'member' } });
        const revoked = await call<{ id: string; token: string }>('owner', 'create_group_invitation', { group_id: g });
        await refused('member', 'revoke_group_invitation', { invitation_id: revoked.id }, 'invitation_not_found');
        await refused('outsider', 'revoke_group_invitation', { invitation_id: revoked.id }, 'invitation_not_found');
        const r = await call<{ revoked_at: string | null }>('admin', 'revoke_group_invitation', {
          invitation_id: revoked.id,
        });
        expect(r.revoked_at).not.toBeNull();
        expect(await call('anon', 'group_invitation_preview', { token: revoked.token })).toMatchObject({
          status: 'revoked',
        });
        await refused('outsider', 'accept_group_invitation', { token: revoked.token }, 'invitation_revoked');

        const expired = await call<{ id: string; token: string }>('owner', 'create_group_invitation', { group_id: g });
        await db.query(`update public.group_invitation set expires_at = now() - interval '1 second' where id = $1`, [
          expired.id,
        ]);
        expect(await call('anon', 'group_invitation_preview', { token: expired.token })).toMatchObject({
          status: 'expired',
        });
        await refused('outsider', 'accept_group_invitation', { token: expired.token }, 'invitation_expired');
        expect(await roleOf(g, 'outsider')).toBeNull();
      });
    });

    describe('joining and leaving', () => {
      it('lets a signed-in user join and leave a public group, idempotently', async () => {
        const g = await newGroup({ isPrivate: false });
        const m = await call<{ role: string }>('outsider', 'join_group', { group_id: g });
        expect(m.role).toBe('member');
        expect((await call<{ role: string }>('outsider', 'join_group', { group_id: g })).role).toBe('member');
        // "Your groups": the membership is visible to its user.
        const mine = await queryAs(
          'outsider',
          'select group_id from public.group_member where user_id = $1 and group_id = $2',
          [USERS.outsider, g],
        );
        expect(mine).toHaveLength(1);
        expect(await call('outsider', 'leave_group', { group_id: g })).toBe(true);
        expect(await roleOf(g, 'outsider')).toBeNull();
        await refused('outsider', 'leave_group', { group_id: g }, 'not_group_member');
        await expect(call('anon', 'join_group', { group_id: g })).rejects.toThrow(/permission denied/);
      });

      it('never lets anyone join a private group without a link', async () => {
        await refused('outsider', 'join_group', { group_id: GROUPS.priv }, 'group_not_found');
        await refused('member', 'join_group', { group_id: GROUPS.priv }, 'group_is_private');
        await refused('outsider', 'join_group', { group_id: POSTS.pubDone }, 'group_not_found');
      });

      it('lets anyone but the owner leave', async () => {
        const g = await newGroup({ members: { admin: 'admin', member: 'member' } });
        await refused('owner', 'leave_group', { group_id: g }, 'last_owner_cannot_leave');
        expect(await call('admin', 'leave_group', { group_id: g })).toBe(true);
        expect(await call('member', 'leave_group', { group_id: g })).toBe(true);
        expect(await visibleGroups('member', g)).toBe(0);
        await refused('outsider', 'leave_group', { group_id: g }, 'group_not_found');
      });
    });

    describe('members and roles', () => {
      it('lets owners and admins remove members, who lose access at once', async () => {
        const g = await newGroup({ members: { admin: 'admin', member: 'member', author: 'member' } });
        const post = await newPost(g, 'member');
        expect(await call('admin', 'remove_group_member', { group_id: g, user_id: USERS.member })).toBe(true);
        expect(await visibleGroups('member', g)).toBe(0);
        expect(await queryAs('member', 'select 1 from public.post where id = $1', [post])).toHaveLength(0);
        expect(await call('owner', 'remove_group_member', { group_id: g, user_id: USERS.author })).toBe(true);
        expect(await roleOf(g, 'author')).toBeNull();
      });

      it('keeps the owner and admins from being removed by the wrong people', async () => {
        const g = await newGroup({ members: { admin: 'admin', member: 'member', author: 'admin' } });
        await refused('admin', 'remove_group_member', { group_id: g, user_id: USERS.owner }, 'cannot_remove_owner');
        await refused(
          'admin',
          'remove_group_member',
          { group_id: g, user_id: USERS.author },
          'only_owner_removes_admins',
        );
        await refused('member', 'remove_group_member', { group_id: g, user_id: USERS.author }, 'not_group_manager');
        await refused('owner', 'remove_group_member', { group_id: g, user_id: USERS.owner }, 'cannot_change_self');
        await refused('owner', 'remove_group_member', { group_id: g, user_id: USERS.outsider }, 'member_not_found');
        await refused('outsider', 'remove_group_member', { group_id: g, user_id: USERS.member }, 'group_not_found');
        expect(await call('owner', 'remove_group_member', { group_id: g, user_id: USERS.author })).toBe(true);
      });

      it('lets owners and admins promote and demote admins, never the owner', async () => {
        const g = await newGroup({ members: { admin: 'admin', member: 'member', author: 'member' } });
        expect(
          await call<{ role: string }>('admin', 'set_group_member_role', {
            group_id: g,
            user_id: USERS.member,
            role: 'admin',
          }),
        ).toMatchObject({ role: 'admin', user_id: USERS.member });
        await call('owner', 'set_group_member_role', { group_id: g, user_id: USERS.member, role: 'member' });
        expect(await roleOf(g, 'member')).toBe('member');
        const args = { group_id: g, user_id: USERS.owner, role: 'member' };
        await refused('admin', 'set_group_member_role', args, 'cannot_change_owner_role');
        await refused(
          'owner',
          'set_group_member_role',
          { ...args, user_id: USERS.author, role: 'owner' },
          'invalid_role',
        );
        await refused(
          'member',
          'set_group_member_role',
          { ...args, user_id: USERS.author, role: 'admin' },
          'not_group_manager',
        );
        await refused('admin', 'set_group_member_role', { ...args, user_id: USERS.admin }, 'cannot_change_self');
      });

      it('lets only the owner hand the group over; the old owner becomes an admin', async () => {
        const g = await newGroup({ members: { admin: 'admin', member: 'member' } });
        await refused('admin', 'transfer_group_ownership', { group_id: g, user_id: USERS.member }, 'not_group_owner');
        await refused(
          'owner',
          'transfer_group_ownership',
          { group_id: g, user_id: USERS.outsider },
          'member_not_found',
        );
        const m = await call<{ role: string }>('owner', 'transfer_group_ownership', {
          group_id: g,
          user_id: USERS.member,
        });
        expect(m).toMatchObject({ role: 'owner', user_id: USERS.member });
        expect([await roleOf(g, 'owner'), await roleOf(g, 'member')]).toEqual(['admin', 'owner']);
        expect(await call('owner', 'leave_group', { group_id: g })).toBe(true);
      });

      it('shows members their fellow members with display names, and nobody else', async () => {
        const g = await newGroup({ members: { member: 'member' } });
        const list = (who: Who) =>
          queryAs(
            who,
            `select p.display_name, m.role from public.group_member m join public.profile p on p.id = m.user_id
             where m.group_id = $1 order by m.role desc`,
            [g],
          );
        expect(await list('member')).toEqual([
          { display_name: 'owner', role: 'owner' },
          { display_name: 'member', role: 'member' },
        ]);
        expect(await list('outsider')).toEqual([]);
      });
    });

    describe('posts', () => {
      it('lets the author edit description, photo type and categories the group offers', async () => {
        const g = await newGroup({ members: { member: 'member', author: 'member' } });
        const post = await newPost(g, 'author');
        const p = await call<{ description: string | null; photo_type: string }>('author', 'update_post', {
          post_id: post,
          description: ' Sunset ',
          photo_type: 'FILM',
          category_ids: `{${CATEGORIES.privOnly}}`,
        });
        expect(p).toMatchObject({ description: 'Sunset', photo_type: 'FILM' });
        const links = await db.query('select category_id from public.post_category where post_id = $1', [post]);
        expect(links.rows).toEqual([{ category_id: CATEGORIES.privOnly }]);
        expect(await call('author', 'update_post', { post_id: post, description: '' })).toMatchObject({
          description: null,
          photo_type: 'FILM',
        });
        await refused(
          'author',
          'update_post',
          { post_id: post, category_ids: `{${CATEGORIES.unused}}` },
          'category_not_offered',
        );
        await refused(
          'author',
          'update_post',
          { post_id: post, description: 'x'.repeat(201) },
          'post_description_too_long',
        );
        await refused('member', 'update_post', { post_id: post, description: 'Mine' }, 'not_post_author');
        await refused('owner', 'update_post', { post_id: post, description: 'Mine' }, 'not_post_author');
        await refused('outsider', 'update_post', { post_id: post, description: 'Mine' }, 'post_not_found');
        await expect(call('anon', 'update_post', { post_id: post })).rejects.toThrow(/permission denied/);
      });

      it('lets the author, an owner or an admin delete a post, and queues its photo for removal', async () => {
        const g = await newGroup({ members: { admin: 'admin', member: 'member', author: 'member' } });
        const own = await newPost(g, 'author');
        const byAdmin = await newPost(g, 'author');
        const byOwner = await newPost(g, 'author');
        const pending = await newPost(g, 'author', false);
        await refused('member', 'delete_post', { post_id: own }, 'cannot_remove_post');
        await refused('outsider', 'delete_post', { post_id: own }, 'post_not_found');
        await refused('admin', 'delete_post', { post_id: pending }, 'post_not_found');
        expect(await queued(own)).toBe(0);
        expect(await call('author', 'delete_post', { post_id: own })).toBe(true);
        expect(await call('admin', 'delete_post', { post_id: byAdmin })).toBe(true);
        expect(await call('owner', 'delete_post', { post_id: byOwner })).toBe(true);
        for (const id of [own, byAdmin, byOwner]) {
          expect(await queued(id)).toBe(1);
          expect((await db.query('select 1 from public.post where id = $1', [id])).rowCount).toBe(0);
          // Nobody can read the photo object any more, even before the storage API removes it.
          const obj = await queryAs('author', 'select 1 from storage.objects where name = $1', [
            `posts/${id}/photo.jpg`,
          ]);
          expect(obj).toHaveLength(0);
        }
        await refused('author', 'delete_post', { post_id: own }, 'post_not_found');
      });
    });

    describe('deleting a group', () => {
      it('is for the owner only, and takes members, invitations, posts and (queued) photos with it', async () => {
        const g = await newGroup({ members: { admin: 'admin', member: 'member' } });
        const posts = [await newPost(g, 'member'), await newPost(g, 'admin', false)];
        await call('owner', 'create_group_invitation', { group_id: g });
        await refused('admin', 'delete_group', { group_id: g }, 'not_group_owner');
        await refused('outsider', 'delete_group', { group_id: g }, 'group_not_found');
        expect(await call('owner', 'delete_group', { group_id: g })).toBe(true);
        const left = await db.query<Record<string, number>>(
          `select (select count(*)::int from public."group" where id = $1) as groups,
                  (select count(*)::int from public.group_member where group_id = $1) as members,
                  (select count(*)::int from public.group_invitation where group_id = $1) as invitations,
                  (select count(*)::int from public.group_category where group_id = $1) as categories,
                  (select count(*)::int from public.post where group_id = $1) as posts`,
          [g],
        );
        expect(left.rows[0]).toEqual({ groups: 0, members: 0, invitations: 0, categories: 0, posts: 0 });
        for (const id of posts) expect(await queued(id)).toBe(1);
      });

      it('queues the photos of an account’s posts when the account is deleted', async () => {
        const g = await newGroup({ isPrivate: false });
        const leaving = await insertAccount(db, 'leaving@rls.test');
        const post = await insertPost(db, { groupId: g, authorId: leaving, uploaded: true });
        await db.query('delete from auth.users where id = $1', [leaving]);
        expect(await queued(post)).toBe(1);
      });
    });

    describe('through the embedded GraphQL API', () => {
      it('exposes the rules as mutations and my_role / member_count as fields of group', async () => {
        const graphql = createGraphqlService(db);
        const run = (who: Who, query: string, variables?: Record<string, unknown>) =>
          graphql.execute(callerFor(who), { query, variables });
        const created = await run(
          'admin',
          `mutation($c: [UUID]) { create_group(display_name: "Through GraphQL", description: "", is_private: true, category_ids: $c) {
             id display_name is_private my_role member_count } }`,
          { c: [CATEGORIES.shared] },
        );
        const group = (created.data as { create_group: { id: string } }).create_group;
        // Computed fields read the statement's snapshot, from before the function's own writes (as in pg_graphql).
        expect(group).toMatchObject({
          display_name: 'Through GraphQL',
          is_private: true,
          my_role: null,
          member_count: null,
        });
        made.push(group.id);
        const mine = await run(
          'admin',
          `query($g: UUID) { groupCollection(filter: { id: { eq: $g } }) { edges { node { my_role member_count } } } }`,
          { g: group.id },
        );
        expect(mine).toEqual({
          data: { groupCollection: { edges: [{ node: { my_role: 'owner', member_count: 1 } }] } },
        });
        const invited = await run(
          'admin',
          `mutation($g: UUID) { create_group_invitation(group_id: $g, max_uses: 2) { token group { id } } }`,
          {
            g: group.id,
          },
        );
        const token = (invited.data as { create_group_invitation: { token: string } }).create_group_invitation.token;
        const preview = await run('anon', `query($t: String) { group_invitation_preview(token: $t) }`, { t: token });
        expect(
          invitationPreviewSchema.parse(
            JSON.parse((preview.data as { group_invitation_preview: string }).group_invitation_preview),
          ),
        ).toMatchObject({
          status: 'valid',
          group_name: 'Through GraphQL',
        });
        const accepted = await run(
          'outsider',
          `mutation($t: String) { accept_group_invitation(token: $t) { role profile { display_name } } }`,
          {
            t: token,
          },
        );
        expect(accepted).toEqual({
          data: { accept_group_invitation: { role: 'member', profile: { display_name: 'outsider' } } },
        });
        const seen = await run(
          'outsider',
          `query($g: UUID) { groupCollection(filter: { id: { eq: $g } }) { edges { node { my_role member_count
             group_memberCollection { edges { node { role profile { display_name } } } } } } } }`,
          { g: group.id },
        );
        expect(seen).toMatchObject({
          data: { groupCollection: { edges: [{ node: { my_role: 'member', member_count: 2 } }] } },
        });
        const refusedByApi = await run('outsider', `mutation($g: UUID) { delete_group(group_id: $g) }`, {
          g: group.id,
        });
        expect(refusedByApi).toEqual({ data: null, errors: [{ message: 'not_group_owner' }] });
        const anonSchema = await run('anon', `mutation { delete_group(group_id: "${group.id}") }`);
        expect(anonSchema.errors?.[0]?.message).toMatch(/Unknown/);
        expect(await run('admin', `mutation($g: UUID) { delete_group(group_id: $g) }`, { g: group.id })).toEqual({
          data: { delete_group: true },
        });
        // The fixture's invitation is untouched by all of this.
        expect(await call('anon', 'group_invitation_preview', { token: INVITATION.token })).toMatchObject({
          status: 'valid',
          group_id: GROUPS.priv,
        });
      });
    });
  });
}
