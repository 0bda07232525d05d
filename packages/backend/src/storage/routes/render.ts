import { Hono, type Context } from 'hono';
import { routeNotFound, storageErrors } from '../errors.ts';
import { bucketParam, callerOf, keyParam, renderResponse } from '../http.ts';
import type { ObjectRow } from '../repository.ts';
import type { StorageServices } from '../service/index.ts';
import { signedCacheControl } from '../service/signing.ts';
import { parseTransform, type Transform } from '../transform.ts';

/**
 * Image renditions (width, height, quality, resize; WebP when accepted), by signed URL (the transform is in
 * the token), from a public bucket, or as the caller (the transform in the query string).
 */
export function renderRoutes(s: StorageServices, jwtSecret: string): Hono {
  const app = new Hono();

  const render = async (c: Context, obj: ObjectRow, transform: Transform, cacheControl: string) =>
    renderResponse(c, obj, await s.renders.render(obj, transform, c.req.header('accept')), cacheControl);
  const queryTransform = (c: Context): Transform => parseTransform(c.req.query()) ?? {};

  app.get('/render/image/sign/:bucket/:key{.+}', async (c) => {
    const { obj, transform, exp } = await s.signing.open(c.req.query('token'), bucketParam(c), keyParam(c), 'render');
    return render(c, obj, transform ?? {}, signedCacheControl(exp));
  });

  app.get('/render/image/public/:bucket/:key{.+}', async (c) => {
    const obj = await s.objects.publicObject(bucketParam(c), keyParam(c));
    return render(c, obj, queryTransform(c), obj.metadata?.cacheControl ?? 'max-age=3600');
  });

  app.get('/render/image/authenticated/:bucket/:key{.+}', async (c) => {
    const obj = await s.objects.readable(await callerOf(c, jwtSecret), bucketParam(c), keyParam(c));
    return render(c, obj, queryTransform(c), 'private, no-cache');
  });

  // Any other kind is no route; a render path short of a bucket and key names no object.
  app.get('/render/image/:kind{[^/]*}/:bucket/:key{.+}', (c) => {
    throw routeNotFound(c);
  });
  app.get('/render/image/*', () => {
    throw storageErrors.noSuchKey();
  });

  return app;
}
