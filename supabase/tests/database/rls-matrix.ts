/**
 * The row level security matrix of supabase/migrations: for each caller (anon, a signed-in outsider, a
 * member of the private group, the author of its posts) what every table, storage.objects and the helper
 * functions show, and that no client write gets through. Defined once, run on PGlite and on PostgreSQL.
 */
import { describe, expect, it } from 'vitest';
import type { OpenedDatabase } from '../../../packages/backend/src/db/index.ts';
import { SERVICE_ROLE } from '../../../packages/backend/testing/callers.ts';
import { ruleCallsOn } from './rule-calls.ts';
import {
  CATEGORIES,
  GROUPS,
  POSTS,
  USERS,
  WHO,
  callerFor,
  insertAccount,
  INVITATION,
  objectName,
  PRIVATE_ROLES,
  worldForSuite,
  type PostName,
  type Who,
} from './rls-world.ts';

const TABLES = [
  'group',
  'category',
  'group_category',
  'post',
  'post_category',
  'group_member',
  'group_invitation',
  'photo_deletion',
  'post_like',
  'post_comment',
  'content_report',
] as const;
/**
 * Every table of public: the read-only ones above plus profile, which its owner may rename, and
 * handle-post-create's idempotency keys, which no client role reads.
 */
const ALL_TABLES = [...TABLES, 'profile', 'post_idempotency'] as const;

const VISIBLE_POSTS: Record<Who, PostName[]> = {
  anon: ['pubDone'],
  outsider: ['pubDone'],
  member: ['pubDone', 'privDone'],
  admin: ['pubDone', 'privDone'],
  owner: ['pubDone', 'privDone'],
  author: ['pubDone', 'pubPending', 'privDone', 'privPending'],
};
const seesPrivate = (who: Who) => PRIVATE_ROLES[who] !== undefined;

/** The functions pg_graphql exposes (supabase/migrations/20261124000200_groups.sql). */
const API_FUNCTIONS = [
  '_member_count',
  '_my_role',
  '_can_take_part',
  '_liked_by_me',
  '_reported_by_me',
  '_comment_reported_by_me',
  '_open_report_count',
  'accept_group_invitation',
  'add_comment',
  'delete_comment',
  'dismiss_report',
  'edit_comment',
  'report_comment',
  'report_post',
  'set_post_like',
  'set_display_name',
  'keep_display_name',
  'create_group',
  'create_group_invitation',
  'delete_group',
  'delete_post',
  'group_invitation_preview',
  'join_group',
  'leave_group',
  'remove_group_member',
  'revoke_group_invitation',
  'set_group_member_role',
  'transfer_group_ownership',
  'update_group',
  'update_post',
];
/**
 * What a signed-out visitor may call: the invitation landing page, the member count on group cards, and the
 * answers the heart, the comment box and a comment's Report need (false for a visitor).
 */
const ANON_FUNCTIONS = [
  '_can_take_part',
  '_comment_reported_by_me',
  '_liked_by_me',
  '_member_count',
  'group_invitation_preview',
];

function sorted(values: string[]): string[] {
  return [...values].sort();
}

