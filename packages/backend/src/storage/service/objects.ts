import { createHash } from 'node:crypto';
import type { Caller } from '../../db/types.ts';
import { MissingBytes, storageErrors } from '../errors.ts';
import type { ObjectFiles } from '../files.ts';
import type { RenderCache } from '../render-cache.ts';
import type { BucketRow, ObjectMetadata, ObjectRow, StorageRepository, WriteMode } from '../repository.ts';

/** An uploaded file as the request carried it. */
export interface UploadBody {
  bytes: Uint8Array;
  mimetype: string;
  cacheControl: string;
  userMetadata: Record<string, unknown> | undefined;
}

export interface ListOptions {
  /** Folder to list; '' for the bucket's root. */
  prefix: string;
  /** As requested: clamped to 1..1000 rows (100 when not a number), from row 0 on. */
  limit: number;
  offset: number;
  /** Lower-case start of the names to keep; '' keeps all. */
  search: string;
  sortColumn: 'name' | 'updated_at' | 'created_at' | 'last_accessed_at';
  descending: boolean;
}

/** One row of a folder listing: a file, or a folder (every field but the name null). */
export interface ListEntry {
  name: string;
  id: string | null;
  updated_at: string | null;
  created_at: string | null;
  last_accessed_at: string | null;
  metadata: ObjectMetadata | null;
}

export interface MoveOrCopy {
  bucketId: string;
  sourceKey: string;
  destinationBucket: string;
  destinationKey: string;
}

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

