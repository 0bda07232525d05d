import { Hono, type Context, type Next } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { SERVER_LIMITS, SERVER_LIMIT_MESSAGES } from '@snapshire/contracts';
import type { BackendContext } from './context.ts';
import { clientIp } from './auth/rate-limits.ts';
import { authRoutes } from './auth/routes.ts';
import { fromSource } from './db/fair-share.ts';
import { functionRoutes } from './functions/functions.ts';
import { graphqlRoutes } from './graphql/routes.ts';
import { apiKeyOf, apiKeyRefusal, bearerToken } from './http/caller.ts';
import { corsMiddleware } from './http/cors.ts';
import { mailboxRoutes } from './mailbox/routes.ts';
import { restRoutes } from './rest/routes.ts';
import { storageRoutes } from './storage/routes.ts';

/** Auth paths Supabase's gateway serves without an API key: links opened from an e-mail. */
const OPEN_AUTH_PATHS = new Set(['/auth/v1/verify', '/auth/v1/callback', '/auth/v1/authorize']);

/**
 * The API gateway's key check (Kong's key-auth on Supabase): the `apikey` header (or ?apikey=), or failing
 * that the bearer token, must be a JWT signed with this project's secret.
 */
function requireApiKey(ctx: BackendContext) {
  return async (c: Context, next: Next) => {
    if (c.req.method === 'OPTIONS') return next();
    if (c.req.method === 'GET' && OPEN_AUTH_PATHS.has(new URL(c.req.url).pathname.replace(/\/$/, ''))) return next();
    const refusal = await apiKeyRefusal(apiKeyOf(c) ?? bearerToken(c), ctx.config.jwtSecret);
    if (refusal) return c.json(refusal, 401);
    return next();
  };
}

/** Refuses a request body past `max` bytes (declared or streamed) with `answer`'s body and HTTP 413. */
function limitBody(max: number, answer: (message: string) => Record<string, unknown>) {
  return bodyLimit({
    maxSize: max,
    onError: (c) => {
      // The rest of the body is never read, so this connection cannot carry another request.
      c.header('Connection', 'close');
      return c.json(answer(SERVER_LIMIT_MESSAGES.bodyTooLarge(max)), 413);
    },
  });
}

/** The whole backend on one base URL, with Supabase's path layout. */
export function createApp(ctx: BackendContext): Hono {
  const app = new Hono();
  // Each request's database work waits in the queue of its caller (db/fair-share.ts): by user, else by address.
  app.use('*', (c, next) => fromSource(clientIp(c), next));
  app.use('*', corsMiddleware(ctx.config.corsOrigins));
  app.use('/auth/v1/*', requireApiKey(ctx));
  app.use('/graphql/v1', requireApiKey(ctx));
  app.use('/graphql/v1/*', requireApiKey(ctx));
  app.use('/rest/v1/*', requireApiKey(ctx));

  // Each API reads at most what its job needs (Kong's request-size-limiting on Supabase).
  const { BODY_MAX_BYTES } = SERVER_LIMITS;
  app.use(
    '/graphql/v1',
    limitBody(BODY_MAX_BYTES.GRAPHQL, (message) => ({ data: null, errors: [{ message }] })),
  );
  app.use(
    '/graphql/v1/*',
    limitBody(BODY_MAX_BYTES.GRAPHQL, (message) => ({ data: null, errors: [{ message }] })),
  );
  app.use(
    '/auth/v1/*',
    limitBody(BODY_MAX_BYTES.AUTH, (message) => ({ code: 413, error_code: 'request_too_large', msg: message })),
  );
  app.use(
    '/storage/v1/*',
    limitBody(Math.max(BODY_MAX_BYTES.STORAGE, ctx.config.storageFileSizeLimit + 64 * 1024), (message) => ({
      statusCode: '413',
      error: 'Payload too large',
      message,
    })),
  );
  app.use(
    '/functions/v1/*',
    limitBody(BODY_MAX_BYTES.FUNCTION, (message) => ({ message })),
  );
  app.use(
    '/rest/v1/*',
    limitBody(BODY_MAX_BYTES.GRAPHQL, (message) => ({ code: 'PGRST413', message })),
  );

  app.route('/auth/v1', authRoutes(ctx));
  app.route('/storage/v1', storageRoutes(ctx));
  app.route('/functions/v1', functionRoutes(ctx));
  app.route('/graphql/v1', graphqlRoutes(ctx));
  app.route('/rest/v1', restRoutes(ctx));
  // A local convenience that lists every confirmation link: never reachable from another machine.
  if (ctx.config.mailbox) app.route('/mailbox', mailboxRoutes(ctx));

  app.get('/', (c) =>
    c.json({
      name: 'Snapshire embedded Supabase-compatible backend',
      url: ctx.url,
      anonKey: ctx.keys.anonKey,
      endpoints: [
        '/auth/v1',
        '/storage/v1',
        '/functions/v1',
        '/graphql/v1',
        '/rest/v1/rpc',
        ...(ctx.config.realtime.enabled ? ['/realtime/v1/websocket'] : []),
        ...(ctx.config.mailbox ? ['/mailbox'] : []),
      ],
    }),
  );
  app.get('/health', (c) => c.json({ status: 'ok' }));

  app.notFound((c) => c.json({ message: 'no Route matched with those values' }, 404));
  app.onError((err, c) => {
    ctx.log(
      `unhandled error on ${c.req.method} ${new URL(c.req.url).pathname}: ${err instanceof Error ? err.message : String(err)}`,
    );
    return c.json({ message: 'An invalid response was received from the upstream server' }, 502);
  });
  return app;
}
