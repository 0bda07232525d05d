/**
 * handle-post-create: creates a post from the new-post screen's multipart form.
 *
 *   1. authenticate the caller (bearer token -> auth.getUser, once, through _shared/platform.ts);
 *   2. read and validate the form with the wire format's decoder (decodePostCreateForm);
 *   3. check the bytes are a JPEG within the pixel limit, from its header, before any decoding;
 *   4. ask the database whether the caller may post into the group with these categories;
 *   5. read the camera details from the EXIF, decode, turn upright and re-encode the photo without metadata
 *      (EXIF, GPS), computing its placeholder (ThumbHash) from the decoded pixels; a file that cannot be
 *      decoded is refused as damaged, a failure of the image step itself is the server's (500, logged);
 *   6. store the photo under a generated name, then insert the post (shown) with its categories in one
 *      RPC; if that fails, remove the photo again.
 * With an idempotency key (the client's, one per photo) the post is stored once per key per user: a request
 * whose key already made a post gets that post back (before any image work, nothing stored), or a 409 when
 * it carries a different photo; two racing requests with one key leave one post and no stray photo.
 * No step leaves a visible half post: a post row exists only once its photo is stored. Answers
 * 201 {post: {id}} or {error, issues?}: the response schemas of @snapshire/contracts (post-create.ts).
 */
import { CAMERA_DETAILS, MESSAGES, PHOTO_BUCKET, type PostCreatedResponse, postObjectPath } from '@snapshire/contracts';
import { CORS_HEADERS, describeFailure, errorResponse, HttpError, json } from '../_shared/http.ts';
import { requestPlatform } from '../_shared/platform.ts';
import { checkPostCreate, createPost, keyedPost, type KeyedPost, type PostRow } from './database.ts';
import { readPostCreateRequest } from './form.ts';
import { inspectJpeg, sanitizeJpeg } from './image.ts';

/** SHA-256 of the bytes, hex: what tells a retry of the same photo from a key reused with another. */
async function sha256Hex(bytes: Uint8Array): Promise<string> {
  // The bytes are read from the request into a plain ArrayBuffer; TypeScript types a Uint8Array's buffer as
  // possibly shared, which digest() does not take.
  const digest = await crypto.subtle.digest('SHA-256', bytes as Uint8Array<ArrayBuffer>);
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * The answer to a request whose key already made a post: that post (200, not 201: nothing new was created),
 * or a refusal when the key came with a different photo.
 */
function replay(earlier: KeyedPost, fileSha256: string): Response {
  if (earlier.fileSha256 !== fileSha256) throw new HttpError(409, MESSAGES.IDEMPOTENCY_KEY_REUSED);
  const created: PostCreatedResponse = { post: { id: earlier.postId } };
  return json(200, created);
}

async function handle(req: Request): Promise<Response> {
  const platform = requestPlatform(req, MESSAGES.NOT_SIGNED_IN);
  const service = platform.service;
  const caller = await platform.caller();
  const form = await readPostCreateRequest(req);
  const original = form.file.bytes;
  const key = form.idempotencyKey;
  const fileSha256 = key ? await sha256Hex(original) : undefined;
  if (key && fileSha256) {
    const earlier = await keyedPost(service, caller.id, key);
    if (earlier) return replay(earlier, fileSha256);
  }
  inspectJpeg(original);
  await checkPostCreate(service, caller.id, form.groupId, form.categoryIds);

  const photo = await sanitizeJpeg(original);
  const id = crypto.randomUUID();
  // Never the client's file name: a generated one cannot carry path tricks or collide.
  const fileName = `${crypto.randomUUID()}.jpg`;
  const path = postObjectPath(id, fileName);
  const stored = await service.storage
    .from(PHOTO_BUCKET)
    .upload(path, photo.data, { contentType: 'image/jpeg', upsert: false });
  if (stored.error) throw new Error(`storage refused the photo: ${stored.error.message}`, { cause: stored.error });

  // The uploader may leave out what the photo's EXIF says (CAMERA_DETAILS in @snapshire/contracts); make and
  // model the client sent itself are its own statement and win over the EXIF's (a scan of a film names the
  // scanner, the person names the camera).
  const exif = form.cameraDetails === CAMERA_DETAILS.OMIT ? {} : photo.camera;
  const post: PostRow = {
    id,
    groupId: form.groupId,
    authorId: caller.id,
    fileName,
    width: photo.width,
    height: photo.height,
    photoType: form.photoType,
    description: form.description,
    cameraMake: form.cameraMake ?? exif.make,
    cameraModel: form.cameraModel ?? exif.model,
    categoryIds: form.categoryIds,
    thumbhash: photo.placeholder,
    cameraLens: exif.lens,
    exposureTime: exif.exposureTime,
    fNumber: exif.fNumber,
    iso: exif.iso,
    focalLength: exif.focalLength,
    idempotencyKey: key,
    fileSha256,
  };
  const removePhoto = async () => {
    const removed = await service.storage
      .from(PHOTO_BUCKET)
      .remove([path])
      .catch((e: Error) => ({ error: e }));
    if (removed.error) console.error(`[handle-post-create] could not remove ${path}: ${removed.error.message}`);
  };
  let outcome: 'created' | 'duplicate';
  try {
    outcome = await createPost(service, post);
  } catch (err) {
    await removePhoto();
    throw err;
  }
  if (outcome === 'duplicate' && key && fileSha256) {
    // A request with the same key committed while this one decoded: its post stands, this photo goes.
    await removePhoto();
    const earlier = await keyedPost(service, caller.id, key);
    if (!earlier) throw new Error('post_create answered duplicate but the key has no post');
    return replay(earlier, fileSha256);
  }
  const created: PostCreatedResponse = { post: { id } };
  return json(201, created);
}

/** The request's id for the log: the API gateway's (Supabase sets sb-request-id), else one made here. */
function requestId(req: Request): string {
  return req.headers.get('sb-request-id') ?? req.headers.get('x-request-id') ?? crypto.randomUUID();
}

export async function handlePostCreate(req: Request): Promise<Response> {
  if (req.method === 'OPTIONS') return new Response('ok', { headers: CORS_HEADERS });
  if (req.method !== 'POST') return errorResponse(new HttpError(405, 'Method not allowed.'));
  try {
    return await handle(req);
  } catch (err) {
    if (err instanceof HttpError) return errorResponse(err);
    // The server's own failure (a trap in the image step, storage or the database down): never blamed
    // on the person's photo, and logged with what identifies the request.
    console.error(`[handle-post-create] request ${requestId(req)} failed: ${describeFailure(err)}`);
    return errorResponse(new HttpError(500, MESSAGES.POST_CREATE_FAILED));
  }
}
