/**
 * handle-post-create: creates a post from the new-post screen's multipart form (docs/product.md).
 *
 *   1. authenticate the caller (bearer token -> auth.getUser);
 *   2. read and validate the form with the upload screen's schema;
 *   3. check the bytes are a JPEG within the pixel limit, before any decoding;
 *   4. ask, as the caller, whether they may post into the group and whether it offers the categories;
 *   5. decode, auto-orient and re-encode the photo without metadata (EXIF, GPS);
 *   6. insert the post hidden, store the photo under a generated name, then show the post.
 * A failure at any step leaves no visible post and no stored object. Answers 201 {post: {id}} or {error}.
 */
import { MESSAGES, PHOTO_BUCKET, postObjectPath } from '@snapshire/contracts';
import { deletePost, groupAccess, insertHiddenPost, markUploaded, type PostRow } from './database.ts';
import { services, type Services } from './env.ts';
import { readPostCreateRequest } from './form.ts';
import { CORS_HEADERS, errorResponse, HttpError, json } from './http.ts';
import { inspectJpeg, sanitizeJpeg } from './image.ts';

interface Caller {
  id: string;
  claims: Record<string, unknown>;
}

/** The JWT's payload; only read after auth.getUser has verified the token. */
function jwtPayload(token: string): Record<string, unknown> {
  const part = token.split('.')[1] ?? '';
  const base64 = part.replace(/-/g, '+').replace(/_/g, '/');
  const text = new TextDecoder().decode(Uint8Array.from(atob(base64), (c) => c.charCodeAt(0)));
  return JSON.parse(text) as Record<string, unknown>;
}

async function authenticate(req: Request, svc: Services): Promise<Caller> {
  const match = /^Bearer\s+(\S+)$/i.exec(req.headers.get('authorization') ?? '');
  if (!match) throw new HttpError(401, MESSAGES.NOT_SIGNED_IN);
  const token = match[1]!;
  const { data, error } = await svc.auth.auth.getUser(token);
  if (error || !data.user) throw new HttpError(401, MESSAGES.NOT_SIGNED_IN);
  let claims: Record<string, unknown>;
  try {
    claims = jwtPayload(token);
  } catch {
    throw new HttpError(401, MESSAGES.NOT_SIGNED_IN);
  }
  if (claims.sub !== data.user.id || claims.role !== 'authenticated') throw new HttpError(401, MESSAGES.NOT_SIGNED_IN);
  return { id: data.user.id, claims };
}

async function createPost(req: Request): Promise<Response> {
  const svc = services();
  const caller = await authenticate(req, svc);
  const form = await readPostCreateRequest(req);
  const original = new Uint8Array(await form.file.arrayBuffer());
  await inspectJpeg(original);

  const access = await groupAccess(svc.pool, caller.claims, form.groupId, form.categoryIds);
  if (!access.visible) throw new HttpError(404, MESSAGES.GROUP_NOT_FOUND);
  if (!access.canPost) throw new HttpError(403, MESSAGES.NOT_ALLOWED_TO_POST);
  if (access.offeredCategories !== form.categoryIds.length) throw new HttpError(400, MESSAGES.UNKNOWN_CATEGORY);

  const photo = await sanitizeJpeg(original);
  const id = crypto.randomUUID();
  // Never the client's file name: a generated one cannot carry path tricks or collide.
  const fileName = `${crypto.randomUUID()}.jpg`;
  const post: PostRow = {
    id,
    groupId: form.groupId,
    authorId: caller.id,
    fileName,
    width: photo.width,
    height: photo.height,
    photoType: form.photoType,
    description: form.description,
    cameraMake: form.cameraMake,
    cameraModel: form.cameraModel,
    categoryIds: form.categoryIds,
  };
  await insertHiddenPost(svc.pool, post);
  const path = postObjectPath(id, fileName);
  try {
    const { error } = await svc.admin.storage
      .from(PHOTO_BUCKET)
      .upload(path, photo.data, { contentType: 'image/jpeg', upsert: false });
    if (error) throw new Error(`storage refused the photo: ${error.message}`);
    await markUploaded(svc.pool, id);
  } catch (err) {
    // Undo both halves; each undo is tried even if the other fails.
    await svc.admin.storage
      .from(PHOTO_BUCKET)
      .remove([path])
      .catch(() => undefined);
    await deletePost(svc.pool, id).catch((e: Error) =>
      console.error(`[handle-post-create] could not remove post ${id}: ${e.message}`),
    );
    throw err;
  }
  return json(201, { post: { id } });
}

export async function handlePostCreate(req: Request): Promise<Response> {
  if (req.method === 'OPTIONS') return new Response('ok', { headers: CORS_HEADERS });
  if (req.method !== 'POST') return json(405, { error: 'Method not allowed.' });
  try {
    return await createPost(req);
  } catch (err) {
    if (err instanceof HttpError) return errorResponse(err);
    console.error(`[handle-post-create] ${err instanceof Error ? err.message : String(err)}`);
    return json(500, { error: MESSAGES.POST_CREATE_FAILED });
  }
}
