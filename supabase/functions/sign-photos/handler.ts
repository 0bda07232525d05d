/**
 * sign-photos: signed, transformed URLs for a page of posts in one request (the wire format and limits are
 * @snapshire/contracts' sign-photos module). The posts are read AS THE CALLER, with their token, so row level
 * security decides what they may see: a post of a private group they are not in comes back exactly as a
 * post that does not exist (absent). Storage paths come from the database, never from the request; each is
 * then signed at each asked width with the service role, in parallel, through the storage API's own
 * createSignedUrl (the token carries the transform, as storage-api's render route requires).
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
  type FunctionErrorResponse,
  type ImageTransform,
  type SignPhotosResponse,
  type SignedRendition,
} from '@snapshire/contracts';
import { CORS_HEADERS, HttpError, errorResponse, json } from '../_shared/http.ts';
import { RateWindows, rateKey } from '../_shared/rate-limit.ts';
import { setting } from '../_shared/supabase.ts';

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
async function visiblePosts(token: string, ids: readonly string[]): Promise<PostPhoto[]> {
  const response = await fetch(`${setting('SUPABASE_URL')}/graphql/v1`, {
    method: 'POST',
    headers: {
      apikey: setting('SUPABASE_ANON_KEY'),
      authorization: `Bearer ${token}`,
      'content-type': 'application/json',
    },
    body: JSON.stringify({
      query: `query SignPhotos($ids: [UUID!], $first: Int) {
        postCollection(filter: { id: { in: $ids }, has_uploaded_photo: { eq: true } }, first: $first) {
          edges { node { id file_name meta_width meta_height } }
        } }`,
      variables: { ids, first: ids.length },
    }),
  });
  if (response.status === 401 || response.status === 403)
    throw new HttpError(401, SIGN_PHOTOS_MESSAGES.SESSION_INVALID);
  if (!response.ok) throw new Error(`GraphQL answered HTTP ${response.status}`);
  const body = (await response.json()) as {
    data?: { postCollection?: { edges: { node: PostPhoto }[] } | null } | null;
    errors?: { message: string }[];
  };
  if (body.errors?.length) throw new Error(`GraphQL refused: ${body.errors[0]!.message}`);
  return body.data?.postCollection?.edges.map((edge) => edge.node) ?? [];
}

/** One signed path from the storage API (service role), relative to it, as storage-api answers it. */
async function signPath(path: string, transform: ImageTransform): Promise<string> {
  const serviceKey = setting('SUPABASE_SERVICE_ROLE_KEY');
  const encoded = path.split('/').map(encodeURIComponent).join('/');
  const response = await fetch(`${setting('SUPABASE_URL')}/storage/v1/object/sign/${PHOTO_BUCKET}/${encoded}`, {
    method: 'POST',
    headers: { apikey: serviceKey, authorization: `Bearer ${serviceKey}`, 'content-type': 'application/json' },
    body: JSON.stringify({ expiresIn: LIMITS.SIGNED_URL_EXPIRES_IN_S, transform }),
  });
  const body = (await response.json().catch(() => null)) as { signedURL?: unknown; message?: unknown } | null;
  if (!response.ok || typeof body?.signedURL !== 'string')
    throw new Error(`storage refused to sign ${path}: HTTP ${response.status} ${String(body?.message ?? '')}`);
  return body.signedURL;
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
  const token = /^Bearer\s+(\S+)$/i.exec(req.headers.get('authorization') ?? '')?.[1];
  if (!token) throw new HttpError(401, SIGN_PHOTOS_MESSAGES.SESSION_INVALID);
  if (!rate.hit(rateKey(token, address))) throw new HttpError(429, SIGN_PHOTOS_MESSAGES.RATE_LIMITED);

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

  const posts = await visiblePosts(token, postIds);
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
    jobs.map((job) => () => signPath(job.path, job.transform)),
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
