import { Hono } from 'hono';
import type { Caller } from '../../db/types.ts';
import { routeNotFound } from '../errors.ts';
import { callerOf, readJsonBody, type Json } from '../http.ts';
import type { BucketRow, BucketWrite } from '../repository.ts';
import type { StorageServices } from '../service/index.ts';
import { isoOrNull } from '../service/objects.ts';

function bucketJson(b: BucketRow) {
  return {
    id: b.id,
    name: b.name,
    owner: b.owner ?? '',
    public: b.public ?? false,
    file_size_limit: b.file_size_limit === null ? null : Number(b.file_size_limit),
    allowed_mime_types: b.allowed_mime_types,
    created_at: isoOrNull(b.created_at),
    updated_at: isoOrNull(b.updated_at),
  };
}

function bucketWrite(body: Json): BucketWrite {
  return {
    public: body.public === true,
    fileSizeLimit: body.file_size_limit,
    allowedMimeTypes: body.allowed_mime_types,
  };
}

/** The collection's paths; an empty id segment (`/bucket//x`) names no bucket either. */
const COLLECTION = ['/bucket', '/bucket/', '/bucket//*'];

/** Buckets: read, create, update, delete, as the caller (every /bucket request resolves it first). */
export function bucketRoutes(s: StorageServices, jwtSecret: string): Hono<{ Variables: { caller: Caller } }> {
  const app = new Hono<{ Variables: { caller: Caller } }>();

  app.use('/bucket/*', async (c, next) => {
    c.set('caller', await callerOf(c, jwtSecret));
    // Hono answers HEAD with the GET route; storage-api has no HEAD on buckets.
    if (c.req.method === 'HEAD') throw routeNotFound(c);
    await next();
  });

  app.on('GET', COLLECTION, async (c) => c.json((await s.buckets.list(c.var.caller)).map(bucketJson)));
  app.get('/bucket/:id/*', async (c) => c.json(bucketJson(await s.buckets.get(c.var.caller, c.req.param('id')))));

  app.on('POST', COLLECTION, async (c) => {
    const body = await readJsonBody(c);
    const name = typeof body.name === 'string' ? body.name : typeof body.id === 'string' ? body.id : '';
    await s.buckets.create(c.var.caller, name, bucketWrite(body));
    return c.json({ name });
  });

  app.put('/bucket/:id/*', async (c) => {
    await s.buckets.update(c.var.caller, c.req.param('id'), bucketWrite(await readJsonBody(c)));
    return c.json({ message: 'Successfully updated' });
  });

  app.delete('/bucket/:id/*', async (c) => {
    await s.buckets.remove(c.var.caller, c.req.param('id'));
    return c.json({ message: 'Successfully deleted' });
  });

  return app;
}
