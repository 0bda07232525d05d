/**
 * sign-photos: signed, transformed URLs for a page of posts in one request (the wire format and limits are
 * @snapshire/contracts' sign-photos module). The posts are read AS THE CALLER, with their token, so row level
 * security decides what they may see: a post of a private group they are not in comes back exactly as a
 * post that does not exist (absent). Storage paths come from the database, never from the request; each is
 * then signed at each asked width with the service role, in parallel, through the storage API's own
 * createSignedUrl (the token carries the transform, as storage-api's render route requires). Both go
 * through _shared/platform.ts.
 */
import {
  LIMITS,
  PHOTO_BUCKET,
  SIGN_PHOTOS_LIMITS,
  SIGN_PHOTOS_MESSAGES,
  imageTransform,
  issueMessages,
  postObjectPath,
  signPhotosRequestSchema,
  signedPhotoUrl,
  type FunctionErrorResponse,
  type ImageTransform,
  type SignPhotosResponse,
  type SignedRendition,
} from '@snapshire/contracts';
import { CORS_HEADERS, HttpError, errorResponse, json } from '../_shared/http.ts';
import { GraphqlHttpError, type RequestPlatform, requestPlatform } from '../_shared/platform.ts';
import { RateWindows, rateKey } from '../_shared/rate-limit.ts';

interface PostPhoto {
  id: string;
  file_name: string;
  meta_width: number;
  meta_height: number;
}

const rate = new RateWindows(SIGN_PHOTOS_LIMITS.REQUESTS_PER_MINUTE, 60_000);

/** The body as text, refused past the limit whether or not a Content-Length says so. */
async function readLimited(req: Request, limit: number): Promise<string> {
  const declared = Number(req.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > limit) throw new HttpError(413, SIGN_PHOTOS_MESSAGES.TOO_LARGE);
  if (!req.body) return '';
  const reader = req.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel();
      throw new HttpError(413, SIGN_PHOTOS_MESSAGES.TOO_LARGE);
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return new TextDecoder().decode(bytes);
}

/**
 * The posts among `ids` the caller may see and that have a photo, through the project's GraphQL API with the
 * caller's token (the anon key for a visitor). A token the API refuses is the caller's problem: 401.
 */
async function visiblePosts(platform: RequestPlatform, ids: readonly string[]): Promise<PostPhoto[]> {
  try {
    const data = await platform.graphql<{ postCollection?: { edges: { node: PostPhoto }[] } | null }>(
      `query SignPhotos($ids: [UUID!], $first: Int) {
        postCollection(filter: { id: { in: $ids }, has_uploaded_photo: { eq: true } }, first: $first) {
          edges { node { id file_name meta_width meta_height } }
        } }`,
      { ids, first: ids.length },
    );
    return data.postCollection?.edges.map((edge) => edge.node) ?? [];
  } catch (err) {
    if (err instanceof GraphqlHttpError && (err.status === 401 || err.status === 403))
      throw new HttpError(401, SIGN_PHOTOS_MESSAGES.SESSION_INVALID);
    throw err;
  }
}

/**
 * One signed path (service role), relative to the storage API as storage-api answers it: supabase-js gives
 * the full URL, which is signedPhotoUrl of that path (the browser's side of it), so the path is read back out.
 */
async function signPath(platform: RequestPlatform, path: string, transform: ImageTransform): Promise<string> {
  const { data, error } = await platform.service.storage
    .from(PHOTO_BUCKET)
    .createSignedUrl(path, LIMITS.SIGNED_URL_EXPIRES_IN_S, { transform });
  if (error) throw new Error(`storage refused to sign ${path}: ${error.message}`, { cause: error });
  const storageUrl = signedPhotoUrl(platform.projectUrl, '');
  if (!data.signedUrl.startsWith(storageUrl)) throw new Error(`${data.signedUrl} is not under ${storageUrl}`);
  return decodeURI(data.signedUrl.slice(storageUrl.length));
}

