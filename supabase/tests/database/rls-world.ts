/**
 * A small world for the row level security matrix, independent of the seed: one public and one private
 * group, three categories, five users (the owner, an admin and two members of the private group, one of
 * them the author of every post; an outsider) and anon, posts finished and in progress in both groups,
 * their category links and their storage objects.
 */
import { DEFAULT_PROJECT_DIR } from '../../../packages/backend/src/config/config.ts';
import { applyPlatformAndMigrations, type OpenedDatabase } from '../../../packages/backend/src/db/index.ts';
import type { Caller, Database, SqlClient } from '../../../packages/backend/src/db/types.ts';
import { ANON, userCaller } from '../../../packages/backend/testing/callers.ts';
import { suiteFixture } from '../../../packages/backend/testing/suiteFixture.ts';

const id = (prefix: string, n: number) => `${prefix}-0000-4000-8000-${n.toString().padStart(12, '0')}`;

export const USERS = {
  author: id('a0000000', 1),
  member: id('a0000000', 2),
  outsider: id('a0000000', 3),
  admin: id('a0000000', 4),
  owner: id('a0000000', 5),
} as const;

export const GROUPS = { pub: id('b0000000', 1), priv: id('b0000000', 2) } as const;

/** shared: offered by both groups; privOnly: offered by the private group; unused: by no group. */
export const CATEGORIES = {
  shared: id('c0000000', 1),
  privOnly: id('c0000000', 2),
  unused: id('c0000000', 3),
} as const;

export const POSTS = {
  pubDone: id('d0000000', 1),
  pubPending: id('d0000000', 2),
  privDone: id('d0000000', 3),
  privPending: id('d0000000', 4),
} as const;

export type PostName = keyof typeof POSTS;

/** An invitation link into the private group (token: 64 hex digits, as the database makes them). */
export const INVITATION = { id: id('e1000000', 1), token: 'f'.repeat(64) } as const;
export type Who = 'anon' | keyof typeof USERS;
export const WHO: readonly Who[] = ['anon', 'outsider', 'member', 'admin', 'owner', 'author'];
/** The role each user has in the private group. */
export const PRIVATE_ROLES: Partial<Record<Who, 'owner' | 'admin' | 'member'>> = {
  owner: 'owner',
  admin: 'admin',
  member: 'member',
  author: 'member',
};

export function objectName(post: PostName): string {
  return `posts/${POSTS[post]}/photo.jpg`;
}

export function callerFor(who: Who): Caller {
  return who === 'anon' ? ANON : userCaller(USERS[who], `${who}@rls.test`);
}

/**
 * An account as GoTrue leaves one behind a sign-up (`metadata`: what it signed up with, a chosen name for
 * one); the database gives it its profile. Returns its id.
 */
export async function insertAccount(
  sql: SqlClient,
  email: string,
  { id, metadata = {} }: { id?: string; metadata?: Record<string, unknown> } = {},
): Promise<string> {
  const { rows } = await sql.query<{ id: string }>(
    `insert into auth.users (id, aud, role, email, raw_user_meta_data, created_at, updated_at)
     values (coalesce($1::uuid, gen_random_uuid()), 'authenticated', 'authenticated', $2, $3::jsonb, now(), now())
     returning id`,
    [id ?? null, email, JSON.stringify(metadata)],
  );
  return rows[0]!.id;
}

/**
 * A post as handle-post-create leaves one, its photo named photo.jpg: finished (`uploaded`, its photo stored)
 * or still in progress. Returns its id.
 */
export async function insertPost(
  sql: SqlClient,
  post: { id?: string; groupId: string; authorId: string; uploaded: boolean; description?: string },
): Promise<string> {
  const { rows } = await sql.query<{ id: string }>(
    `insert into public.post (id, file_name, group_id, author_id, meta_width, meta_height, photo_type, has_uploaded_photo, description)
     values (coalesce($1::uuid, gen_random_uuid()), 'photo.jpg', $2, $3, 800, 600, 'DIGITAL', $4, $5) returning id`,
    [post.id ?? null, post.groupId, post.authorId, post.uploaded, post.description ?? null],
  );
  return rows[0]!.id;
}

/** A database with the platform, supabase/migrations and this world in it, for the suite's tests; closed after them. */
export function worldForSuite(open: () => Promise<OpenedDatabase>): OpenedDatabase {
  return suiteFixture(
    async () => {
      const db = await open();
      await applyPlatformAndMigrations(db, DEFAULT_PROJECT_DIR);
      await insertFixture(db);
      return db;
    },
    (db) => db.close(),
  );
}

/** Inserts the world as the owner (no RLS). */
export async function insertFixture(db: Database): Promise<void> {
  await db.asOwner(async (sql: SqlClient) => {
    // Each signed up with a chosen name (its role in the world), so the tests can tell them apart by name.
    for (const [name, id] of Object.entries(USERS))
      await insertAccount(sql, `${name}@rls.test`, { id, metadata: { display_name: name } });
    await sql.query(
      `insert into public."group" (id, display_name, description, is_private) values
         ($1, 'Public town', 'Open to all', false), ($2, 'Private family', 'Members only', true)`,
      [GROUPS.pub, GROUPS.priv],
    );
    await sql.query(
      `insert into public.category (id, name, display_name) values ($1, 'shared', 'Shared'), ($2, 'private-only', 'Private only'), ($3, 'unused', 'Unused')`,
      [CATEGORIES.shared, CATEGORIES.privOnly, CATEGORIES.unused],
    );
    await sql.query(`insert into public.group_category (group_id, category_id) values ($1, $3), ($2, $3), ($2, $4)`, [
      GROUPS.pub,
      GROUPS.priv,
      CATEGORIES.shared,
      CATEGORIES.privOnly,
    ]);
    for (const [who, role] of Object.entries(PRIVATE_ROLES))
      await sql.query(`insert into public.group_member (group_id, user_id, role) values ($1, $2, $3)`, [
        GROUPS.priv,
        USERS[who as keyof typeof USERS],
        role,
      ]);
    await sql.query(
      `insert into public.group_invitation (id, group_id, token, created_by, expires_at) values ($1, $2, $3, $4, now() + interval '1 day')`,
      [INVITATION.id, GROUPS.priv, INVITATION.token, USERS.owner],
    );
    const posts: Array<[PostName, string, boolean]> = [
      ['pubDone', GROUPS.pub, true],
      ['pubPending', GROUPS.pub, false],
      ['privDone', GROUPS.priv, true],
      ['privPending', GROUPS.priv, false],
    ];
    for (const [name, group, done] of posts) {
      await insertPost(sql, { id: POSTS[name], groupId: group, authorId: USERS.author, uploaded: done });
      await sql.query(`insert into public.post_category (post_id, category_id) values ($1, $2)`, [
        POSTS[name],
        CATEGORIES.shared,
      ]);
      await sql.query(
        `insert into storage.objects (bucket_id, name, owner, metadata) values ('photography', $1, $2, '{}')`,
        [objectName(name), USERS.author],
      );
    }
    // Objects that belong to no post: never readable by clients.
    await sql.query(
      `insert into storage.objects (bucket_id, name, metadata) values ('photography', 'stray/photo.jpg', '{}'),
         ('photography', 'posts/not-a-uuid/photo.jpg', '{}'), ('photography', $1, '{}')`,
      [`posts/${id('d0000000', 99)}/photo.jpg`],
    );
  });
}
