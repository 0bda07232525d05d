import { SERVER_LIMITS } from '@snapshire/contracts';
import { Hono, type Context } from 'hono';
import type { BackendContext } from '../context.ts';
import type { Caller } from '../db/types.ts';
import { InvalidJwtError, signProjectJwt, verifyProjectJwt } from '../config/keys.ts';
import { resolveCaller } from '../http/caller.ts';
import { StorageError, storageErrorResponse, storageErrors } from './errors.ts';
import {
  OBJECT_COLUMNS,
  ObjectFiles,
  assertValidKey,
  findBucket,
  mapDbError,
  metadataFor,
  mimeAllowed,
  ownerOf,
  selectObject,
  selectObjectAsOwner,
  type BucketRow,
  type ObjectRow,
} from './objects.ts';
import { RenderCache, parseTransform, transformFromString, transformToString, type Transform } from './render.ts';

type Json = Record<string, unknown>;

const UNREADABLE = 'Either the object does not exist or you do not have access to it';

/** Path segments after /storage/v1, each percent-decoded. */
function segments(c: Context): string[] {
  const pathname = new URL(c.req.url).pathname;
  const rest = pathname.replace(/^\/storage\/v1\/?/, '');
  return rest
    .split('/')
    .filter((s, i, all) => !(s === '' && i === all.length - 1))
    .map((s) => {
      let decoded: string;
      try {
        decoded = decodeURIComponent(s);
      } catch {
        throw storageErrors.invalidKey(s);
      }
      // Control characters (%00 and the like) are no part of any key S3 or the database accepts.
      if ([...decoded].some((ch) => ch.charCodeAt(0) < 0x20 || ch.charCodeAt(0) === 0x7f))
        throw storageErrors.invalidKey(s);
      return decoded;
    });
}

async function readJsonBody(c: Context): Promise<Json> {
  const text = await c.req.text();
  if (!text.trim()) return {};
  try {
    const v: unknown = JSON.parse(text);
    if (v && typeof v === 'object' && !Array.isArray(v)) return v as Json;
  } catch {
    /* below */
  }
  throw storageErrors.invalidRequest('Body is not valid JSON');
}

function expiresInOf(body: Json): number {
  const n = Number(body.expiresIn);
  const max = SERVER_LIMITS.SIGNED_URL_MAX_EXPIRES_IN_S;
  if (!Number.isInteger(n) || n < 1) throw storageErrors.invalidRequest('body/expiresIn must be >= 1');
  // A signed URL is a credential: it must not outlive any sensible sharing of it.
  if (n > max) throw storageErrors.invalidParameter(`expiresIn must be at most ${max} seconds`);
  return n;
}

