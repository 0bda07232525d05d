import { Hono } from 'hono';
import {
  bucketParam,
  callerOf,
  isHead,
  type Json,
  keyParam,
  objectResponse,
  readJsonBody,
  stringList,
} from '../http.ts';
import type { StorageServices } from '../service/index.ts';
import { signedCacheControl } from '../service/signing.ts';
import { parseTransform } from '../transform.ts';

/** Signed URLs: made for what the caller may read, then opened by anyone holding one. */
export function signRoutes(s: StorageServices, jwtSecret: string): Hono {
  const app = new Hono();

  // Many objects at once: { expiresIn, paths } -> [{ error, path, signedURL }].
  app.on('POST', ['/object/sign/:bucket', '/object/sign/:bucket/'], async (c) => {
    const caller = await callerOf(c, jwtSecret);
    const body = await readJsonBody(c);
    const expiresIn = s.signing.expiresIn(body.expiresIn);
    const paths = stringList(body, 'paths');
    return c.json(await s.signing.signMany(caller, bucketParam(c), paths, expiresIn));
  });

  // One object, or one rendition of it: { expiresIn, transform? } -> { signedURL }.
  app.post('/object/sign/:bucket/:key{.+}', async (c) => {
    const caller = await callerOf(c, jwtSecret);
    const body = await readJsonBody(c);
    const expiresIn = s.signing.expiresIn(body.expiresIn);
    const transform = parseTransform(body.transform as Json | undefined);
    const signedURL = await s.signing.signOne(caller, bucketParam(c), keyParam(c), expiresIn, transform);
    return c.json({ signedURL });
  });

  app.get('/object/sign/:bucket/:key{.+}', async (c) => {
    const { obj, exp } = await s.signing.open(c.req.query('token'), bucketParam(c), keyParam(c), 'object');
    return objectResponse(c, obj, isHead(c) ? undefined : await s.objects.bytes(obj), {
      cacheControl: signedCacheControl(exp),
      expiresAt: exp,
    });
  });

  return app;
}
