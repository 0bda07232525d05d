/**
 * The rules of supabase/migrations/20261129000100_social.sql, caller by caller: likes, comments, reports,
 * their counts, limits and what each caller may read. Functions are called as pg_graphql calls them (in a
 * transaction as the caller's role with their claims). Defined once, run on PGlite and on PostgreSQL.
 */
import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { GROUP_RULE_MESSAGES, groupRuleMessage, REPORT_REASONS, SOCIAL_LIMITS } from '@snapshire/contracts';
import { describe, expect, it } from 'vitest';
import { DEFAULT_PROJECT_DIR } from '../../../packages/backend/src/config/config.ts';
import type { OpenedDatabase } from '../../../packages/backend/src/db/index.ts';
import { userCaller } from '../../../packages/backend/testing/callers.ts';
import { codesRaisedBy, everyone, expectWordsForEach, itTellsWhoMayCall, ruleCallsOn } from './rule-calls.ts';
import { GROUPS, POSTS, USERS, insertAccount, insertPost, worldForSuite, type Who } from './rls-world.ts';

const SOCIAL_MIGRATION = resolve(DEFAULT_PROJECT_DIR, 'migrations/20261129000100_social.sql');

export function defineSocialRules(label: string, open: () => Promise<OpenedDatabase>): void {
  describe(`likes, comments and reports on ${label}`, () => {
    const db = worldForSuite(open);

    const { call, refused, queryAs } = ruleCallsOn(db);
    /** A finished post by the author in the private group, gone after the test that made it. */
    const newPost = (groupId: string = GROUPS.priv) =>
      insertPost(db, { groupId, authorId: USERS.author, uploaded: true });
    const counts = async (postId: string) =>
      (
        await db.query<{ like_count: number; comment_count: number }>(
          'select like_count, comment_count from public.post where id = $1',
          [postId],
        )
      ).rows[0];

    describe('who may call what (on the fixture, each call rolled back)', () => {
      itTellsWhoMayCall(db, [
        // Members of the private group take part; to everyone else its posts do not exist.
        ['set_post_like', { post_id: POSTS.privDone, liked: true }, everyone('ok', { outsider: 'post_not_found' })],
        ['add_comment', { post_id: POSTS.privDone, body: 'Lovely' }, everyone('ok', { outsider: 'post_not_found' })],
        [
          'add_comment',
          { post_id: POSTS.privDone, body: ' \n ' },
          everyone('comment_empty', { outsider: 'post_not_found' }),
        ],
        // The public group has no members in the fixture: seeing is not taking part.
        ['set_post_like', { post_id: POSTS.pubDone, liked: true }, everyone('join_to_take_part')],
        ['add_comment', { post_id: POSTS.pubDone, body: 'Lovely' }, everyone('join_to_take_part')],
        // A post still uploading is nobody's to like, not even its author's.
        ['set_post_like', { post_id: POSTS.privPending, liked: true }, everyone('post_not_found')],
        // Anyone signed in who sees a post may report it.
        ['report_post', { post_id: POSTS.pubDone, reason: 'spam' }, everyone('ok')],
        ['report_post', { post_id: POSTS.privDone, reason: 'spam' }, everyone('ok', { outsider: 'post_not_found' })],
        [
          'report_post',
          { post_id: POSTS.privDone, reason: 'boring' },
          everyone('report_reason_unknown', { outsider: 'post_not_found' }),
        ],
      ]);
    });

    it('keeps one like per person, counts it on the post and says who liked it', async () => {
      const post = await newPost();
      await call('member', 'set_post_like', { post_id: post, liked: true });
      const twice = await call<{ like_count: number }>('member', 'set_post_like', { post_id: post, liked: true });
      expect(twice.like_count).toBe(1);
      await call('admin', 'set_post_like', { post_id: post, liked: true });
      expect(await counts(post)).toEqual({ like_count: 2, comment_count: 0 });
      const mine = async (who: Who) =>
        (await queryAs(who, 'select public._liked_by_me(p) as v from public.post p where p.id = $1', [post]))[0]?.v;
      expect([await mine('member'), await mine('owner')]).toEqual([true, false]);
      const names = await queryAs(
        'member',
        `select pr.display_name from public.post_like l join public.profile pr on pr.id = l.user_id
         where l.post_id = $1 order by pr.display_name`,
        [post],
      );
      expect(names).toHaveLength(2);
      expect(await queryAs('outsider', 'select 1 from public.post_like where post_id = $1', [post])).toHaveLength(0);
      await call('member', 'set_post_like', { post_id: post, liked: false });
      await call('member', 'set_post_like', { post_id: post, liked: false });
      expect(await counts(post)).toEqual({ like_count: 1, comment_count: 0 });
    });

    it('lets the author edit, and the author or a manager delete, a comment; the count follows', async () => {
      const post = await newPost();
      const c = await call<{ id: string; body: string }>('member', 'add_comment', {
        post_id: post,
        body: '  Two lines\nof <b>text</b>  ',
      });
      expect(c.body).toBe('Two lines\nof <b>text</b>');
      expect((await counts(post))!.comment_count).toBe(1);
      await refused('author', 'edit_comment', { comment_id: c.id, body: 'Mine now' }, 'not_comment_author');
      const edited = await call<{ body: string; edited_at: string | null }>('member', 'edit_comment', {
        comment_id: c.id,
        body: 'Better',
      });
      expect(edited.body).toBe('Better');
      expect(edited.edited_at).not.toBeNull();
      await refused('author', 'delete_comment', { comment_id: c.id }, 'cannot_remove_comment');
      await refused('outsider', 'delete_comment', { comment_id: c.id }, 'comment_not_found');
      expect(await call('admin', 'delete_comment', { comment_id: c.id })).toBe(true);
      expect((await counts(post))!.comment_count).toBe(0);
      const own = await call<{ id: string }>('author', 'add_comment', { post_id: post, body: 'Thanks' });
      expect(await call('author', 'delete_comment', { comment_id: own.id })).toBe(true);
    });

    it('shows comments where the post is visible, and to no one else', async () => {
      const post = await newPost();
      await call('member', 'add_comment', { post_id: post, body: 'Family only' });
      const read = (who: Who) => queryAs(who, 'select body from public.post_comment where post_id = $1', [post]);
      expect(await read('owner')).toEqual([{ body: 'Family only' }]);
      expect(await read('outsider')).toEqual([]);
      expect(await read('anon')).toEqual([]);
    });

    it(`keeps a comment to ${SOCIAL_LIMITS.COMMENT_MAX_LENGTH} characters and refuses a burst past ${SOCIAL_LIMITS.COMMENTS_PER_MINUTE} a minute, storing nothing of it`, async () => {
      const post = await newPost();
      await refused(
        'owner',
        'add_comment',
        { post_id: post, body: 'x'.repeat(SOCIAL_LIMITS.COMMENT_MAX_LENGTH + 1) },
        'comment_too_long',
      );
      await call('owner', 'add_comment', { post_id: post, body: 'x'.repeat(SOCIAL_LIMITS.COMMENT_MAX_LENGTH) });
      const refusedAt: number[] = [];
      for (let i = 1; i < 100; i++) {
        try {
          await call('owner', 'add_comment', { post_id: post, body: `Comment ${i}` });
        } catch (err) {
          expect((err as Error).message).toBe('comment_rate_limited');
          refusedAt.push(i);
        }
      }
      expect(refusedAt[0]).toBe(SOCIAL_LIMITS.COMMENTS_PER_MINUTE);
      expect(refusedAt).toHaveLength(100 - SOCIAL_LIMITS.COMMENTS_PER_MINUTE);
      const stored = await db.query('select 1 from public.post_comment where post_id = $1', [post]);
      expect(stored.rowCount).toBe(SOCIAL_LIMITS.COMMENTS_PER_MINUTE);
      expect((await counts(post))!.comment_count).toBe(SOCIAL_LIMITS.COMMENTS_PER_MINUTE);
      // Other people are not slowed by one person's burst.
      await call('member', 'add_comment', { post_id: post, body: 'Still here' });
    });

    it('takes one open report per person per item to the managers only, never naming the reporter', async () => {
      const post = await newPost();
      const c = await call<{ id: string }>('author', 'add_comment', { post_id: post, body: 'Buy my stuff' });
      await call('member', 'report_post', { post_id: post, reason: 'copyright', details: 'My photo' });
      await refused('member', 'report_post', { post_id: post, reason: 'spam' }, 'already_reported');
      await call('member', 'report_comment', { comment_id: c.id, reason: 'spam' });
      await refused('member', 'report_comment', { comment_id: c.id, reason: 'spam' }, 'already_reported');
      // The screens ask first, so they say "Reported" instead of offering a form that would be refused: each
      // caller learns of its own reports only (the comment's report is not one on the post).
      const reportedByMe = async (who: Who) => [
        (await queryAs(who, 'select public._reported_by_me(p) as v from public.post p where p.id = $1', [post]))[0]?.v,
        (
          await queryAs(
            who,
            'select public._comment_reported_by_me(c) as v from public.post_comment c where c.id = $1',
            [c.id],
          )
        )[0]?.v,
      ];
      expect(await reportedByMe('member')).toEqual([true, true]);
      expect(await reportedByMe('admin')).toEqual([false, false]);
      expect(await reportedByMe('author')).toEqual([false, false]);
      const seen = (who: Who) =>
        queryAs(who, 'select reason, comment_id from public.content_report where post_id = $1 order by reason', [post]);
      expect(await seen('admin')).toEqual([
        { reason: 'copyright', comment_id: null },
        { reason: 'spam', comment_id: c.id },
      ]);
      expect(await seen('author')).toEqual([]);
      expect(await seen('member')).toEqual([]);
      await expect(queryAs('owner', 'select reporter_id from public.content_report')).rejects.toThrow(
        /permission denied/,
      );
      const [report] = await queryAs('owner', 'select id from public.content_report where comment_id = $1', [c.id]);
      await refused('member', 'dismiss_report', { report_id: report!.id }, 'report_not_found');
      await refused('outsider', 'dismiss_report', { report_id: report!.id }, 'report_not_found');
      expect(await call('owner', 'dismiss_report', { report_id: report!.id })).toBe(true);
      const open = (
        await queryAs('owner', 'select _open_report_count(g) as n from public."group" g where id = $1', [GROUPS.priv])
      )[0];
      expect(open?.n).toBe(1);
      // Removing the content takes its likes, comments and reports with it.
      await call('member', 'set_post_like', { post_id: post, liked: true });
      await call('owner', 'delete_post', { post_id: post });
      for (const table of ['post_like', 'post_comment', 'content_report'])
        expect((await db.query(`select 1 from public.${table} where post_id = $1`, [post])).rowCount, table).toBe(0);
    });

    it('keeps a deleted account’s comments, without an author', async () => {
      const leaving = 'a0000000-0000-4000-8000-000000000099';
      await insertAccount(db, 'leaving@rls.test', { id: leaving });
      await db.query(`insert into public.group_member (group_id, user_id, role) values ($1, $2, 'member')`, [
        GROUPS.priv,
        leaving,
      ]);
      const post = await newPost();
      const { rows } = await db.asCaller(userCaller(leaving), (sql) =>
        sql.query<{ id: string }>(`select (public.add_comment($1, 'Goodbye')).id`, [post]),
      );
      await db.query('delete from auth.users where id = $1', [leaving]);
      const kept = await queryAs('member', 'select body, author_id from public.post_comment where id = $1', [
        rows[0]!.id,
      ]);
      expect(kept).toEqual([{ body: 'Goodbye', author_id: null }]);
    });

    it('publishes posts and comments to Realtime', async () => {
      const { rows } = await db.query<{ tablename: string }>(
        `select tablename from pg_publication_tables where pubname = 'supabase_realtime' order by tablename`,
      );
      expect(rows.map((r) => r.tablename)).toEqual(expect.arrayContaining(['post', 'post_comment']));
    });

    it('has words in packages/contracts for every code the migration raises, and the same limits', async () => {
      const codes = await codesRaisedBy(SOCIAL_MIGRATION);
      expect(codes.size).toBeGreaterThan(10);
      expectWordsForEach(codes, GROUP_RULE_MESSAGES, groupRuleMessage);
      const { rows } = await db.query<Record<string, number>>(
        `select private.social_limit('comment_max') as "COMMENT_MAX_LENGTH",
                private.social_limit('comments_per_minute') as "COMMENTS_PER_MINUTE",
                private.social_limit('likes_per_minute') as "LIKES_PER_MINUTE",
                private.social_limit('report_details_max') as "REPORT_DETAILS_MAX_LENGTH",
                private.social_limit('reports_per_hour') as "REPORTS_PER_HOUR"`,
      );
      expect(rows[0]).toEqual({
        COMMENT_MAX_LENGTH: SOCIAL_LIMITS.COMMENT_MAX_LENGTH,
        COMMENTS_PER_MINUTE: SOCIAL_LIMITS.COMMENTS_PER_MINUTE,
        LIKES_PER_MINUTE: SOCIAL_LIMITS.LIKES_PER_MINUTE,
        REPORT_DETAILS_MAX_LENGTH: SOCIAL_LIMITS.REPORT_DETAILS_MAX_LENGTH,
        REPORTS_PER_HOUR: SOCIAL_LIMITS.REPORTS_PER_HOUR,
      });
      const reasons = (await readFile(SOCIAL_MIGRATION, 'utf8'))
        .match(/reason in \(([^)]*)\)/)![1]!
        .match(/'([a-z]+)'/g)!
        .map((r) => r.slice(1, -1));
      expect(reasons).toEqual([...REPORT_REASONS]);
    });
  });
}
