import { createHash, randomUUID } from 'node:crypto';
import { mkdir, readFile, rm, writeFile, copyFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Caller, SqlClient } from '../db/types.ts';
import type { OpenedDatabase } from '../db/index.ts';
import { storageErrors, StorageError } from './errors.ts';

export interface BucketRow {
  id: string;
  name: string;
  public: boolean | null;
  file_size_limit: string | number | null;
  allowed_mime_types: string[] | null;
  owner: string | null;
  created_at: Date | null;
  updated_at: Date | null;
}

export interface ObjectMetadata {
  eTag: string;
  size: number;
  mimetype: string;
  cacheControl: string;
  lastModified: string;
  contentLength: number;
  httpStatusCode: number;
}

export interface ObjectRow {
  id: string;
  bucket_id: string;
  name: string;
  owner: string | null;
  owner_id: string | null;
  version: string | null;
  metadata: ObjectMetadata | null;
  user_metadata: Record<string, unknown> | null;
  created_at: Date | null;
  updated_at: Date | null;
  last_accessed_at: Date | null;
}

export const OBJECT_COLUMNS =
  'id, bucket_id, name, owner, owner_id, version, metadata, user_metadata, created_at, updated_at, last_accessed_at';

/** storage-api's key rule: printable characters S3 accepts, no empty, `.` or `..` segment, no leading slash. */
export function assertValidKey(key: string): void {
  const ok =
    key.length > 0 &&
    key.length <= 1024 &&
    !key.startsWith('/') &&
    /^(\w|\/|!|-|\.|\*|'|\(|\)| |&|\$|@|=|;|:|\+|,|\?|[\u00a0-\uffff])*$/u.test(key) &&
    !key.split('/').some((seg) => seg === '' || seg === '.' || seg === '..');
  if (!ok) throw storageErrors.invalidKey(key);
}

/** Translates database refusals into storage-api's errors. */
export function mapDbError(err: unknown): never {
  if (err instanceof StorageError) throw err;
  const e = err as { code?: string; message?: string };
  if (e.code === '42501')
    throw storageErrors.accessDenied(
      e.message?.includes('row-level security')
        ? 'new row violates row-level security policy'
        : (e.message ?? 'Access denied'),
    );
  if (e.code === '23505') throw storageErrors.duplicate();
  if (e.code === '23503') throw storageErrors.noSuchBucket();
  throw storageErrors.internal(e.message);
}

export async function findBucket(db: OpenedDatabase, bucketId: string): Promise<BucketRow> {
  const res = await db.query<BucketRow>(
    'select id, name, public, file_size_limit, allowed_mime_types, owner, created_at, updated_at from storage.buckets where id = $1',
    [bucketId],
  );
  const bucket = res.rows[0];
  if (!bucket) throw storageErrors.noSuchBucket();
  return bucket;
}

/** allowed_mime_types entries may be exact (image/jpeg) or wildcards (image/*). Parameters are ignored. */
export function mimeAllowed(mime: string, allowed: string[] | null): boolean {
  if (!allowed || allowed.length === 0) return true;
  const base = mime.split(';')[0]!.trim().toLowerCase();
  return allowed.some((a) => {
    const rule = a.trim().toLowerCase();
    if (rule.endsWith('/*')) return base.startsWith(rule.slice(0, -1));
    return rule === base;
  });
}

/** Object bytes on disk, one file per object version. */
export class ObjectFiles {
  /** `assertWritable` throws once this process may no longer write to its data directory (lock lost). */
  constructor(
    private readonly dir: string,
    private readonly assertWritable: () => void = () => {},
  ) {}

  path(version: string): string {
    if (!/^[\w-]+$/.test(version)) throw storageErrors.internal('bad object version');
    return join(this.dir, version.slice(0, 2), version);
  }

  async write(bytes: Uint8Array): Promise<string> {
    this.assertWritable();
    const version = randomUUID();
    const file = this.path(version);
    await mkdir(join(file, '..'), { recursive: true });
    await writeFile(file, bytes);
    return version;
  }

  async copy(fromVersion: string): Promise<string> {
    this.assertWritable();
    const version = randomUUID();
    const file = this.path(version);
    await mkdir(join(file, '..'), { recursive: true });
    await copyFile(this.path(fromVersion), file);
    return version;
  }

  read(version: string): Promise<Buffer> {
    return readFile(this.path(version));
  }

  async remove(version: string | null | undefined): Promise<void> {
    this.assertWritable();
    if (version) await rm(this.path(version), { force: true });
  }
}

export function metadataFor(bytes: Uint8Array, mimetype: string, cacheControl: string): ObjectMetadata {
  return {
    eTag: `"${createHash('md5').update(bytes).digest('hex')}"`,
    size: bytes.byteLength,
    mimetype,
    cacheControl,
    lastModified: new Date().toISOString(),
    contentLength: bytes.byteLength,
    httpStatusCode: 200,
  };
}

/** An object as the caller may see it (RLS decides); undefined when missing or hidden. */
export async function selectObject(
  db: OpenedDatabase,
  caller: Caller,
  bucket: string,
  name: string,
): Promise<ObjectRow | undefined> {
  try {
    return await db.asCaller(caller, async (sql) => {
      const res = await sql.query<ObjectRow>(
        `select ${OBJECT_COLUMNS} from storage.objects where bucket_id = $1 and name = $2`,
        [bucket, name],
      );
      return res.rows[0];
    });
  } catch (err) {
    mapDbError(err);
  }
}

/** The same lookup without RLS, for requests a signed token already authorises. */
export async function selectObjectAsOwner(
  sql: SqlClient,
  bucket: string,
  name: string,
): Promise<ObjectRow | undefined> {
  const res = await sql.query<ObjectRow>(
    `select ${OBJECT_COLUMNS} from storage.objects where bucket_id = $1 and name = $2`,
    [bucket, name],
  );
  return res.rows[0];
}

export function ownerOf(caller: Caller): string | null {
  const sub = caller.claims.sub;
  return typeof sub === 'string' && /^[0-9a-f-]{36}$/i.test(sub) ? sub : null;
}
