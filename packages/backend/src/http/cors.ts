import { cors } from 'hono/cors';

/** Headers supabase-js (auth, storage, functions, postgrest) and Apollo send. */
export const CORS_ALLOW_HEADERS = [
  'authorization',
  'apikey',
  'x-client-info',
  'x-supabase-api-version',
  'content-type',
  'content-profile',
  'accept-profile',
  'prefer',
  'x-upsert',
  'x-metadata',
  'x-region',
  'cache-control',
  'range',
  'if-none-match',
  'if-modified-since',
  'accept',
  'accept-language',
];

/** Response headers the clients read. */
export const CORS_EXPOSE_HEADERS = [
  'x-supabase-api-version',
  'x-sb-error-code',
  'content-range',
  'content-length',
  'content-type',
  'content-disposition',
  'etag',
  'last-modified',
  'cache-control',
  'x-total-count',
  'link',
  'x-relay-error',
  'x-transform-cache',
];

const LOCAL_ORIGIN = /^https?:\/\/(localhost|127\.0\.0\.1|\[::1\])(:\d+)?$/;

/** An origin is allowed when it is in the list (or the list has `*`); no list = any localhost origin. */
export function isAllowedOrigin(origin: string, allowed: string[] | undefined): boolean {
  if (!allowed) return LOCAL_ORIGIN.test(origin);
  return allowed.includes('*') || allowed.includes(origin);
}

export function corsMiddleware(allowed: string[] | undefined) {
  return cors({
    origin: (origin) => (origin && isAllowedOrigin(origin, allowed) ? origin : null),
    allowMethods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'],
    allowHeaders: CORS_ALLOW_HEADERS,
    exposeHeaders: CORS_EXPOSE_HEADERS,
    credentials: true,
    maxAge: 86_400,
  });
}
