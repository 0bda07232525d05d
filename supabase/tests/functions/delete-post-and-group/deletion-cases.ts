/**
 * Edge functions delete-post and delete-group, mounted by the embedded backend from supabase/functions and
 * driven over HTTP as the browser would: the rule runs as the caller, and the stored photo leaves storage
 * (its row in storage.objects and its bytes on disk), nothing queued or orphaned. A storage fault is caused
 * (the database under the storage API refuses one object) and must neither undo the deletion nor block
 * the others. Defined once, run on PGlite and on PostgreSQL.
 */
import { readdir } from 'node:fs/promises';
import {
  DELETE_GROUP_FUNCTION,
  DELETE_POST_FUNCTION,
  GROUP_RULE_MESSAGES,
  PHOTO_BUCKET,
  postObjectPath,
  type DeletionErrorResponse,
  type DeletionResponse,
} from '@snapshire/contracts';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import pg from 'pg';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ws from 'ws';
import { SAMPLE_ACCOUNTS } from '../../../seed/accounts.ts';
import { SEED_GROUPS } from '../../../seed/ids.ts';
import { startBackend, type RunningBackend } from '../../../../packages/backend/src/index.ts';

/** `databaseUrl` gives DATABASE_URL for the backend, or undefined for its embedded PGlite. */
export function defineDeletionSuite(label: string, databaseUrl: () => Promise<string | undefined>): void {
  describe(`delete-post and delete-group on ${label}`, () => {
    let backend: RunningBackend;
    let db: pg.Client;
    let admin: SupabaseClient;
    const tokens: Record<'ada' | 'ben', string> = { ada: '', ben: '' };
    const ids: Record<'ada' | 'ben', string> = { ada: '', ben: '' };

    const client = (key: string) =>
      createClient(backend.url, key, {
        auth: { persistSession: false, autoRefreshToken: false },
        realtime: { transport: ws as never },
      });

    beforeAll(async () => {
      backend = await startBackend({ port: 0, host: '127.0.0.1', log: false, databaseUrl: await databaseUrl() });
      admin = client(backend.serviceRoleKey);
      for (const name of ['ada', 'ben'] as const) {
        const { data, error } = await client(backend.anonKey).auth.signInWithPassword(SAMPLE_ACCOUNTS[name]);
        if (error || !data.session) throw new Error(`${name} could not sign in: ${error?.message}`);
        tokens[name] = data.session.access_token;
        ids[name] = data.user.id;
      }
      db = new pg.Client({ connectionString: backend.dbUrl });
      await db.connect();
    }, 300_000);

    afterAll(async () => {
      await db?.end();
      await backend?.stop();
    });

    async function invoke(
      fn: string,
      token: string,
      body: unknown,
    ): Promise<{ status: number; body: DeletionResponse | DeletionErrorResponse }> {
      const res = await fetch(`${backend.url}/functions/v1/${fn}`, {
        method: 'POST',
        headers: { apikey: backend.anonKey, authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      return { status: res.status, body: (await res.json()) as DeletionResponse | DeletionErrorResponse };
    }

    async function graphql<T>(token: string, query: string, variables: Record<string, unknown> = {}): Promise<T> {
      const res = await fetch(`${backend.url}/graphql/v1`, {
        method: 'POST',
        headers: { apikey: backend.anonKey, authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ query, variables }),
      });
      const body = (await res.json()) as { data: T; errors?: { message: string }[] };
      if (body.errors?.length) throw new Error(body.errors[0]!.message);
      return body.data;
    }

    async function countFiles(dir: string): Promise<number> {
      const entries = await readdir(dir, { withFileTypes: true, recursive: true });
      return entries.filter((e) => e.isFile()).length;
    }

    /** A finished post by `author` in the group, with a real stored photo. */
    async function storedPost(
      groupId: string,
      author: 'ada' | 'ben',
      fileName = 'photo.jpg',
    ): Promise<{ id: string; path: string }> {
      const { rows } = await db.query<{ id: string }>(
        `insert into public.post (file_name, group_id, author_id, meta_width, meta_height, has_uploaded_photo)
         values ($3, $1, $2, 4, 4, true) returning id`,
        [groupId, ids[author], fileName],
      );
      const id = rows[0]!.id;
      const path = postObjectPath(id, fileName);
      const bytes = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#3a7' } })
        .jpeg()
        .toBuffer();
      const { error } = await admin.storage.from(PHOTO_BUCKET).upload(path, bytes, { contentType: 'image/jpeg' });
      if (error) throw new Error(`upload failed: ${error.message}`);
      return { id, path };
    }

    async function objectExists(path: string): Promise<boolean> {
      const { rowCount } = await db.query('select 1 from storage.objects where bucket_id = $1 and name = $2', [
        PHOTO_BUCKET,
        path,
      ]);
      return rowCount === 1;
    }

    const queueSize = async () =>
      Number((await db.query('select count(*)::int as n from public.photo_deletion')).rows[0].n);

    describe(DELETE_POST_FUNCTION, () => {
      it('lets the author delete a post: the row, the stored object and its bytes go', async () => {
        const post = await storedPost(SEED_GROUPS.family, 'ada');
        expect(await objectExists(post.path)).toBe(true);
        const files = await countFiles(backend.filesDir);
        const answer = await invoke(DELETE_POST_FUNCTION, tokens.ada, { postId: post.id });
        expect(answer).toEqual({ status: 200, body: { deleted: true, photosRemoved: 1, photosPending: 0 } });
        expect((await db.query('select 1 from public.post where id = $1', [post.id])).rowCount).toBe(0);
        expect(await objectExists(post.path)).toBe(false);
        expect(await countFiles(backend.filesDir)).toBe(files - 1);
        expect(await queueSize()).toBe(0);
      });

      it('refuses others with the words of the rule, and leaves the post and photo alone', async () => {
        const post = await storedPost(SEED_GROUPS.family, 'ada');
        expect(await invoke(DELETE_POST_FUNCTION, tokens.ben, { postId: post.id })).toEqual({
          status: 404,
          body: { error: GROUP_RULE_MESSAGES.post_not_found, code: 'post_not_found' },
        });
        const inPublic = await storedPost(SEED_GROUPS.film, 'ada');
        expect(await invoke(DELETE_POST_FUNCTION, tokens.ben, { postId: inPublic.id })).toEqual({
          status: 403,
          body: { error: GROUP_RULE_MESSAGES.cannot_remove_post, code: 'cannot_remove_post' },
        });
        expect(await invoke(DELETE_POST_FUNCTION, backend.anonKey, { postId: post.id })).toMatchObject({ status: 401 });
        expect(await invoke(DELETE_POST_FUNCTION, tokens.ada, { postId: 'not-a-uuid' })).toMatchObject({ status: 400 });
        expect(await invoke(DELETE_POST_FUNCTION, tokens.ada, { postId: post.id, extra: 1 })).toMatchObject({
          status: 400,
        });
        for (const p of [post, inPublic]) expect(await objectExists(p.path)).toBe(true);
        for (const p of [post, inPublic]) await invoke(DELETE_POST_FUNCTION, tokens.ada, { postId: p.id });
      });

      it('still deletes when storage refuses an object, keeps it queued, and does not let it block the others', async () => {
        // The fault: the database under the storage API refuses to delete one object (as hosted Supabase's
        // storage.protect_delete refuses direct deletes), so the storage API answers an error for it.
        await db.query(`
          create function public.test_refuse_blocked() returns trigger language plpgsql as $$
          begin
            if old.name like '%/blocked.jpg' then raise exception 'this object may not be deleted'; end if;
            return old;
          end $$;
          create trigger test_refuse_blocked before delete on storage.objects
            for each row execute function public.test_refuse_blocked();`);
        const blocked = await storedPost(SEED_GROUPS.film, 'ada', 'blocked.jpg');
        const other = await storedPost(SEED_GROUPS.film, 'ada');
        try {
          expect(await invoke(DELETE_POST_FUNCTION, tokens.ada, { postId: blocked.id })).toEqual({
            status: 200,
            body: { deleted: true, photosRemoved: 0, photosPending: 1 },
          });
          expect((await db.query('select 1 from public.post where id = $1', [blocked.id])).rowCount).toBe(0);
          expect(await objectExists(blocked.path)).toBe(true);
          expect(await invoke(DELETE_POST_FUNCTION, tokens.ada, { postId: other.id })).toEqual({
            status: 200,
            body: { deleted: true, photosRemoved: 1, photosPending: 1 },
          });
          expect(await objectExists(other.path)).toBe(false);
        } finally {
          await db.query(
            `drop trigger test_refuse_blocked on storage.objects; drop function public.test_refuse_blocked();`,
          );
        }
        // Once storage accepts it again, the next deletion takes the queued object along.
        const third = await storedPost(SEED_GROUPS.film, 'ada');
        expect(await invoke(DELETE_POST_FUNCTION, tokens.ada, { postId: third.id })).toEqual({
          status: 200,
          body: { deleted: true, photosRemoved: 2, photosPending: 0 },
        });
        expect([await objectExists(blocked.path), await objectExists(third.path), await queueSize()]).toEqual([
          false,
          false,
          0,
        ]);
      });
    });

    describe(DELETE_GROUP_FUNCTION, () => {
      it('lets only the owner delete a group; its members, posts and photos all go', async () => {
        const created = await graphql<{ create_group: { id: string } }>(
          tokens.ada,
          'mutation { create_group(display_name: "Short-lived", description: "", is_private: false) { id } }',
        );
        const groupId = created.create_group.id;
        await graphql(tokens.ben, 'mutation($g: UUID) { join_group(group_id: $g) { role } }', { g: groupId });
        const posts = [await storedPost(groupId, 'ben'), await storedPost(groupId, 'ada')];
        const files = await countFiles(backend.filesDir);

        expect(await invoke(DELETE_GROUP_FUNCTION, tokens.ben, { groupId })).toEqual({
          status: 403,
          body: { error: GROUP_RULE_MESSAGES.not_group_owner, code: 'not_group_owner' },
        });
        for (const p of posts) expect(await objectExists(p.path)).toBe(true);

        expect(await invoke(DELETE_GROUP_FUNCTION, tokens.ada, { groupId })).toEqual({
          status: 200,
          body: { deleted: true, photosRemoved: 2, photosPending: 0 },
        });
        const left = await db.query<Record<string, number>>(
          `select (select count(*)::int from public."group" where id = $1) as groups,
                  (select count(*)::int from public.group_member where group_id = $1) as members,
                  (select count(*)::int from public.post where group_id = $1) as posts,
                  (select count(*)::int from public.photo_deletion) as queued`,
          [groupId],
        );
        expect(left.rows[0]).toEqual({ groups: 0, members: 0, posts: 0, queued: 0 });
        for (const p of posts) expect(await objectExists(p.path)).toBe(false);
        expect(await countFiles(backend.filesDir)).toBe(files - 2);
        expect(await invoke(DELETE_GROUP_FUNCTION, tokens.ada, { groupId })).toEqual({
          status: 404,
          body: { error: GROUP_RULE_MESSAGES.group_not_found, code: 'group_not_found' },
        });
      });
    });
  });
}
