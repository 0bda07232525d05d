/**
 * The function's database work over SUPABASE_DB_URL. Permission questions are asked AS THE CALLER
 * (`set local role authenticated` + their JWT claims, as PostgREST does), so the same row level security
 * that guards the API decides; the writes run as service_role, the only role that may create posts.
 */
import type pg from 'pg';

export interface PostRow {
  id: string;
  groupId: string;
  authorId: string;
  fileName: string;
  width: number;
  height: number;
  photoType: 'DIGITAL' | 'FILM';
  description: string | undefined;
  cameraMake: string | undefined;
  cameraModel: string | undefined;
  categoryIds: string[];
}

export interface GroupAccess {
  /** The caller can see the group (a private group they are not in looks missing). */
  visible: boolean;
  /** The caller may post into it. */
  canPost: boolean;
  /** How many of the requested categories the group offers. */
  offeredCategories: number;
}

async function inTransaction<T>(
  pool: pg.Pool,
  role: 'authenticated' | 'service_role',
  claims: Record<string, unknown>,
  fn: (client: pg.PoolClient) => Promise<T>,
): Promise<T> {
  const client = await pool.connect();
  let broken = false;
  try {
    await client.query('begin');
    // The role comes from a closed union above, never from the request.
    await client.query(`set local role ${role}`);
    await client.query(
      `select set_config('request.jwt.claims', $1, true), set_config('request.jwt.claim.sub', $2, true),
              set_config('request.jwt.claim.role', $3, true)`,
      [JSON.stringify({ ...claims, role }), String(claims.sub ?? ''), role],
    );
    const result = await fn(client);
    await client.query('commit');
    return result;
  } catch (err) {
    await client.query('rollback').catch(() => {
      broken = true;
    });
    throw err;
  } finally {
    client.release(broken);
  }
}

/** What the caller (their verified JWT claims) may do in the group, and which categories it offers. */
export function groupAccess(
  pool: pg.Pool,
  claims: Record<string, unknown>,
  groupId: string,
  categoryIds: string[],
): Promise<GroupAccess> {
  return inTransaction(pool, 'authenticated', claims, async (client) => {
    const { rows } = await client.query<{ visible: boolean; can_post: boolean; offered: number }>(
      `select private.can_view_group($1::uuid) as visible,
              private.can_post_in_group($1::uuid) as can_post,
              (select count(*)::int from public.group_category gc
                where gc.group_id = $1::uuid and gc.category_id = any ($2::uuid[])) as offered`,
      [groupId, categoryIds],
    );
    const row = rows[0]!;
    return { visible: row.visible, canPost: row.can_post, offeredCategories: row.offered };
  });
}

/** Inserts the post, hidden (has_uploaded_photo false), with its categories, in one transaction. */
export function insertHiddenPost(pool: pg.Pool, post: PostRow): Promise<void> {
  return inTransaction(pool, 'service_role', {}, async (client) => {
    await client.query(
      `insert into public.post (id, group_id, author_id, file_name, meta_width, meta_height, photo_type,
                                description, camera_make, camera_model, has_uploaded_photo)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, false)`,
      [
        post.id,
        post.groupId,
        post.authorId,
        post.fileName,
        post.width,
        post.height,
        post.photoType,
        post.description ?? null,
        post.cameraMake ?? null,
        post.cameraModel ?? null,
      ],
    );
    if (post.categoryIds.length)
      await client.query(`insert into public.post_category (post_id, category_id) select $1, unnest($2::uuid[])`, [
        post.id,
        post.categoryIds,
      ]);
  });
}

/** Shows the post: its photo is stored. */
export async function markUploaded(pool: pg.Pool, postId: string): Promise<void> {
  const done = await inTransaction(pool, 'service_role', {}, (client) =>
    client.query('update public.post set has_uploaded_photo = true where id = $1', [postId]),
  );
  if (done.rowCount !== 1) throw new Error(`post ${postId} vanished before it was shown`);
}

/** Removes a post that could not be completed (its categories go with it). */
export async function deletePost(pool: pg.Pool, postId: string): Promise<void> {
  await inTransaction(pool, 'service_role', {}, (client) =>
    client.query('delete from public.post where id = $1', [postId]),
  );
}
