import type { OpenedDatabase } from '../db/index.ts';
import type { Caller, SqlClient } from '../db/types.ts';
import { storageErrors, StorageError } from './errors.ts';

/**
 * The SQL of the storage room: storage.objects and storage.buckets. Functions taking a Caller run as that
 * caller (RLS decides); those without one run as the database owner, for requests a signed token or a
 * public bucket already authorises.
 */

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

/** An object row as an upload, update or copy writes it. */
export interface ObjectWrite {
  bucketId: string;
  name: string;
  owner: string | null;
  metadata: ObjectMetadata | null;
  version: string;
  userMetadata: Record<string, unknown> | null | undefined;
}

/** How an upload meets an existing row: refused (create), replaced (upsert), or required (update). */
export type WriteMode = 'create' | 'upsert' | 'update';

/** A bucket as POST /bucket and PUT /bucket/:id set it. */
export interface BucketWrite {
  public: boolean;
  fileSizeLimit: unknown;
  allowedMimeTypes: unknown;
}

const OBJECT_COLUMNS =
  'id, bucket_id, name, owner, owner_id, version, metadata, user_metadata, created_at, updated_at, last_accessed_at';
const BUCKET_COLUMNS = 'id, name, public, file_size_limit, allowed_mime_types, owner, created_at, updated_at';

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

/** Runs fn as the caller, with database refusals as storage-api's errors. */
function asCaller<T>(db: OpenedDatabase, caller: Caller, fn: (sql: SqlClient) => Promise<T>): Promise<T> {
  return db.asCaller(caller, fn).catch(mapDbError);
}

async function objectByName(sql: SqlClient, bucketId: string, name: string): Promise<ObjectRow | undefined> {
  const res = await sql.query<ObjectRow>(
    `select ${OBJECT_COLUMNS} from storage.objects where bucket_id = $1 and name = $2`,
    [bucketId, name],
  );
  return res.rows[0];
}