interface UploadBody {
  bytes: Uint8Array;
  mimetype: string;
  cacheControl: string;
  userMetadata: Json | undefined;
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
async function readUpload(c: Context, limit: number): Promise<UploadBody> {
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

/** An object download: bytes with storage-api's headers; 304 when the client already has this version. */
function objectResponse(c: Context, obj: ObjectRow, bytes: Buffer | undefined, extraCache?: string): Response {
  const meta = obj.metadata;
  const etag = meta?.eTag ?? `"${obj.version}"`;
  const headers: Record<string, string> = {
    'content-type': meta?.mimetype ?? 'application/octet-stream',
    'cache-control': extraCache ?? meta?.cacheControl ?? 'no-cache',
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
  return new Response(c.req.method === 'HEAD' ? null : new Uint8Array(bytes), { status: 200, headers });
}

/**
 * The storage-api subset supabase-js 2.109 uses: upload (POST/PUT, multipart or raw, x-upsert), download
 * (authenticated, public, signed), info, list, remove, move, copy, signed URLs (single and batch, with
 * transforms) and image rendering, plus bucket reads and admin writes. Object rows are written and read
 * as the caller (RLS decides), bytes live on disk per object version.
 */
export function storageRoutes(ctx: BackendContext): Hono {
  const app = new Hono();
  const files = new ObjectFiles(ctx.objectsDir, () => ctx.db.assertWritable());
  const renders = new RenderCache(ctx.renderCacheDir, 100_000_000, ctx.config.renderCacheMaxBytes);
  const { db, config } = ctx;

  app.onError((err, c) => {
    if (err instanceof StorageError) return storageErrorResponse(c, err);
    ctx.log(`storage error: ${err instanceof Error ? err.message : String(err)}`);
    return storageErrorResponse(c, storageErrors.internal());
  });

  async function callerOf(c: Context): Promise<Caller> {
    try {
      return await resolveCaller(c, config.jwtSecret);
    } catch (err) {
      if (err instanceof InvalidJwtError)
        throw storageErrors.invalidJwt(err.reason === 'expired' ? 'jwt expired' : err.message);
      throw err;
    }
  }

  // --- signed tokens -----------------------------------------------------------------------------------
  async function signToken(bucket: string, key: string, expiresIn: number, transform?: Transform): Promise<string> {
    const iat = Math.floor(Date.now() / 1000);
    const payload: Json = { url: `${bucket}/${key}`, iat, exp: iat + expiresIn };
    if (transform) payload.transformations = transformToString(transform);
    return signProjectJwt(payload, config.jwtSecret);
  }

  /**
   * A signed token's claims, checked against what it is presented for: its object, and its purpose (a token
   * signed for a render, e.g. width 100, never fetches the original on /object/sign).
   */
  async function verifyToken(
    c: Context,
    bucket: string,
    key: string,
    purpose: 'object' | 'render',
  ): Promise<{ transform?: Transform; exp: number }> {
    const token = c.req.query('token');
    if (!token) throw storageErrors.invalidSignature();
    let payload: Json;
    try {
      payload = await verifyProjectJwt(token, config.jwtSecret);
    } catch (err) {
      throw storageErrors.invalidJwt(
        err instanceof InvalidJwtError && err.reason === 'expired' ? 'jwt expired' : 'invalid signature',
      );
    }
    if (payload.url !== `${bucket}/${key}`) throw storageErrors.invalidSignature();
    if (purpose === 'object' && payload.transformations !== undefined) throw storageErrors.invalidSignature();
    const transform =
      typeof payload.transformations === 'string' ? transformFromString(payload.transformations) : undefined;
    return { transform, exp: Number(payload.exp) };
  }

  function signedPath(bucket: string, key: string, token: string, transform?: Transform): string {
    // Relative and not percent-encoded: supabase-js prefixes the storage URL and encodeURI()s the whole.
    return `${transform ? '/render/image/sign' : '/object/sign'}/${bucket}/${key}?token=${token}`;
  }

  // --- upload ------------------------------------------------------------------------------------------
  async function upload(
    c: Context,
    bucketId: string,
    key: string,
    upsert: boolean,
    updateOnly: boolean,
  ): Promise<Response> {
    assertValidKey(key);
    const caller = await callerOf(c);
    const bucket = await findBucket(db, bucketId);
    const bucketLimit = bucket.file_size_limit === null ? Infinity : Number(bucket.file_size_limit);
    const limit = Math.min(bucketLimit, config.storageFileSizeLimit);
    const body = await readUpload(c, limit);
    if (body.bytes.byteLength > limit) throw storageErrors.tooLarge();
    if (!mimeAllowed(body.mimetype, bucket.allowed_mime_types)) throw storageErrors.invalidMimeType(body.mimetype);

    const previous = await selectObjectAsOwner(db, bucketId, key);
    if (updateOnly && !previous) throw storageErrors.noSuchKey();
    const version = await files.write(body.bytes);
    const metadata = metadataFor(body.bytes, body.mimetype.split(';')[0]!.trim(), body.cacheControl);
    const owner = ownerOf(caller);
    let row: { id: string };
    try {
      row = await db.asCaller(caller, async (sql) => {
        const insert = `insert into storage.objects (bucket_id, name, owner, owner_id, metadata, version, user_metadata)
          values ($1, $2, $3, $4, $5, $6, $7)`;
        const params = [
          bucketId,
          key,
          owner,
          owner,
          JSON.stringify(metadata),
          version,
          body.userMetadata ? JSON.stringify(body.userMetadata) : null,
        ];
        if (updateOnly) {
          const res = await sql.query<{ id: string }>(
            `update storage.objects set owner = $3, owner_id = $4, metadata = $5, version = $6, user_metadata = $7,
               updated_at = now(), last_accessed_at = now()
             where bucket_id = $1 and name = $2 returning id`,
            params,
          );
          if (!res.rows[0]) throw storageErrors.noSuchKey();
          return res.rows[0];
        }
        const res = await sql.query<{ id: string }>(
          upsert
            ? `${insert} on conflict (bucket_id, name) do update set owner = excluded.owner, owner_id = excluded.owner_id,
                 metadata = excluded.metadata, version = excluded.version, user_metadata = excluded.user_metadata,
                 updated_at = now(), last_accessed_at = now()
               returning id`
            : `${insert} returning id`,
          params,
        );
        return res.rows[0]!;
      });
    } catch (err) {
      await files.remove(version);
      mapDbError(err);
    }
    if (previous?.version && previous.version !== version) {
      await files.remove(previous.version);
      await renders.forget(previous.version);
    }
    return c.json({ Id: row.id, Key: `${bucketId}/${key}` });
  }

  // --- reads -------------------------------------------------------------------------------------------
  async function download(c: Context, bucket: string, key: string): Promise<Response> {
    const caller = await callerOf(c);
    const obj = await selectObject(db, caller, bucket, key);
    if (!obj?.version) throw storageErrors.noSuchKey();
    return objectResponse(c, obj, c.req.method === 'HEAD' ? undefined : await readBytes(obj));
  }

  async function readBytes(obj: ObjectRow): Promise<Buffer> {
    try {
      return await files.read(obj.version!);
    } catch {
      throw storageErrors.noSuchKey();
    }
  }

  async function publicBucket(bucketId: string): Promise<BucketRow> {
    const bucket = await findBucket(db, bucketId);
    if (!bucket.public) throw storageErrors.noSuchBucket();
    return bucket;
  }

  function infoJson(obj: ObjectRow): Json {
    return {
      id: obj.id,
      name: obj.name,
      version: obj.version,
      bucket_id: obj.bucket_id,
      size: obj.metadata?.size ?? null,
      content_type: obj.metadata?.mimetype ?? null,
      cache_control: obj.metadata?.cacheControl ?? null,
      etag: obj.metadata?.eTag ?? null,
      metadata: obj.user_metadata ?? {},
      last_modified: obj.updated_at ? new Date(obj.updated_at).toISOString() : null,
      created_at: obj.created_at ? new Date(obj.created_at).toISOString() : null,
    };
  }

  // --- image rendering ---------------------------------------------------------------------------------
  async function render(c: Context, obj: ObjectRow, t: Transform, cacheControl: string): Promise<Response> {
    const rendered = await renders.render(
      obj.version!,
      () => readBytes(obj),
      t,
      c.req.header('accept'),
      sourceFormat(obj),
    );
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
    return new Response(c.req.method === 'HEAD' ? null : new Uint8Array(rendered.bytes), { status: 200, headers });
  }

  function sourceFormat(obj: ObjectRow): string | undefined {
    const mime = obj.metadata?.mimetype ?? '';
    return mime === 'image/png' ? 'png' : mime === 'image/webp' ? 'webp' : 'jpeg';
  }

  /** A signed URL's answer may be cached until its token expires: the URL itself is the credential. */
  function signedCacheControl(exp: number): string {
    const seconds = Math.max(exp - Math.floor(Date.now() / 1000), 0);
    return `private, max-age=${seconds}, immutable`;
  }

  function queryTransform(c: Context): Transform {
    return parseTransform(c.req.query()) ?? {};
  }

  // --- removal -----------------------------------------------------------------------------------------
  async function removeMany(c: Context, bucket: string, names: string[]): Promise<ObjectRow[]> {
    const caller = await callerOf(c);
    let deleted: ObjectRow[];
    try {
      deleted = await db.asCaller(caller, async (sql) => {
        const res = await sql.query<ObjectRow>(
          `delete from storage.objects where bucket_id = $1 and name = any($2::text[]) returning ${OBJECT_COLUMNS}`,
          [bucket, names],
        );
        return res.rows;
      });
    } catch (err) {
      mapDbError(err);
    }
    for (const obj of deleted) {
      await files.remove(obj.version);
      if (obj.version) await renders.forget(obj.version);
    }
    return deleted;
  }

  function rowJson(obj: ObjectRow): Json {
    return {
      ...obj,
      created_at: obj.created_at ? new Date(obj.created_at).toISOString() : null,
      updated_at: obj.updated_at ? new Date(obj.updated_at).toISOString() : null,
      last_accessed_at: obj.last_accessed_at ? new Date(obj.last_accessed_at).toISOString() : null,
    };
  }

  // --- list --------------------------------------------------------------------------------------------
  async function list(c: Context, bucket: string): Promise<Response> {
    const caller = await callerOf(c);
    const body = await readJsonBody(c);
    let prefix = typeof body.prefix === 'string' ? body.prefix : '';
    if (prefix && !prefix.endsWith('/')) prefix += '/';
    const limit = Math.min(Math.max(Number(body.limit) || 100, 1), 1000);
    const offset = Math.max(Number(body.offset) || 0, 0);
    const search = typeof body.search === 'string' ? body.search.toLowerCase() : '';
    const sortBy = (body.sortBy ?? {}) as { column?: string; order?: string };
    const column = ['name', 'updated_at', 'created_at', 'last_accessed_at'].includes(sortBy.column ?? '')
      ? sortBy.column!
      : 'name';
    const desc = sortBy.order?.toLowerCase() === 'desc';
    await findBucket(db, bucket);
    const rows = await db
      .asCaller(caller, (sql) =>
        sql.query<ObjectRow>(
          `select ${OBJECT_COLUMNS} from storage.objects where bucket_id = $1 and starts_with(name, $2) order by name`,
          [bucket, prefix],
        ),
      )
      .catch(mapDbError);
    const entries = new Map<string, Json>();
    for (const obj of rows.rows) {
      const rest = obj.name.slice(prefix.length);
      const slash = rest.indexOf('/');
      const name = slash >= 0 ? rest.slice(0, slash) : rest;
      if (search && !name.toLowerCase().startsWith(search)) continue;
      if (slash >= 0) {
        if (!entries.has(`${name}/`)) {
          entries.set(`${name}/`, {
            name,
            id: null,
            updated_at: null,
            created_at: null,
            last_accessed_at: null,
            metadata: null,
          });
        }
      } else {
        const json = rowJson(obj);
        entries.set(name, {
          name,
          id: obj.id,
          updated_at: json.updated_at,
          created_at: json.created_at,
          last_accessed_at: json.last_accessed_at,
          metadata: obj.metadata,
        });
      }
    }
    const sorted = [...entries.values()].sort((a, b) => {
      // Folders (no id) first, as storage.search orders them.
      if ((a.id === null) !== (b.id === null)) return a.id === null ? -1 : 1;
      const av = String(a[column] ?? '');
      const bv = String(b[column] ?? '');
      return (av < bv ? -1 : av > bv ? 1 : 0) * (desc ? -1 : 1);
    });
    return c.json(sorted.slice(offset, offset + limit));
  }

  // --- buckets -----------------------------------------------------------------------------------------
  function bucketJson(b: BucketRow): Json {
    return {
      id: b.id,
      name: b.name,
      owner: b.owner ?? '',
      public: b.public ?? false,
      file_size_limit: b.file_size_limit === null ? null : Number(b.file_size_limit),
      allowed_mime_types: b.allowed_mime_types,
      created_at: b.created_at ? new Date(b.created_at).toISOString() : null,
      updated_at: b.updated_at ? new Date(b.updated_at).toISOString() : null,
    };
  }
  const BUCKET_COLUMNS = 'id, name, public, file_size_limit, allowed_mime_types, owner, created_at, updated_at';

  // --- dispatch ----------------------------------------------------------------------------------------
  app.all('*', async (c) => {
    const seg = segments(c);
    const method = c.req.method;
    const [area, a, b] = seg;
    const keyFrom = (i: number) => seg.slice(i).join('/');

    if (area === 'object') {
      if (method === 'GET' || method === 'HEAD') {
        if (a === 'sign' && b && seg.length > 3) {
          const key = keyFrom(3);
          const { exp } = await verifyToken(c, b, key, 'object');
          const obj = await selectObjectAsOwner(db, b, key);
          if (!obj?.version) throw storageErrors.noSuchKey();
          return objectResponse(c, obj, method === 'HEAD' ? undefined : await readBytes(obj), signedCacheControl(exp));
        }
        if (a === 'public' && b && seg.length > 3) {
          await publicBucket(b);
          const obj = await selectObjectAsOwner(db, b, keyFrom(3));
          if (!obj?.version) throw storageErrors.noSuchKey();
          return objectResponse(c, obj, method === 'HEAD' ? undefined : await readBytes(obj));
        }
        if (a === 'authenticated' && b && seg.length > 3) return download(c, b, keyFrom(3));
        if (a === 'info' && b) {
          const bucket = b === 'authenticated' || b === 'public' ? seg[3] : b;
          const key = keyFrom(b === 'authenticated' || b === 'public' ? 4 : 3);
          if (!bucket || !key) throw storageErrors.noSuchKey();
          const obj = await selectObject(db, await callerOf(c), bucket, key);
          if (!obj) throw storageErrors.noSuchKey();
          return c.json(infoJson(obj));
        }
        if (a && seg.length > 2) return download(c, a, keyFrom(2));
      }
      if (method === 'POST') {
        if (a === 'sign' && b && seg.length === 3) {
          const caller = await callerOf(c);
          const body = await readJsonBody(c);
          const expiresIn = expiresInOf(body);
          const paths = Array.isArray(body.paths)
            ? body.paths.filter((p): p is string => typeof p === 'string')
            : undefined;
          if (!paths) throw storageErrors.missingParameter('paths');
          const visible = await db
            .asCaller(caller, (sql) =>
              sql.query<{ name: string }>(
                'select name from storage.objects where bucket_id = $1 and name = any($2::text[])',
                [b, paths],
              ),
            )
            .catch(mapDbError);
          const found = new Set(visible.rows.map((r) => r.name));
          const out = [];
          for (const path of paths) {
            if (!found.has(path)) out.push({ error: UNREADABLE, path, signedURL: null });
            else out.push({ error: null, path, signedURL: signedPath(b, path, await signToken(b, path, expiresIn)) });
          }
          return c.json(out);
        }
        if (a === 'sign' && b && seg.length > 3) {
          const key = keyFrom(3);
          const caller = await callerOf(c);
          const body = await readJsonBody(c);
          const expiresIn = expiresInOf(body);
          const transform = parseTransform(body.transform as Json | undefined);
          const obj = await selectObject(db, caller, b, key);
          if (!obj) throw storageErrors.noSuchKey();
          return c.json({ signedURL: signedPath(b, key, await signToken(b, key, expiresIn, transform), transform) });
        }
        if (a === 'list' && b) return list(c, b);
        if (a === 'move' || a === 'copy') return moveOrCopy(c, a);
        if (a && seg.length > 2) {
          const upsert = (c.req.header('x-upsert') ?? '').toLowerCase() === 'true';
          return upload(c, a, keyFrom(2), upsert, false);
        }
      }
      if (method === 'PUT' && a && seg.length > 2) return upload(c, a, keyFrom(2), false, true);
      if (method === 'DELETE' && a) {
        if (seg.length === 2) {
          const body = await readJsonBody(c);
          const prefixes = Array.isArray(body.prefixes)
            ? body.prefixes.filter((p): p is string => typeof p === 'string')
            : undefined;
          if (!prefixes) throw storageErrors.missingParameter('prefixes');
          const deleted = await removeMany(c, a, prefixes);
          return c.json(deleted.map(rowJson));
        }
        const deleted = await removeMany(c, a, [keyFrom(2)]);
        if (!deleted.length) throw storageErrors.noSuchKey();
        return c.json({ message: 'Successfully deleted' });
      }
    }

    if (area === 'render' && a === 'image' && (method === 'GET' || method === 'HEAD')) {
      const kind = b;
      const bucket = seg[3];
      const key = keyFrom(4);
      if (!bucket || !key) throw storageErrors.noSuchKey();
      if (kind === 'sign') {
        const { transform, exp } = await verifyToken(c, bucket, key, 'render');
        const obj = await selectObjectAsOwner(db, bucket, key);
        if (!obj?.version) throw storageErrors.noSuchKey();
        return render(c, obj, transform ?? {}, signedCacheControl(exp));
      }
      if (kind === 'public') {
        await publicBucket(bucket);
        const obj = await selectObjectAsOwner(db, bucket, key);
        if (!obj?.version) throw storageErrors.noSuchKey();
        return render(c, obj, queryTransform(c), obj.metadata?.cacheControl ?? 'max-age=3600');
      }
      if (kind === 'authenticated') {
        const obj = await selectObject(db, await callerOf(c), bucket, key);
        if (!obj?.version) throw storageErrors.noSuchKey();
        return render(c, obj, queryTransform(c), 'private, no-cache');
      }
    }

    if (area === 'bucket') {
      const caller = await callerOf(c);
      if (method === 'GET' && !a) {
        const res = await db
          .asCaller(caller, (sql) =>
            sql.query<BucketRow>(`select ${BUCKET_COLUMNS} from storage.buckets order by name`),
          )
          .catch(mapDbError);
        return c.json(res.rows.map(bucketJson));
      }
      if (method === 'GET' && a) {
        const res = await db
          .asCaller(caller, (sql) =>
            sql.query<BucketRow>(`select ${BUCKET_COLUMNS} from storage.buckets where id = $1`, [a]),
          )
          .catch(mapDbError);
        if (!res.rows[0]) throw storageErrors.noSuchBucket();
        return c.json(bucketJson(res.rows[0]));
      }
      if (method === 'POST' && !a) {
        const body = await readJsonBody(c);
        const name = typeof body.name === 'string' ? body.name : typeof body.id === 'string' ? body.id : '';
        if (!/^[\w!.*'() &$@=;:+,?-]{1,100}$/.test(name))
          throw new StorageError(400, 'InvalidBucketName', 'Bucket name invalid', 'Invalid Input');
        await db
          .asCaller(caller, (sql) =>
            sql.query(
              'insert into storage.buckets (id, name, owner, public, file_size_limit, allowed_mime_types) values ($1, $1, $2, $3, $4, $5)',
              [
                name,
                ownerOf(caller),
                body.public === true,
                body.file_size_limit ?? null,
                body.allowed_mime_types ?? null,
              ],
            ),
          )
          .catch((err: unknown) => {
            if ((err as { code?: string }).code === '23505')
              throw new StorageError(409, 'BucketAlreadyExists', 'The resource already exists', 'Duplicate');
            mapDbError(err);
          });
        return c.json({ name });
      }
      if (method === 'PUT' && a) {
        const body = await readJsonBody(c);
        const res = await db
          .asCaller(caller, (sql) =>
            sql.query(
              'update storage.buckets set public = $2, file_size_limit = $3, allowed_mime_types = $4, updated_at = now() where id = $1',
              [a, body.public === true, body.file_size_limit ?? null, body.allowed_mime_types ?? null],
            ),
          )
          .catch(mapDbError);
        if (!res.rowCount) throw storageErrors.noSuchBucket();
        return c.json({ message: 'Successfully updated' });
      }
      if (method === 'DELETE' && a) {
        const res = await db
          .asCaller(caller, async (sql) => {
            const n = await sql.query('select 1 from storage.objects where bucket_id = $1 limit 1', [a]);
            if (n.rowCount)
              throw new StorageError(409, 'ResourceNotEmpty', 'The bucket you tried to delete is not empty');
            return sql.query('delete from storage.buckets where id = $1', [a]);
          })
          .catch(mapDbError);
        if (!res.rowCount) throw storageErrors.noSuchBucket();
        return c.json({ message: 'Successfully deleted' });
      }
    }

    if (area === 'health' || area === 'status') return c.json({ healthy: true });
    throw new StorageError(404, 'InvalidRequest', 'Route not found', 'Not Found');
  });

  async function moveOrCopy(c: Context, op: 'move' | 'copy'): Promise<Response> {
    const caller = await callerOf(c);
    const body = await readJsonBody(c);
    const bucketId = String(body.bucketId ?? '');
    const from = String(body.sourceKey ?? '');
    const to = String(body.destinationKey ?? '');
    const destBucket =
      typeof body.destinationBucket === 'string' && body.destinationBucket ? body.destinationBucket : bucketId;
    assertValidKey(from);
    assertValidKey(to);
    await findBucket(db, destBucket);
    const source = await selectObject(db, caller, bucketId, from);
    if (!source?.version) throw storageErrors.noSuchKey();
    if (op === 'move') {
      await db
        .asCaller(caller, async (sql) => {
          const res = await sql.query(
            'update storage.objects set bucket_id = $3, name = $4, updated_at = now() where bucket_id = $1 and name = $2',
            [bucketId, from, destBucket, to],
          );
          if (!res.rowCount) throw storageErrors.noSuchKey();
        })
        .catch(mapDbError);
      return c.json({ message: 'Successfully moved' });
    }
    const version = await files.copy(source.version);
    const row = await db
      .asCaller(caller, (sql) =>
        sql.query<{ id: string }>(
          `insert into storage.objects (bucket_id, name, owner, owner_id, metadata, version, user_metadata)
           values ($1, $2, $3, $3, $4, $5, $6) returning id`,
          [
            destBucket,
            to,
            ownerOf(caller),
            JSON.stringify(source.metadata),
            version,
            source.user_metadata ? JSON.stringify(source.user_metadata) : null,
          ],
        ),
      )
      .catch(async (err: unknown) => {
        await files.remove(version);
        mapDbError(err);
      });
    return c.json({ Id: row.rows[0]?.id, Key: `${destBucket}/${to}` });
  }

  return app;
}