/** Runs `tasks` with at most `limit` at a time. */
async function runLimited<T>(tasks: (() => Promise<T>)[], limit: number): Promise<PromiseSettledResult<T>[]> {
  const results: PromiseSettledResult<T>[] = new Array(tasks.length);
  let next = 0;
  const worker = async () => {
    while (next < tasks.length) {
      const index = next++;
      try {
        results[index] = { status: 'fulfilled', value: await tasks[index]!() };
      } catch (reason) {
        results[index] = { status: 'rejected', reason };
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, tasks.length) }, worker));
  return results;
}

async function handle(req: Request, address: string | undefined): Promise<Response> {
  const platform = requestPlatform(req, SIGN_PHOTOS_MESSAGES.SESSION_INVALID);
  if (!platform.token) throw new HttpError(401, SIGN_PHOTOS_MESSAGES.SESSION_INVALID);
  if (!rate.hit(rateKey(platform.token, address))) throw new HttpError(429, SIGN_PHOTOS_MESSAGES.RATE_LIMITED);

  const text = await readLimited(req, SIGN_PHOTOS_LIMITS.MAX_BODY_BYTES);
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    throw new HttpError(400, SIGN_PHOTOS_MESSAGES.NOT_JSON);
  }
  const parsed = signPhotosRequestSchema.safeParse(raw);
  if (!parsed.success) {
    const issues = issueMessages(parsed.error);
    throw new HttpError(400, issues[0] ?? SIGN_PHOTOS_MESSAGES.BAD_REQUEST, issues);
  }
  const { postIds, widths, widthsByPost } = parsed.data;

  const posts = await visiblePosts(platform, postIds);
  // One signature per distinct transform of each photo at its widths (a photo narrower than several widths
  // has one), so a page of tiles that each want one step costs one signature a tile.
  const jobs: { postId: string; transform: ImageTransform; path: string }[] = [];
  for (const post of posts) {
    const seen = new Set<number>();
    for (const width of [...(widthsByPost?.[post.id] ?? widths)].sort((a, b) => a - b)) {
      const transform = imageTransform({ width: post.meta_width, height: post.meta_height }, width);
      if (seen.has(transform.width)) continue;
      seen.add(transform.width);
      jobs.push({ postId: post.id, transform, path: postObjectPath(post.id, post.file_name) });
    }
  }
  const signed = await runLimited(
    jobs.map((job) => () => signPath(platform, job.path, job.transform)),
    SIGN_PHOTOS_LIMITS.SIGN_CONCURRENCY,
  );
  const photos: Record<string, SignedRendition[]> = {};
  signed.forEach((result, index) => {
    const job = jobs[index]!;
    if (result.status === 'rejected') {
      // A post whose object is gone (or a storage hiccup) loses that rendition only; the rest still show.
      console.error(`[sign-photos] ${result.reason instanceof Error ? result.reason.message : String(result.reason)}`);
      return;
    }
    (photos[job.postId] ??= []).push({
      width: job.transform.width,
      height: job.transform.height,
      signedPath: result.value,
    });
  });
  const body: SignPhotosResponse = { expiresIn: LIMITS.SIGNED_URL_EXPIRES_IN_S, photos };
  return json(200, body);
}

export async function signPhotos(req: Request, info?: { remoteAddr?: { hostname?: string } }): Promise<Response> {
  if (req.method === 'OPTIONS') return new Response('ok', { headers: CORS_HEADERS });
  try {
    if (req.method !== 'POST') throw new HttpError(405, SIGN_PHOTOS_MESSAGES.METHOD);
    return await handle(req, info?.remoteAddr?.hostname);
  } catch (err) {
    if (err instanceof HttpError) return errorResponse(err);
    console.error(`[sign-photos] ${err instanceof Error ? err.message : String(err)}`);
    return json(500, { error: SIGN_PHOTOS_MESSAGES.FAILED } satisfies FunctionErrorResponse);
  }
}