export function createStorageRepository(db: OpenedDatabase) {
  return {
    /** Any bucket, whoever asks (the limits and rules an upload must meet). */
    async findBucket(bucketId: string): Promise<BucketRow | undefined> {
      const res = await db.query<BucketRow>(`select ${BUCKET_COLUMNS} from storage.buckets where id = $1`, [bucketId]);
      return res.rows[0];
    },

    /** An object as the caller may see it; undefined when missing or hidden. */
    findObject(caller: Caller, bucketId: string, name: string): Promise<ObjectRow | undefined> {
      return asCaller(db, caller, (sql) => objectByName(sql, bucketId, name));
    },

    /** The same lookup without RLS, for requests a signed token or a public bucket authorises. */
    findObjectAsOwner(bucketId: string, name: string): Promise<ObjectRow | undefined> {
      return objectByName(db, bucketId, name);
    },

    /** Which of `names` the caller may see. */
    async visibleNames(caller: Caller, bucketId: string, names: string[]): Promise<Set<string>> {
      const res = await asCaller(db, caller, (sql) =>
        sql.query<{ name: string }>(
          'select name from storage.objects where bucket_id = $1 and name = any($2::text[])',
          [bucketId, names],
        ),
      );
      return new Set(res.rows.map((r) => r.name));
    },

    /** Objects whose names start with `prefix`, by name, as the caller may see them. */
    async objectsUnder(caller: Caller, bucketId: string, prefix: string): Promise<ObjectRow[]> {
      const res = await asCaller(db, caller, (sql) =>
        sql.query<ObjectRow>(
          `select ${OBJECT_COLUMNS} from storage.objects where bucket_id = $1 and starts_with(name, $2) order by name`,
          [bucketId, prefix],
        ),
      );
      return res.rows;
    },

    /** Writes an object row as the caller; undefined when mode `update` finds no row to replace. */
    writeObject(caller: Caller, row: ObjectWrite, mode: WriteMode): Promise<{ id: string } | undefined> {
      const params = [
        row.bucketId,
        row.name,
        row.owner,
        row.owner,
        JSON.stringify(row.metadata),
        row.version,
        row.userMetadata ? JSON.stringify(row.userMetadata) : null,
      ];
      const insert = `insert into storage.objects (bucket_id, name, owner, owner_id, metadata, version, user_metadata)
          values ($1, $2, $3, $4, $5, $6, $7)`;
      const text =
        mode === 'update'
          ? `update storage.objects set owner = $3, owner_id = $4, metadata = $5, version = $6, user_metadata = $7,
               updated_at = now(), last_accessed_at = now()
             where bucket_id = $1 and name = $2 returning id`
          : mode === 'upsert'
            ? `${insert} on conflict (bucket_id, name) do update set owner = excluded.owner, owner_id = excluded.owner_id,
                 metadata = excluded.metadata, version = excluded.version, user_metadata = excluded.user_metadata,
                 updated_at = now(), last_accessed_at = now()
               returning id`
            : `${insert} returning id`;
      return asCaller(db, caller, async (sql) => (await sql.query<{ id: string }>(text, params)).rows[0]);
    },

    /** Renames an object as the caller; false when no row the caller may update was there. */
    async moveObject(
      caller: Caller,
      from: { bucketId: string; name: string },
      to: { bucketId: string; name: string },
    ): Promise<boolean> {
      const res = await asCaller(db, caller, (sql) =>
        sql.query(
          'update storage.objects set bucket_id = $3, name = $4, updated_at = now() where bucket_id = $1 and name = $2',
          [from.bucketId, from.name, to.bucketId, to.name],
        ),
      );
      return (res.rowCount ?? 0) > 0;
    },

    /** Deletes the named objects the caller may delete, returning their rows. */
    async deleteObjects(caller: Caller, bucketId: string, names: string[]): Promise<ObjectRow[]> {
      const res = await asCaller(db, caller, (sql) =>
        sql.query<ObjectRow>(
          `delete from storage.objects where bucket_id = $1 and name = any($2::text[]) returning ${OBJECT_COLUMNS}`,
          [bucketId, names],
        ),
      );
      return res.rows;
    },

    async listBuckets(caller: Caller): Promise<BucketRow[]> {
      const res = await asCaller(db, caller, (sql) =>
        sql.query<BucketRow>(`select ${BUCKET_COLUMNS} from storage.buckets order by name`),
      );
      return res.rows;
    },

    /** A bucket as the caller may see it. */
    async getBucket(caller: Caller, id: string): Promise<BucketRow | undefined> {
      const res = await asCaller(db, caller, (sql) =>
        sql.query<BucketRow>(`select ${BUCKET_COLUMNS} from storage.buckets where id = $1`, [id]),
      );
      return res.rows[0];
    },

    /** Creates a bucket as the caller; false when one of that id exists. */
    async insertBucket(caller: Caller, id: string, owner: string | null, bucket: BucketWrite): Promise<boolean> {
      try {
        await db.asCaller(caller, (sql) =>
          sql.query(
            'insert into storage.buckets (id, name, owner, public, file_size_limit, allowed_mime_types) values ($1, $1, $2, $3, $4, $5)',
            [id, owner, bucket.public, bucket.fileSizeLimit ?? null, bucket.allowedMimeTypes ?? null],
          ),
        );
        return true;
      } catch (err) {
        if ((err as { code?: string }).code === '23505') return false;
        mapDbError(err);
      }
    },

    /** Updates a bucket as the caller; false when the caller may not see one of that id. */
    async updateBucket(caller: Caller, id: string, bucket: BucketWrite): Promise<boolean> {
      const res = await asCaller(db, caller, (sql) =>
        sql.query(
          'update storage.buckets set public = $2, file_size_limit = $3, allowed_mime_types = $4, updated_at = now() where id = $1',
          [id, bucket.public, bucket.fileSizeLimit ?? null, bucket.allowedMimeTypes ?? null],
        ),
      );
      return (res.rowCount ?? 0) > 0;
    },

    /**
     * Deletes an empty bucket as the caller, in one transaction: 'not_empty' while it holds an object,
     * 'missing' when the caller may not delete one of that id.
     */
    deleteEmptyBucket(caller: Caller, id: string): Promise<'deleted' | 'not_empty' | 'missing'> {
      return asCaller(db, caller, async (sql) => {
        const held = await sql.query('select 1 from storage.objects where bucket_id = $1 limit 1', [id]);
        if (held.rowCount) return 'not_empty';
        const res = await sql.query('delete from storage.buckets where id = $1', [id]);
        return res.rowCount ? 'deleted' : 'missing';
      });
    },
  };
}

export type StorageRepository = ReturnType<typeof createStorageRepository>;
