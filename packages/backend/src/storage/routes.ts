import { Hono } from 'hono';
import type { BackendContext } from '../context.ts';
import { routeNotFound, StorageError, storageErrorResponse, storageErrors } from './errors.ts';
import { rejectUnreadablePaths } from './http.ts';
import { bucketRoutes } from './routes/bucket.ts';
import { listRoutes } from './routes/list.ts';
import { objectRoutes } from './routes/object.ts';
import { publicRoutes } from './routes/public.ts';
import { renderRoutes } from './routes/render.ts';
import { signRoutes } from './routes/sign.ts';
import { uploadRoutes } from './routes/upload.ts';
import { createStorageServices } from './service/index.ts';

/**
 * /storage/v1: the storage-api subset supabase-js 2.109 uses. Each file of routes/ holds one area's paths
 * and calls service/ (the rules), which calls repository.ts (the SQL) and files.ts (the bytes). Object
 * rows are written and read as the caller, so RLS decides.
 */
export function storageRoutes(ctx: BackendContext): Hono {
  const app = new Hono();
  const services = createStorageServices(ctx);
  const { jwtSecret } = ctx.config;

  app.onError((err, c) => {
    if (err instanceof StorageError) return storageErrorResponse(c, err);
    ctx.log(`storage error: ${err instanceof Error ? err.message : String(err)}`);
    return storageErrorResponse(c, storageErrors.internal());
  });
  app.use('*', rejectUnreadablePaths);

  // Order matters: /object/sign, /object/public, /object/list, /object/move and /object/copy come before
  // the object routes, which read their first segment as a bucket name.
  app.route('/', signRoutes(services, jwtSecret));
  app.route('/', publicRoutes(services));
  app.route('/', listRoutes(services, jwtSecret));
  app.route('/', objectRoutes(services, jwtSecret));
  app.route('/', uploadRoutes(services, jwtSecret));
  app.route('/', renderRoutes(services, jwtSecret));
  app.route('/', bucketRoutes(services, jwtSecret));

  app.all('/health/*', (c) => c.json({ healthy: true }));
  app.all('/status/*', (c) => c.json({ healthy: true }));
  app.all('*', (c) => {
    throw routeNotFound(c);
  });
  return app;
}
