import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';

/**
 * A storage-api error. Rendered as storage-api does: HTTP 400 (500 for internal errors) with the real status
 * as a string in the body: `{statusCode: "404", code: "NoSuchKey", error: "not_found", message: "Object not found"}`;
 * `httpStatus` is the status of the few errors storage-api answers with their own (its userStatusCode).
 */
export class StorageError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    readonly error: string = code,
    readonly httpStatus?: number,
  ) {
    super(message);
    this.name = 'StorageError';
  }
}

/** A path outside storage-api's route prefixes: Fastify's own 404 body, its statusCode a number. */
class NoSuchRoute extends StorageError {}

/** The prefixes whose routers storage-api gives its REST not-found handler (src/http/not-found-handler.ts). */
const REST_PREFIXES = /^\/(object|bucket|render\/image|cdn|vector)(\/|$)/;

/**
 * An object whose row exists but whose bytes are gone: storage-api's renderer answers its backend's 404 with
 * `{statusCode: "404", code: "NoSuchKey", error: "Not found", message: "The resource was not found"}`, no-store.
 */
export class MissingBytes extends StorageError {
  constructor() {
    super(404, 'NoSuchKey', 'The resource was not found', 'Not found');
  }
}

export function storageErrorResponse(c: Context, err: StorageError): Response {
  const status = err.httpStatus ?? (err.statusCode >= 500 ? 500 : 400);
  if (err instanceof MissingBytes) c.header('cache-control', 'no-store');
  if (err instanceof NoSuchRoute) return c.json({ message: err.message, error: err.error, statusCode: 404 }, 404);
  return c.json(
    { statusCode: String(err.statusCode), code: err.code, error: err.error, message: err.message },
    status as ContentfulStatusCode,
  );
}

/**
 * No route for the request: 404 `Route <METHOD>:<url> not found`, where the url is the path storage-api sees
 * behind Supabase's gateway (without /storage/v1) with its query.
 */
export function routeNotFound(c: Context): StorageError {
  const url = new URL(c.req.url);
  const path = url.pathname.replace(/^\/storage\/v1(?=\/|$)/, '') || '/';
  const message = `Route ${c.req.method}:${path}${url.search} not found`;
  return REST_PREFIXES.test(path)
    ? new StorageError(404, 'InvalidRequest', message, 'Not Found', 404)
    : new NoSuchRoute(404, 'InvalidRequest', message, 'Not Found', 404);
}

export const storageErrors = {
  noSuchBucket: () => new StorageError(404, 'NoSuchBucket', 'Bucket not found', 'Bucket not found'),
  noSuchKey: () => new StorageError(404, 'NoSuchKey', 'Object not found', 'not_found'),
  accessDenied: (message: string) => new StorageError(403, 'AccessDenied', message, 'Unauthorized'),
  duplicate: () => new StorageError(409, 'KeyAlreadyExists', 'The resource already exists', 'Duplicate'),
  tooLarge: () =>
    new StorageError(413, 'EntityTooLarge', 'The object exceeded the maximum allowed size', 'Payload too large'),
  invalidMimeType: (mime: string) =>
    new StorageError(415, 'InvalidMimeType', `mime type ${mime} is not supported`, 'invalid_mime_type'),
  invalidKey: (key: string) => new StorageError(400, 'InvalidKey', `Invalid key: ${key}`),
  invalidJwt: (message: string) => new StorageError(400, 'InvalidJWT', message),
  invalidSignature: () => new StorageError(400, 'InvalidSignature', 'Invalid signature'),
  invalidRequest: (message: string) => new StorageError(400, 'InvalidRequest', message),
  invalidParameter: (message: string) => new StorageError(400, 'InvalidParameter', message),
  missingParameter: (name: string) => new StorageError(400, 'MissingParameter', `Missing Required Parameter ${name}`),
  noContent: () => new StorageError(400, 'InvalidRequest', 'No content provided'),
  imageError: (message: string) => new StorageError(400, 'InvalidRequest', message),
  invalidRange: () => new StorageError(416, 'InvalidRange', 'invalid range provided', 'invalid_range', 416),
  internal: (message = 'Internal server error') => new StorageError(500, 'InternalError', message),
};
