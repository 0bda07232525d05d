/**
 * What the seed and the fixtures share: their context, accounts, bulk post rows and photo uploads.
 * Posts are inserted hidden (has_uploaded_photo false), their photos uploaded through the storage API with
 * the service role, and only then marked uploaded, as handle-post-create does.
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import { PHOTO_BUCKET, postObjectPath, type PhotoType } from '@snapshire/contracts';
import sharp from 'sharp';
import { photoPlaceholder, thumbSize } from '../functions/handle-post-create/placeholder.ts';

/** What the backend hands a seed script or fixture (packages/backend SeedContext). */
export interface SeedContext {
  /** Owner connection (no RLS), one autocommit statement per call. */
  sql: {
    query<Row = Record<string, unknown>>(
      text: string,
      params?: unknown[],
    ): Promise<{ rows: Row[]; rowCount: number | null }>;
  };
  /** supabase-js with the service_role key, pointed at the backend. */
  supabase: SupabaseClient;
  url: string;
  log: (message: string) => void;
}

export interface SeedPost {
  id: string;
  groupId: string;
  authorId: string;
  fileName: string;
  width: number;
  height: number;
  photoType: PhotoType;
  description: string | null;
  cameraMake: string | null;
  cameraModel: string | null;
  createdAt: Date;
  categoryIds: string[];
}

/**
 * Creates a confirmed account, or finds it when it already exists; returns its id. `displayName` is the name
 * it signed up with (chosen, so the sample accounts are not asked for one at sign-in).
 */
export async function ensureUser(
  ctx: SeedContext,
  email: string,
  password: string,
  displayName?: string,
): Promise<string> {
  const existing = await ctx.sql.query<{ id: string }>('select id from auth.users where lower(email) = lower($1)', [
    email,
  ]);
  if (existing.rows[0]) return existing.rows[0].id;
  const { data, error } = await ctx.supabase.auth.admin.createUser({
    email,
    password,
    email_confirm: true,
    ...(displayName ? { user_metadata: { display_name: displayName } } : {}),
  });
  if (error || !data.user) throw new Error(`Could not create ${email}: ${error?.message ?? 'no user returned'}`);
  return data.user.id;
}

/** Inserts the posts (hidden) and their category links in two statements; existing ids are left alone. */
export async function insertPosts(ctx: SeedContext, posts: readonly SeedPost[]): Promise<void> {
  if (posts.length === 0) return;
  await ctx.sql.query(
    `insert into public.post (id, group_id, author_id, file_name, meta_width, meta_height, photo_type, description,
                              camera_make, camera_model, created_at, has_uploaded_photo)
     select p.id, p.group_id, p.author_id, p.file_name, p.meta_width, p.meta_height, p.photo_type, p.description,
            p.camera_make, p.camera_model, p.created_at, false
     from jsonb_to_recordset($1::jsonb) as p (id uuid, group_id uuid, author_id uuid, file_name text, meta_width int,
          meta_height int, photo_type public.photo_type, description text, camera_make text, camera_model text,
          created_at timestamptz)
     on conflict (id) do nothing`,
    [
      JSON.stringify(
        posts.map((p) => ({
          id: p.id,
          group_id: p.groupId,
          author_id: p.authorId,
          file_name: p.fileName,
          meta_width: p.width,
          meta_height: p.height,
          photo_type: p.photoType,
          description: p.description,
          camera_make: p.cameraMake,
          camera_model: p.cameraModel,
          created_at: p.createdAt.toISOString(),
        })),
      ),
    ],
  );
  const links = posts.flatMap((p) => p.categoryIds.map((c) => ({ post_id: p.id, category_id: c })));
  if (links.length)
    await ctx.sql.query(
      `insert into public.post_category (post_id, category_id)
       select l.post_id, l.category_id from jsonb_to_recordset($1::jsonb) as l (post_id uuid, category_id uuid)
       on conflict do nothing`,
      [JSON.stringify(links)],
    );
}

/** Stores one post's photo at photography/posts/{postId}/{file_name} (replacing a leftover from a failed run). */
export async function uploadPhoto(ctx: SeedContext, post: SeedPost, jpeg: Uint8Array): Promise<void> {
  const { error } = await ctx.supabase.storage
    .from(PHOTO_BUCKET)
    .upload(postObjectPath(post.id, post.fileName), jpeg, { contentType: 'image/jpeg', upsert: true });
  if (error) throw new Error(`Upload of post ${post.id} failed: ${error.message}`);
}

/**
 * The placeholder of a stored (upright, metadata-free) JPEG, as handle-post-create computes it: the same
 * ThumbHash code (placeholder.ts) over the photo's pixels, here decoded by sharp at ThumbHash's size, as
 * the seed and the backfill run on Node with the photo already stored.
 */
export async function jpegPlaceholder(jpeg: Uint8Array): Promise<string> {
  const image = sharp(jpeg).autoOrient();
  const { width, height } = await image.metadata();
  const size = thumbSize(width, height);
  const { data, info } = await image
    .resize(size.width, size.height, { fit: 'fill', kernel: 'cubic' })
    .removeAlpha()
    .toColourspace('srgb')
    .raw()
    .toBuffer({ resolveWithObject: true });
  return photoPlaceholder(
    new Uint8Array(data.buffer, data.byteOffset, data.length),
    info.width,
    info.height,
    info.channels,
  );
}

/** Shows the posts whose photos are stored, with their placeholders (post id -> ThumbHash) where given. */
export async function markUploaded(
  ctx: SeedContext,
  postIds: readonly string[],
  placeholders: Readonly<Record<string, string>> = {},
): Promise<void> {
  if (postIds.length === 0) return;
  await ctx.sql.query(
    `update public.post set has_uploaded_photo = true, thumbhash = coalesce(($2::jsonb) ->> id::text, thumbhash)
     where id = any ($1::uuid[])`,
    [postIds, JSON.stringify(placeholders)],
  );
}

/** Runs task over items with at most `limit` in flight, in order of items. */
export async function inPool<T>(
  items: readonly T[],
  limit: number,
  task: (item: T, index: number) => Promise<void>,
): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      await task(items[index]!, index);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

/** A uuid (version 4 layout) derived from a prefix and a number: stable across runs, readable in tests. */
export function fixedUuid(prefix: string, n: number): string {
  if (!/^[0-9a-f]{8}$/.test(prefix)) throw new Error(`bad uuid prefix ${prefix}`);
  return `${prefix}-0000-4000-8000-${n.toString(16).padStart(12, '0')}`;
}