/** What each write attempt does for a client: the statement and a sample row. */
const WRITES: Record<(typeof TABLES)[number], { insert: string; update: string; delete: string }> = {
  group: {
    insert: `insert into public."group" (display_name, is_private) values ('Mine', false)`,
    update: `update public."group" set display_name = 'Hacked'`,
    delete: `delete from public."group"`,
  },
  category: {
    insert: `insert into public.category (name, display_name) values ('mine', 'Mine')`,
    update: `update public.category set display_name = 'Hacked'`,
    delete: `delete from public.category`,
  },
  group_category: {
    insert: `insert into public.group_category (group_id, category_id) values ('${GROUPS.pub}', '${CATEGORIES.unused}')`,
    update: `update public.group_category set category_id = '${CATEGORIES.unused}'`,
    delete: `delete from public.group_category`,
  },
  post: {
    insert: `insert into public.post (file_name, group_id, author_id, meta_width, meta_height, photo_type, has_uploaded_photo)
             values ('x.jpg', '${GROUPS.pub}', '${USERS.outsider}', 1, 1, 'DIGITAL', true)`,
    update: `update public.post set has_uploaded_photo = true, description = 'Hacked'`,
    delete: `delete from public.post`,
  },
  post_category: {
    insert: `insert into public.post_category (post_id, category_id) values ('${POSTS.pubDone}', '${CATEGORIES.unused}')`,
    update: `update public.post_category set category_id = '${CATEGORIES.unused}'`,
    delete: `delete from public.post_category`,
  },
  group_member: {
    insert: `insert into public.group_member (group_id, user_id, role) values ('${GROUPS.priv}', '${USERS.outsider}', 'owner')`,
    update: `update public.group_member set role = 'member'`,
    delete: `delete from public.group_member`,
  },
  group_invitation: {
    insert: `insert into public.group_invitation (group_id, expires_at) values ('${GROUPS.priv}', now() + interval '1 day')`,
    update: `update public.group_invitation set revoked_at = null, max_uses = null, use_count = 0`,
    delete: `delete from public.group_invitation`,
  },
  photo_deletion: {
    insert: `insert into public.photo_deletion (bucket_id, name) values ('photography', 'posts/x/y.jpg')`,
    update: `update public.photo_deletion set name = 'x'`,
    delete: `delete from public.photo_deletion`,
  },
  post_like: {
    insert: `insert into public.post_like (post_id, user_id) values ('${POSTS.pubDone}', '${USERS.outsider}')`,
    update: `update public.post_like set user_id = '${USERS.outsider}'`,
    delete: `delete from public.post_like`,
  },
  post_comment: {
    insert: `insert into public.post_comment (post_id, group_id, author_id, body)
             values ('${POSTS.pubDone}', '${GROUPS.pub}', '${USERS.outsider}', 'Sneaked in')`,
    update: `update public.post_comment set body = 'Hacked'`,
    delete: `delete from public.post_comment`,
  },
  content_report: {
    insert: `insert into public.content_report (group_id, post_id, reporter_id, reason)
             values ('${GROUPS.pub}', '${POSTS.pubDone}', '${USERS.outsider}', 'spam')`,
    update: `update public.content_report set reason = 'other'`,
    delete: `delete from public.content_report`,
  },
};

