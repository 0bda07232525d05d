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

/**
 * An object download: bytes with storage-api's headers (no bytes for HEAD); 304 when the client already has
 * this version. `cacheControl` overrides the object's own (a signed URL's lifetime).
 */
export function objectResponse(c: Context, obj: ObjectRow, bytes: Buffer | undefined, cacheControl?: string): Response {
  const meta = obj.metadata;
  const etag = meta?.eTag ?? `"${obj.version}"`;
  const headers: Record<string, string> = {
    'content-type': meta?.mimetype ?? 'application/octet-stream',
    'cache-control': cacheControl ?? meta?.cacheControl ?? 'no-cache',
    etag,
    'last-modified': new Date(obj.updated_at ?? Date.now()).toUTCString(),
  };
  const download = c.req.query('download');
  if (download !== undefined) {
    const name = download || obj.name.split('/').pop() || 'download';
    headers['content-disposition'] =
      `attachment; filename="${encodeURIComponent(name)}"; filename*=UTF-8''${encodeURIComponent(name)}`;
  }
  if (c.req.header('if-none-match') === etag) return new Response(null, { status: 304, headers });
  if (!bytes) {
    headers['content-length'] = String(meta?.size ?? 0);
    return new Response(null, { status: 200, headers });
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
    'last-modified': new Date(obj.updated_at ?? Date.now()).toUTCString(),
    'x-transform-cache': rendered.cached ? 'HIT' : 'MISS',
  };
  if (c.req.header('if-none-match') === rendered.etag) return new Response(null, { status: 304, headers });
  headers['content-length'] = String(rendered.bytes.byteLength);
  return new Response(isHead(c) ? null : new Uint8Array(rendered.bytes), { status: 200, headers });
}