function metadataFor(bytes: Uint8Array, mimetype: string, cacheControl: string): ObjectMetadata {
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

/** The owner a new row records: the caller's user id, none for the API keys. */
export function ownerOf(caller: Caller): string | null {
  const sub = caller.claims.sub;
  return typeof sub === 'string' && /^[0-9a-f-]{36}$/i.test(sub) ? sub : null;
}

/** A row's timestamp as the API writes it. */
export function isoOrNull(d: Date | null): string | null {
  return d ? new Date(d).toISOString() : null;
}

/**
 * Objects: rows written and read as the caller (RLS decides who may do what), bytes on disk per object
 * version. A replaced or removed version takes its bytes and renditions with it.
 */
export function createObjectService(
  repo: StorageRepository,
  files: ObjectFiles,
  renders: RenderCache,
  serverFileSizeLimit: number,
) {
  async function bucket(bucketId: string): Promise<BucketRow> {
    const found = await repo.findBucket(bucketId);
    if (!found) throw storageErrors.noSuchBucket();
    return found;
  }

  /** Drops the bytes and renditions of versions no row refers to any more. */
  async function forgetVersion(version: string | null): Promise<void> {
    await files.remove(version);
    if (version) await renders.forget(version);
  }

  return {
    assertValidKey,

    /**
     * Stores an upload: the bucket's size limit (and the server's) is told to `readBody` before the body is
     * read, the MIME type must be one the bucket allows, and `update` needs an existing object.
     */
    async upload(
      caller: Caller,
      bucketId: string,
      key: string,
      mode: WriteMode,
      readBody: (limit: number) => Promise<UploadBody>,
    ): Promise<{ id: string }> {
      const target = await bucket(bucketId);
      const bucketLimit = target.file_size_limit === null ? Infinity : Number(target.file_size_limit);
      const limit = Math.min(bucketLimit, serverFileSizeLimit);
      const body = await readBody(limit);
      if (body.bytes.byteLength > limit) throw storageErrors.tooLarge();
      if (!mimeAllowed(body.mimetype, target.allowed_mime_types)) throw storageErrors.invalidMimeType(body.mimetype);

      const previous = await repo.findObjectAsOwner(bucketId, key);
      if (mode === 'update' && !previous) throw storageErrors.noSuchKey();
      const version = await files.write(body.bytes);
      let row: { id: string } | undefined;
      try {
        row = await repo.writeObject(
          caller,
          {
            bucketId,
            name: key,
            owner: ownerOf(caller),
            metadata: metadataFor(body.bytes, body.mimetype.split(';')[0]!.trim(), body.cacheControl),
            version,
            userMetadata: body.userMetadata,
          },
          mode,
        );
        if (!row) throw storageErrors.noSuchKey();
      } catch (err) {
        await files.remove(version);
        throw err;
      }
      if (previous?.version && previous.version !== version) await forgetVersion(previous.version);
      return row;
    },

    /** An object row as the caller may see it, bytes or not; NoSuchKey when missing or hidden. */
    async find(caller: Caller, bucketId: string, key: string): Promise<ObjectRow> {
      const obj = await repo.findObject(caller, bucketId, key);
      if (!obj) throw storageErrors.noSuchKey();
      return obj;
    },

    /** An object the caller may read, with stored bytes. */
    async readable(caller: Caller, bucketId: string, key: string): Promise<ObjectRow> {
      const obj = await repo.findObject(caller, bucketId, key);
      if (!obj?.version) throw storageErrors.noSuchKey();
      return obj;
    },

    /** An object read without RLS, for a request a signed token already authorises. */
    async readableAsOwner(bucketId: string, key: string): Promise<ObjectRow> {
      const obj = await repo.findObjectAsOwner(bucketId, key);
      if (!obj?.version) throw storageErrors.noSuchKey();
      return obj;
    },

    /** An object of a public bucket, for anyone; a private bucket answers as a missing one. */
    async publicObject(bucketId: string, key: string): Promise<ObjectRow> {
      if (!(await bucket(bucketId)).public) throw storageErrors.noSuchBucket();
      const obj = await repo.findObjectAsOwner(bucketId, key);
      if (!obj?.version) throw storageErrors.noSuchKey();
      return obj;
    },

    /** The stored bytes of an object; NoSuchKey when they are gone. */
    async bytes(obj: ObjectRow): Promise<Buffer> {
      try {
        return await files.read(obj.version!);
      } catch {
        throw new MissingBytes();
      }
    },

    /** Removes the named objects the caller may delete, with their bytes and renditions. */
    async remove(caller: Caller, bucketId: string, names: string[]): Promise<ObjectRow[]> {
      const deleted = await repo.deleteObjects(caller, bucketId, names);
      for (const obj of deleted) await forgetVersion(obj.version);
      return deleted;
    },

    /** Renames an object, or copies it (new bytes, owned by the caller). */
    async moveOrCopy(caller: Caller, op: 'move' | 'copy', req: MoveOrCopy): Promise<{ id: string } | undefined> {
      assertValidKey(req.sourceKey);
      assertValidKey(req.destinationKey);
      await bucket(req.destinationBucket);
      const source = await repo.findObject(caller, req.bucketId, req.sourceKey);
      if (!source?.version) throw storageErrors.noSuchKey();
      const destination = { bucketId: req.destinationBucket, name: req.destinationKey };
      if (op === 'move') {
        if (!(await repo.moveObject(caller, { bucketId: req.bucketId, name: req.sourceKey }, destination)))
          throw storageErrors.noSuchKey();
        return undefined;
      }
      const version = await files.copy(source.version);
      try {
        return await repo.writeObject(
          caller,
          {
            ...destination,
            owner: ownerOf(caller),
            metadata: source.metadata,
            version,
            userMetadata: source.user_metadata,
          },
          'create',
        );
      } catch (err) {
        await files.remove(version);
        throw err;
      }
    },

    /** One folder level under `prefix`, as storage.search answers it: folders first, then by the column. */
    async list(caller: Caller, bucketId: string, options: ListOptions): Promise<ListEntry[]> {
      await bucket(bucketId);
      const { prefix, search, sortColumn, descending } = options;
      const entries = new Map<string, ListEntry>();
      for (const obj of await repo.objectsUnder(caller, bucketId, prefix)) {
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
          entries.set(name, {
            name,
            id: obj.id,
            updated_at: isoOrNull(obj.updated_at),
            created_at: isoOrNull(obj.created_at),
            last_accessed_at: isoOrNull(obj.last_accessed_at),
            metadata: obj.metadata,
          });
        }
      }
      const sorted = [...entries.values()].sort((a, b) => {
        // Folders (no id) first, as storage.search orders them.
        if ((a.id === null) !== (b.id === null)) return a.id === null ? -1 : 1;
        const av = String(a[sortColumn] ?? '');
        const bv = String(b[sortColumn] ?? '');
        return (av < bv ? -1 : av > bv ? 1 : 0) * (descending ? -1 : 1);
      });
      const limit = Math.min(Math.max(options.limit || 100, 1), 1000);
      const offset = Math.max(options.offset || 0, 0);
      return sorted.slice(offset, offset + limit);
    },
  };
}

export type ObjectService = ReturnType<typeof createObjectService>;
