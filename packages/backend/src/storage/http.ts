import type { Context, Next } from 'hono';
import { InvalidJwtError } from '../config/keys.ts';
import type { Caller } from '../db/types.ts';
import { jsonObjectBody } from '../http/body.ts';
import { resolveCaller } from '../http/caller.ts';
import { storageErrors } from './errors.ts';
import type { Rendered } from './render-cache.ts';
import type { ObjectRow } from './repository.ts';
import type { UploadBody } from './service/objects.ts';

/** What storage's route files read from requests and write into responses, in storage-api's forms. */

export type Json = Record<string, unknown>;

/**
 * Refuses a path with a segment no key can hold: bad percent-encoding, or control characters (%00 and the
 * like are no part of any key S3 or the database accepts). Runs before any route.
 */
export async function rejectUnreadablePaths(c: Context, next: Next): Promise<void> {
  for (const segment of new URL(c.req.url).pathname.split('/')) {
    let decoded: string;
    try {
      decoded = decodeURIComponent(segment);
    } catch {
      throw storageErrors.invalidKey(segment);
    }
    if ([...decoded].some((ch) => ch.charCodeAt(0) < 0x20 || ch.charCodeAt(0) === 0x7f))
      throw storageErrors.invalidKey(segment);
  }
  await next();
}

/** The `:bucket` of a route. */
export function bucketParam(c: Context): string {
  return c.req.param('bucket') ?? '';
}

/** The object key of a `/:key{.+}` route, without the one trailing slash a path may end with. */
export function keyParam(c: Context): string {
  return c.req.param('key')?.replace(/\/$/, '') ?? '';
}

/** Who the request runs as; a bad token is storage-api's InvalidJWT. */
export async function callerOf(c: Context, jwtSecret: string): Promise<Caller> {
  try {
    return await resolveCaller(c, jwtSecret);
  } catch (err) {
    if (err instanceof InvalidJwtError)
      throw storageErrors.invalidJwt(err.reason === 'expired' ? 'jwt expired' : err.message);
    throw err;
  }
}

export async function readJsonBody(c: Context): Promise<Json> {
  const body = await jsonObjectBody(c);
  if (!body) throw storageErrors.invalidRequest('Body is not valid JSON');
  return body;
}

/** The strings of a body field that must be a list; MissingParameter when it is not one. */
export function stringList(body: Json, name: string): string[] {
  const value = body[name];
  if (!Array.isArray(value)) throw storageErrors.missingParameter(name);
  return value.filter((p): p is string => typeof p === 'string');
}

function cacheControlOf(value: string | null | undefined): string {
  if (!value) return 'max-age=3600';
  return /^\d+$/.test(value) ? `max-age=${value}` : value;
}

function parseUserMetadata(raw: string | null | undefined, base64: boolean): Json | undefined {
  if (!raw) return undefined;
  try {
    const text = base64 ? Buffer.from(raw, 'base64').toString('utf8') : raw;
    const v: unknown = JSON.parse(text);
    return v && typeof v === 'object' && !Array.isArray(v) ? (v as Json) : undefined;
  } catch {
    throw storageErrors.invalidRequest('Invalid metadata');
  }
}

/**
 * The uploaded file: the first file part of a multipart form (supabase-js names it ''), with its declared
 * type, or the raw body with the Content-Type header. The declared length is checked before reading.
 */
export async function readUpload(c: Context, limit: number): Promise<UploadBody> {
  const declared = Number(c.req.header('content-length'));
  const contentType = c.req.header('content-type') ?? '';
  const multipart = contentType.toLowerCase().startsWith('multipart/form-data');
  // A multipart envelope adds a little; anything far past the limit is refused before it is read.
  if (Number.isFinite(declared) && declared > limit + (multipart ? 64 * 1024 : 0)) throw storageErrors.tooLarge();
  if (multipart) {
    let form: FormData;
    try {
      form = await c.req.raw.formData();
    } catch {
      throw storageErrors.invalidRequest('Malformed multipart body');
    }
    let file: File | undefined;
    for (const [, value] of form.entries()) {
      if (typeof value !== 'string') {
        file = value;
        break;
      }
    }
    if (!file) throw storageErrors.noContent();
    const cacheControl = form.get('cacheControl');
    const metadata = form.get('metadata');
    return {
      bytes: new Uint8Array(await file.arrayBuffer()),
      mimetype: file.type || 'application/octet-stream',
      cacheControl: cacheControlOf(typeof cacheControl === 'string' ? cacheControl : null),
      userMetadata: parseUserMetadata(typeof metadata === 'string' ? metadata : null, false),
    };
  }
  const bytes = new Uint8Array(await c.req.arrayBuffer());
  return {
    bytes,
    mimetype: contentType || 'application/octet-stream',
    cacheControl: cacheControlOf(c.req.header('cache-control')),
    userMetadata: parseUserMetadata(c.req.header('x-metadata'), true),
  };
}

