/**
 * The function's database work, through PostgREST RPC with the service role (supabase-js `rpc`), as
 * Supabase functions reach the database. The SQL functions (supabase/migrations/20261124000300_post_create_rpc.sql)
 * repeat for the given user the checks row level security makes; only the service role may call them.
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import { MESSAGES, type PhotoType } from '@snapshire/contracts';
import { HttpError } from '../_shared/http.ts';

export interface PostRow {
  id: string;
  groupId: string;
  authorId: string;
  fileName: string;
  width: number;
  height: number;
  photoType: PhotoType;
  description: string | undefined;
  cameraMake: string | undefined;
  cameraModel: string | undefined;
  categoryIds: string[];
  /** ThumbHash of the stored photo, base64 without padding. */
  thumbhash: string | undefined;
  cameraLens: string | undefined;
  /** Seconds. */
  exposureTime: number | undefined;
  fNumber: number | undefined;
  iso: number | undefined;
  /** Millimetres. */
  focalLength: number | undefined;
  /** The client's key for this upload and the SHA-256 (hex) of the photo it carried; see keyedPost. */
  idempotencyKey: string | undefined;
  fileSha256: string | undefined;
}

/** What an earlier request with the same idempotency key created. */
export interface KeyedPost {
  postId: string;
  fileSha256: string;
}

/** A refusal from the database, in the product's words and with its HTTP status. */
function refusal(outcome: string): HttpError {
  switch (outcome) {
    case 'not_signed_in':
      return new HttpError(401, MESSAGES.NOT_SIGNED_IN);
    case 'group_not_found':
      return new HttpError(404, MESSAGES.GROUP_NOT_FOUND);
    case 'join_to_post':
      return new HttpError(403, MESSAGES.JOIN_TO_POST);
    case 'unknown_category':
      return new HttpError(400, MESSAGES.UNKNOWN_CATEGORY);
    default:
      return new HttpError(500, MESSAGES.POST_CREATE_FAILED);
  }
}

/** May the user post into the group with these categories? Throws the refusal if not. */
export async function checkPostCreate(
  service: SupabaseClient,
  authorId: string,
  groupId: string,
  categoryIds: string[],
): Promise<void> {
  const { data, error } = await service.rpc('post_create_check', {
    p_author_id: authorId,
    p_group_id: groupId,
    p_category_ids: categoryIds,
  });
  if (error) throw new Error(`post_create_check failed: ${error.message}`, { cause: error });
  if (data !== 'ok') throw refusal(String(data));
}

/** The post this user already created with this key, or null when the key is new. */
export async function keyedPost(service: SupabaseClient, authorId: string, key: string): Promise<KeyedPost | null> {
  const { data, error } = await service.rpc('post_create_lookup', { p_author_id: authorId, p_idempotency_key: key });
  if (error) throw new Error(`post_create_lookup failed: ${error.message}`, { cause: error });
  if (!data) return null;
  const row = data as { post_id: string; file_sha256: string };
  return { postId: row.post_id, fileSha256: row.file_sha256 };
}

/**
 * Inserts the post, shown, with its categories (and its idempotency key) in one transaction (its photo is
 * stored already): 'created', or 'duplicate' when a request with the same key got there first.
 */
export async function createPost(service: SupabaseClient, post: PostRow): Promise<'created' | 'duplicate'> {
  const { data, error } = await service.rpc('post_create', {
    p_id: post.id,
    p_group_id: post.groupId,
    p_author_id: post.authorId,
    p_file_name: post.fileName,
    p_width: post.width,
    p_height: post.height,
    p_photo_type: post.photoType,
    p_description: post.description ?? null,
    p_camera_make: post.cameraMake ?? null,
    p_camera_model: post.cameraModel ?? null,
    p_category_ids: post.categoryIds,
    p_thumbhash: post.thumbhash ?? null,
    p_camera_lens: post.cameraLens ?? null,
    p_exposure_time: post.exposureTime ?? null,
    p_f_number: post.fNumber ?? null,
    p_iso: post.iso ?? null,
    p_focal_length: post.focalLength ?? null,
    // Sent only with a key: a database migrated before 20261130000100 still takes a keyless post.
    ...(post.idempotencyKey ? { p_idempotency_key: post.idempotencyKey, p_file_sha256: post.fileSha256 } : {}),
  });
  if (error) throw new Error(`post_create failed: ${error.message}`, { cause: error });
  if (data === 'created' || data === 'duplicate') return data;
  throw refusal(String(data));
}
