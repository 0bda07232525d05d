import type { Context } from 'hono';

/**
 * A storage-api error. Rendered as storage-api does: HTTP 400 (500 for internal errors) with the real status
 * as a string in the body: `{statusCode: "404", code: "NoSuchKey", error: "not_found", message: "Object not found"}`.
 */
export class StorageError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    readonly error: string = code,
  ) {
    super(message);
    this.name = 'StorageError';
  }
}

export function storageErrorResponse(c: Context, err: StorageError): Response {
  return c.json(
    { statusCode: String(err.statusCode), code: err.code, error: err.error, message: err.message },
    err.statusCode >= 500 ? 500 : 400,
  );
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
  routeNotFound: () => new StorageError(404, 'InvalidRequest', 'Route not found', 'Not Found'),
  internal: (message = 'Internal server error') => new StorageError(500, 'InternalError', message),
};