export const isHead = (c: Context): boolean => c.req.method === 'HEAD';

/** storage-api's parseRangeHeader (src/storage/range.ts): one `bytes=` range, or 416 InvalidRange. */
export function parseRange(range: string, size: number): { from: number; to: number } {
  const match = /^bytes=(\d*)-(\d*)$/.exec(range);
  if (!match || size <= 0) throw storageErrors.invalidRange();
  const [, start = '', end = ''] = match;
  if (!start && !end) throw storageErrors.invalidRange();
  if (!start) {
    const suffix = Number(end);
    if (!Number.isSafeInteger(suffix) || suffix <= 0) throw storageErrors.invalidRange();
    return { from: Math.max(size - suffix, 0), to: size - 1 };
  }
  const from = Number(start);
  const to = end ? Number(end) : size - 1;
  if (!Number.isSafeInteger(from) || !Number.isSafeInteger(to) || from < 0 || to < from || from >= size)
    throw storageErrors.invalidRange();
  return { from, to: Math.min(to, size - 1) };
}

/**
 * An object download, as storage-api's asset renderer answers it (src/storage/renderer/renderer.ts, with the
 * file backend's conditional and range handling): `Accept-Ranges: bytes`, `X-Robots-Tag: none`, HTML served
 * as text/plain, 304 when the client has this version, 206 with Content-Range for a `Range` (416 InvalidRange
 * when it cannot be served), no bytes for HEAD. A signed URL (`signed`) also sends `Expires` at its expiry and
 * its own Cache-Control.
 */
export function objectResponse(
  c: Context,
  obj: ObjectRow,
  bytes: Buffer | undefined,
  signed?: { cacheControl: string; expiresAt: number },
): Response {
  const meta = obj.metadata;
  const etag = meta?.eTag ?? `"${obj.version}"`;
  const mimetype = meta?.mimetype ?? 'application/octet-stream';
  const requestEtag = c.req.header('if-none-match');
  let cacheControl = signed?.cacheControl ?? meta?.cacheControl ?? 'no-cache';
  // handleCacheControl: a client revalidating an older version may use it a little longer.
  if (!signed && requestEtag && requestEtag !== etag) cacheControl += ', stale-while-revalidate=30';
  const headers: Record<string, string> = {
    'accept-ranges': 'bytes',
    'content-type': mimetype.includes('text/html') ? 'text/plain' : mimetype,
    'cache-control': cacheControl,
    etag,
    'x-robots-tag': 'none',
    'last-modified': new Date(obj.updated_at ?? Date.now()).toUTCString(),
  };
  if (signed) headers.expires = new Date(signed.expiresAt * 1000).toUTCString();
  const download = c.req.query('download');
  if (download !== undefined) {
    const name = encodeURIComponent(download);
    headers['content-disposition'] = download
      ? `attachment; filename=${name}; filename*=UTF-8''${name}`
      : 'attachment;';
  }
  if (requestEtag === etag) return new Response(null, { status: 304, headers });
  if (!bytes) {
    headers['content-length'] = String(meta?.size ?? 0);
    return new Response(null, { status: 200, headers });
  }
  const range = c.req.header('range');
  if (range && !isHead(c)) {
    const { from, to } = parseRange(range, bytes.byteLength);
    headers['content-range'] = `bytes ${from}-${to}/${bytes.byteLength}`;
    headers['content-length'] = String(to - from + 1);
    return new Response(new Uint8Array(bytes.subarray(from, to + 1)), { status: 206, headers });
  }
  headers['content-length'] = String(bytes.byteLength);
  return new Response(isHead(c) ? null : new Uint8Array(bytes), { status: 200, headers });
}

/** A rendition, with the header that tells whether it came from the render cache. */
export function renderResponse(c: Context, obj: ObjectRow, rendered: Rendered, cacheControl: string): Response {
  const headers: Record<string, string> = {
    'content-type': rendered.contentType,
    'cache-control': cacheControl,
    etag: rendered.etag,
    vary: 'Accept',
    // storage-api's image renderer shares the asset renderer's headers.
    'accept-ranges': 'bytes',
    'x-robots-tag': 'none',
    'last-modified': new Date(obj.updated_at ?? Date.now()).toUTCString(),
    'x-transform-cache': rendered.cached ? 'HIT' : 'MISS',
  };
  if (c.req.header('if-none-match') === rendered.etag) return new Response(null, { status: 304, headers });
  headers['content-length'] = String(rendered.bytes.byteLength);
  return new Response(isHead(c) ? null : new Uint8Array(rendered.bytes), { status: 200, headers });
}
