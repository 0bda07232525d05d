import { Hono } from 'hono';
import { bucketParam, isHead, keyParam, objectResponse } from '../http.ts';
import type { StorageServices } from '../service/index.ts';

/** Objects of public buckets, for anyone. */
export function publicRoutes(s: StorageServices): Hono {
  const app = new Hono();
  app.get('/object/public/:bucket/:key{.+}', async (c) => {
    const obj = await s.objects.publicObject(bucketParam(c), keyParam(c));
    return objectResponse(c, obj, isHead(c) ? undefined : await s.objects.bytes(obj));
  });
  return app;
}
