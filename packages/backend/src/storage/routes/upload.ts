import { Hono, type Context } from 'hono';
import { bucketParam, callerOf, keyParam, readUpload } from '../http.ts';
import type { WriteMode } from '../repository.ts';
import type { StorageServices } from '../service/index.ts';

/**
 * Uploads: POST creates (or replaces, with `x-upsert: true`), PUT replaces an existing object. The body is a
 * multipart form or the raw bytes; either way the bucket's size limit is known before it is read.
 */
export function uploadRoutes(s: StorageServices, jwtSecret: string): Hono {
  const app = new Hono();

  async function upload(c: Context, mode: WriteMode): Promise<Response> {
    const bucketId = bucketParam(c);
    const key = keyParam(c);
    s.objects.assertValidKey(key);
    const caller = await callerOf(c, jwtSecret);
    const row = await s.objects.upload(caller, bucketId, key, mode, (limit) => readUpload(c, limit));
    return c.json({ Id: row.id, Key: `${bucketId}/${key}` });
  }

  app.post('/object/:bucket/:key{.+}', (c) =>
    upload(c, (c.req.header('x-upsert') ?? '').toLowerCase() === 'true' ? 'upsert' : 'create'),
  );
  app.put('/object/:bucket/:key{.+}', (c) => upload(c, 'update'));
  return app;
}