export function defineRlsMatrix(label: string, open: () => Promise<OpenedDatabase>): void {
  describe(`row level security matrix on ${label}`, () => {
    const db = worldForSuite(open);
    const { queryAs: select } = ruleCallsOn(db);

    it('has row level security on every table of public and on storage.objects', async () => {
      const { rows } = await db.query<{ name: string; rls: boolean }>(
        `select c.relname as name, c.relrowsecurity as rls from pg_class c join pg_namespace n on n.oid = c.relnamespace
         where n.nspname = 'public' and c.relkind = 'r' order by 1`,
      );
      expect(sorted(rows.map((r) => r.name))).toEqual(sorted([...ALL_TABLES]));
      expect(rows.every((r) => r.rls)).toBe(true);
      const storage = await db.query<{ rls: boolean }>(
        `select relrowsecurity as rls from pg_class where oid = 'storage.objects'::regclass`,
      );
      expect(storage.rows[0]?.rls).toBe(true);
    });

    for (const who of WHO) {
      describe(`as ${who}`, () => {
        it('sees public groups, and the private one only as a member', async () => {
          const rows = await select<{ id: string }>(who, 'select id from public."group"');
          expect(sorted(rows.map((r) => r.id))).toEqual(
            sorted(seesPrivate(who) ? [GROUPS.pub, GROUPS.priv] : [GROUPS.pub]),
          );
        });

        it('reads every category', async () => {
          const rows = await select<{ id: string }>(who, 'select id from public.category');
          expect(sorted(rows.map((r) => r.id))).toEqual(sorted(Object.values(CATEGORIES)));
        });

        it("sees a group's category links only where the group is visible", async () => {
          const rows = await select<{ group_id: string; category_id: string }>(
            who,
            'select group_id, category_id from public.group_category',
          );
          const expected = [`${GROUPS.pub}/${CATEGORIES.shared}`];
          if (seesPrivate(who))
            expected.push(`${GROUPS.priv}/${CATEGORIES.shared}`, `${GROUPS.priv}/${CATEGORIES.privOnly}`);
          expect(sorted(rows.map((r) => `${r.group_id}/${r.category_id}`))).toEqual(sorted(expected));
        });

        it('sees uploaded posts of visible groups, and in-progress posts only as their author', async () => {
          const rows = await select<{ id: string }>(who, 'select id from public.post');
          expect(sorted(rows.map((r) => r.id))).toEqual(sorted(VISIBLE_POSTS[who].map((p) => POSTS[p])));
        });

        it("sees a post's category links exactly where it sees the post", async () => {
          const rows = await select<{ post_id: string }>(who, 'select post_id from public.post_category');
          expect(sorted(rows.map((r) => r.post_id))).toEqual(sorted(VISIBLE_POSTS[who].map((p) => POSTS[p])));
        });

        it('sees the members of its own groups only', async () => {
          const rows = await select<{ user_id: string }>(who, 'select user_id from public.group_member');
          expect(sorted(rows.map((r) => r.user_id))).toEqual(
            seesPrivate(who) ? sorted([USERS.author, USERS.member, USERS.admin, USERS.owner]) : [],
          );
        });

        it('sees invitation links (with their tokens) only as owner or admin of their group', async () => {
          const read = await select<{ id: string }>(who, 'select id from public.group_invitation').then(
            (rows) => rows.map((x) => x.id),
            (e: Error) => e.message,
          );
          if (who === 'anon') expect(read).toMatch(/permission denied/);
          else expect(read).toEqual(who === 'owner' || who === 'admin' ? [INVITATION.id] : []);
        });

        it('cannot read the queue of photos to delete', async () => {
          await expect(select(who, 'select * from public.photo_deletion')).rejects.toThrow(/permission denied/);
        });

        it("cannot read handle-post-create's idempotency keys", async () => {
          await expect(select(who, 'select * from public.post_idempotency')).rejects.toThrow(/permission denied/);
        });

        it("reads a post's photo object exactly where it sees the post, and no stray object", async () => {
          const rows = await select<{ name: string }>(
            who,
            `select name from storage.objects where bucket_id = 'photography'`,
          );
          expect(sorted(rows.map((r) => r.name))).toEqual(sorted(VISIBLE_POSTS[who].map(objectName)));
        });

        it('sees the photography bucket', async () => {
          const rows = await select<{ id: string; public: boolean }>(who, 'select id, public from storage.buckets');
          expect(rows).toEqual([{ id: 'photography', public: false }]);
        });

        it('is told by the helpers what it may view and where it may post', async () => {
          const [row] = await select<Record<string, boolean>>(
            who,
            `select private.can_view_group($1) as view_pub, private.can_view_group($2) as view_priv,
                    private.can_post_in_group($1) as post_pub, private.can_post_in_group($2) as post_priv,
                    private.is_group_member($2) as member_priv,
                    private.can_post_in_group('${POSTS.pubDone}') as post_unknown`,
            [GROUPS.pub, GROUPS.priv],
          );
          expect(row).toEqual({
            view_pub: true,
            view_priv: seesPrivate(who),
            // Posting needs membership, and the public group has no members in the fixture.
            post_pub: false,
            post_priv: seesPrivate(who),
            member_priv: seesPrivate(who),
            post_unknown: false,
          });
        });

        it('is refused by the post-create RPC exactly where the policies refuse it (one rule, two callers)', async () => {
          const groups = { pub: GROUPS.pub, priv: GROUPS.priv, unknown: POSTS.pubDone };
          const userId = who === 'anon' ? null : USERS[who];
          for (const [name, groupId] of Object.entries(groups)) {
            const [policy] = await select<{ may: boolean }>(who, 'select private.can_post_in_group($1) as may', [
              groupId,
            ]);
            const rpc = await db.asCaller(SERVICE_ROLE, (sql) =>
              sql.query<{ answer: string }>(`select public.post_create_check($1, $2, '{}') as answer`, [
                userId,
                groupId,
              ]),
            );
            expect([name, rpc.rows[0]!.answer === 'ok'], `${who} posting into ${name}`).toEqual([name, policy!.may]);
          }
        });

        it('is refused group management by the RPCs exactly where the rule refuses it (one rule, two callers)', async () => {
          const groups = { pub: GROUPS.pub, priv: GROUPS.priv, unknown: POSTS.pubDone };
          for (const [name, groupId] of Object.entries(groups)) {
            const [rule] = await select<{ may: boolean }>(who, 'select private.can_manage_group($1) as may', [groupId]);
            // update_group with nothing to change: its role check is the management rule's only effect.
            const rpc = await db.asCaller(callerFor(who), async (sql) => {
              await sql.query('savepoint manage');
              try {
                await sql.query('select public.update_group($1)', [groupId]);
                return 'ok';
              } catch (error) {
                return error instanceof Error ? error.message : String(error);
              } finally {
                await sql.query('rollback to savepoint manage');
              }
            });
            expect([name, rpc === 'ok'], `${who} managing ${name}: ${rpc}`).toEqual([name, rule!.may]);
          }
        });

        it('is told why the post-create RPC refuses it: join a public group, a private one looks missing', async () => {
          const userId = who === 'anon' ? null : USERS[who];
          const answers = await db.asCaller(SERVICE_ROLE, (sql) =>
            sql.query<{ pub: string; priv: string }>(
              `select public.post_create_check($1, $2, '{}') as pub, public.post_create_check($1, $3, '{}') as priv`,
              [userId, GROUPS.pub, GROUPS.priv],
            ),
          );
          expect(answers.rows[0]).toEqual(
            who === 'anon'
              ? { pub: 'not_signed_in', priv: 'not_signed_in' }
              : { pub: 'join_to_post', priv: seesPrivate(who) ? 'ok' : 'group_not_found' },
          );
        });

        for (const table of TABLES) {
          it(`cannot insert, update or delete ${table}`, async () => {
            const w = WRITES[table];
            for (const statement of [w.insert, w.update, w.delete]) {
              await expect(select(who, statement), statement).rejects.toThrow(/permission denied/);
            }
          });
        }

        it('reads every profile name, and no e-mail through it', async () => {
          const rows = await select<Record<string, unknown>>(who, 'select * from public.profile');
          expect(sorted(rows.map((r) => String(r.id)))).toEqual(sorted(Object.values(USERS)));
          expect(Object.keys(rows[0]!).sort()).toEqual(['created_at', 'display_name', 'id', 'name_chosen']);
          expect(rows.find((r) => r.id === USERS.author)?.display_name).toBe('author');
        });

        // Renaming goes through public.set_display_name (profile-rules.ts), never a direct write.
        it('writes no profile directly: no insert, update or delete', async () => {
          for (const statement of [
            `insert into public.profile (id, display_name) values ('${USERS.outsider}', 'Me')`,
            `update public.profile set display_name = display_name || ' (renamed)'`,
            `update public.profile set name_chosen = true`,
            `delete from public.profile`,
          ])
            await expect(select(who, statement), statement).rejects.toThrow(/permission denied/);
        });

        it('cannot write photo objects', async () => {
          await expect(
            db.asCaller(callerFor(who), (sql) =>
              sql.query(`insert into storage.objects (bucket_id, name, metadata) values ('photography', $1, '{}')`, [
                `posts/${POSTS.pubDone}/evil.jpg`,
              ]),
            ),
          ).rejects.toThrow(/row-level security/);
          const updated = await db.asCaller(callerFor(who), (sql) =>
            sql.query(`update storage.objects set name = name || '.moved' where bucket_id = 'photography'`),
          );
          const deleted = await db.asCaller(callerFor(who), (sql) =>
            sql.query(`delete from storage.objects where bucket_id = 'photography'`),
          );
          expect([updated.rowCount, deleted.rowCount]).toEqual([0, 0]);
        });
      });
    }

    it('left every row in place after the refused writes', async () => {
      const counts = await db.query<Record<string, number>>(
        `select (select count(*)::int from public."group") as groups, (select count(*)::int from public.post) as posts,
                (select count(*)::int from public.post_category) as post_categories,
                (select count(*)::int from public.group_member) as members,
                (select count(*)::int from storage.objects where name like '%.moved' or name like '%evil%') as tampered,
                (select count(*)::int from public.post where description = 'Hacked') as hacked`,
      );
      expect(counts.rows[0]).toEqual({ groups: 2, posts: 4, post_categories: 4, members: 4, tampered: 0, hacked: 0 });
    });

    it('refuses a category link the post’s group does not offer, even from the service role', async () => {
      await expect(
        db.asCaller(SERVICE_ROLE, (sql) =>
          sql.query('insert into public.post_category (post_id, category_id) values ($1, $2)', [
            POSTS.pubDone,
            CATEGORIES.privOnly,
          ]),
        ),
      ).rejects.toThrow(/not offered by the group/);
      await db.asCaller(SERVICE_ROLE, (sql) =>
        sql.query('insert into public.post_category (post_id, category_id) values ($1, $2)', [
          POSTS.privDone,
          CATEGORIES.privOnly,
        ]),
      );
      const rows = await db.query('select 1 from public.post_category where post_id = $1 and category_id = $2', [
        POSTS.privDone,
        CATEGORIES.privOnly,
      ]);
      expect(rows.rowCount).toBe(1);
    });

    it('lets the service role create and show a post (what handle-post-create does)', async () => {
      const postId = await db.asCaller(SERVICE_ROLE, async (sql) => {
        const { rows } = await sql.query<{ id: string }>(
          `insert into public.post (file_name, group_id, author_id, meta_width, meta_height, photo_type)
           values ('new.jpg', $1, $2, 10, 10, 'FILM') returning id`,
          [GROUPS.pub, USERS.outsider],
        );
        return rows[0]!.id;
      });
      const hidden = await select<{ id: string }>('anon', 'select id from public.post where id = $1', [postId]);
      const own = await select<{ id: string }>('outsider', 'select id from public.post where id = $1', [postId]);
      expect([hidden.length, own.length]).toEqual([0, 1]);
      await db.asCaller(SERVICE_ROLE, (sql) =>
        sql.query('update public.post set has_uploaded_photo = true where id = $1', [postId]),
      );
      expect(await select<{ id: string }>('anon', 'select id from public.post where id = $1', [postId])).toHaveLength(
        1,
      );
      await db.asCaller(SERVICE_ROLE, (sql) => sql.query('delete from public.post where id = $1', [postId]));
    });

    it('gives every new account a profile: the name it signed up with, else a generated one, never its e-mail', async () => {
      const ids = ['e0000000-0000-4000-8000-000000000001', 'e0000000-0000-4000-8000-000000000002'];
      await insertAccount(db, 'named@rls.test', { id: ids[0], metadata: { display_name: '  Grace Hopper ' } });
      await insertAccount(db, 'plain.name@rls.test', { id: ids[1] });
      const { rows } = await db.query<{ id: string; display_name: string }>(
        'select id, display_name from public.profile where id = any($1::uuid[]) order by id',
        [`{${ids.join(',')}}`],
      );
      expect(rows).toEqual([
        { id: ids[0], display_name: 'Grace Hopper' },
        { id: ids[1], display_name: 'Member E000' },
      ]);
      await db.query('delete from auth.users where id = any($1::uuid[])', [`{${ids.join(',')}}`]);
      const left = await db.query('select 1 from public.profile where id = any($1::uuid[])', [`{${ids.join(',')}}`]);
      expect(left.rowCount).toBe(0);
    });

    it('exposes exactly the API functions in public, each SECURITY DEFINER with an empty search_path', async () => {
      const { rows } = await db.query<{ name: string; definer: boolean; config: string[] | null; anon: boolean }>(
        `select p.proname as name, p.prosecdef as definer, p.proconfig as config,
                has_function_privilege('anon', p.oid, 'EXECUTE') as anon
         from pg_proc p join pg_namespace n on n.oid = p.pronamespace
         where n.nspname = 'public'
           and (has_function_privilege('anon', p.oid, 'EXECUTE') or has_function_privilege('authenticated', p.oid, 'EXECUTE'))
         order by 1`,
      );
      expect(rows.map((r) => r.name)).toEqual(sorted([...API_FUNCTIONS]));
      // The rest of public's functions are handle-post-create's RPCs and the placeholder backfill's
      // (supabase/backfill/placeholders.ts), which the service role alone may execute.
      const serviceOnly = await db.query<{ name: string }>(
        `select p.proname as name from pg_proc p join pg_namespace n on n.oid = p.pronamespace
          where n.nspname = 'public'
            and not has_function_privilege('anon', p.oid, 'EXECUTE')
            and not has_function_privilege('authenticated', p.oid, 'EXECUTE')
          order by 1`,
      );
      expect(serviceOnly.rows.map((r) => r.name)).toEqual([
        'post_create',
        'post_create_check',
        'post_create_lookup',
        'post_set_thumbhash',
      ]);
      for (const r of rows) {
        expect(r.definer, r.name).toBe(true);
        expect(r.config, r.name).toEqual(['search_path=""']);
        expect(r.anon, r.name).toBe(ANON_FUNCTIONS.includes(r.name));
      }
    });
  });
}
