import { Hono, type Context } from 'hono';
import { storageErrors } from '../errors.ts';
import { bucketParam, callerOf, isHead, keyParam, objectResponse, readJsonBody, stringList } from '../http.ts';
import type { ObjectRow } from '../repository.ts';
import type { StorageServices } from '../service/index.ts';
import { isoOrNull } from '../service/objects.ts';

/** GET /object/info: the object as storage-api describes it (its own metadata under `metadata`). */
function infoJson(obj: ObjectRow) {
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
    last_modified: isoOrNull(obj.updated_at),
    created_at: isoOrNull(obj.created_at),
  };
}

/** A removed object's row, as DELETE /object/:bucket answers it. */
function rowJson(obj: ObjectRow) {
  return {
    ...obj,
    created_at: isoOrNull(obj.created_at),
    updated_at: isoOrNull(obj.updated_at),
    last_accessed_at: isoOrNull(obj.last_accessed_at),
  };
}

/**
 * Objects as the caller may see them: info, download, move, copy, remove. Mounted after the sign, public
 * and list routes, whose first segment would otherwise read as a bucket name here.
 */
export function objectRoutes(s: StorageServices, jwtSecret: string): Hono {
  const app = new Hono();

  const info = async (c: Context) => {
    const obj = await s.objects.find(await callerOf(c, jwtSecret), bucketParam(c), keyParam(c));
    return c.json(infoJson(obj));
  };
  // An info path short of a bucket and key names no object.
  const noKey = () => {
    throw storageErrors.noSuchKey();
  };
  app.on('GET', ['/object/info/authenticated/:bucket/:key{.+}', '/object/info/public/:bucket/:key{.+}'], info);
  app.on('GET', ['/object/info/authenticated/*', '/object/info/public/*'], noKey);
  app.get('/object/info/:bucket/:key{.+}', info);
  app.get('/object/info/:bucket/*', noKey);

  app.on('GET', ['/object/authenticated/:bucket/:key{.+}', '/object/:bucket/:key{.+}'], async (c) => {
    const obj = await s.objects.readable(await callerOf(c, jwtSecret), bucketParam(c), keyParam(c));
    return objectResponse(c, obj, isHead(c) ? undefined : await s.objects.bytes(obj));
  });

  // { bucketId, sourceKey, destinationKey, destinationBucket? }
  for (const op of ['move', 'copy'] as const) {
    app.post(`/object/${op}/*`, async (c) => {
      const caller = await callerOf(c, jwtSecret);
      const body = await readJsonBody(c);
      const bucketId = String(body.bucketId ?? '');
      const destinationKey = String(body.destinationKey ?? '');
      const destinationBucket =
        typeof body.destinationBucket === 'string' && body.destinationBucket ? body.destinationBucket : bucketId;
      const copied = await s.objects.moveOrCopy(caller, op, {
        bucketId,
        sourceKey: String(body.sourceKey ?? ''),
        destinationBucket,
        destinationKey,
      });
      if (op === 'move') return c.json({ message: 'Successfully moved' });
      return c.json({ Id: copied?.id, Key: `${destinationBucket}/${destinationKey}` });
    });
  }

  // Many objects: { prefixes } -> the removed rows.
  app.on('DELETE', ['/object/:bucket', '/object/:bucket/'], async (c) => {
    const names = stringList(await readJsonBody(c), 'prefixes');
    const deleted = await s.objects.remove(await callerOf(c, jwtSecret), bucketParam(c), names);
    return c.json(deleted.map(rowJson));
  });

  app.delete('/object/:bucket/:key{.+}', async (c) => {
    const deleted = await s.objects.remove(await callerOf(c, jwtSecret), bucketParam(c), [keyParam(c)]);
    if (!deleted.length) throw storageErrors.noSuchKey();
    return c.json({ message: 'Successfully deleted' });
  });

  return app;
}
