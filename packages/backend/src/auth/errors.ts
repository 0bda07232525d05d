import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';

/** GoTrue's API version header (internal/api/apiversions.go); supabase-js sends 2024-01-01 on every request. */
export const API_VERSION_HEADER = 'X-Supabase-Api-Version';
export const API_VERSION = '2024-01-01';
/** The error code GoTrue repeats in a response header (internal/api/errors.go). */
export const ERROR_CODE_HEADER = 'x-sb-error-code';

/** A GoTrue error: HTTP status, machine code (error_code) and message, as GoTrue words them. */
export class AuthError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    readonly code: string,
    message: string,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = 'AuthError';
  }
}

/**
 * The API version GoTrue answers in (DetermineClosestAPIVersion): 2024-01-01 for any valid date from then on,
 * the initial version for no header, an earlier date or one that does not parse as YYYY-MM-DD.
 */
function isVersioned(header: string | undefined): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(header ?? '');
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== mo - 1 || date.getUTCDate() !== d) return false;
  return date.getTime() >= Date.UTC(2024, 0, 1);
}

/**
 * GoTrue's HandleResponseError. A client sending `X-Supabase-Api-Version: 2024-01-01` (or later) gets
 * `{code: <error code>, message}` and the version echoed back; any other gets the initial shape
 * `{code: <HTTP status>, error_code, msg}`. The error code goes into `x-sb-error-code` in both, except for
 * weak_password under 2024-01-01 and for unhandled errors (`unhandled`), as GoTrue does. weak_password bodies
 * carry `weak_password: {reasons}`.
 */
export function authErrorResponse(c: Context, err: AuthError, unhandled = false): Response {
  const versioned = isVersioned(c.req.header(API_VERSION_HEADER));
  if (versioned) c.header(API_VERSION_HEADER, API_VERSION);
  const weak = err.code === 'weak_password';
  if (!unhandled && !(weak && versioned)) c.header(ERROR_CODE_HEADER, err.code);
  const body = versioned
    ? { code: err.code, message: err.message, ...err.extra }
    : { code: err.status, error_code: err.code, msg: err.message, ...err.extra };
  return c.json(body, err.status);
}

export const authErrors = {
  invalidCredentials: () => new AuthError(400, 'invalid_credentials', 'Invalid login credentials'),
  emailNotConfirmed: () => new AuthError(400, 'email_not_confirmed', 'Email not confirmed'),
  weakPassword: (min: number, reasons: string[] = ['length']) =>
    new AuthError(422, 'weak_password', `Password should be at least ${min} characters.`, {
      weak_password: { reasons },
    }),
  userAlreadyExists: () => new AuthError(422, 'user_already_exists', 'User already registered'),
  emailExists: () => new AuthError(422, 'email_exists', 'A user with this email address has already been registered'),
  validation: (message: string, status: 400 | 422 = 400) => new AuthError(status, 'validation_failed', message),
  badJson: () => new AuthError(400, 'bad_json', 'Could not parse request body as JSON'),
  noAuthorization: () => new AuthError(401, 'no_authorization', 'This endpoint requires a Bearer token'),
  badJwt: (detail: string) =>
    new AuthError(403, 'bad_jwt', `invalid JWT: unable to parse or verify signature, ${detail}`),
  sessionNotFound: () => new AuthError(403, 'session_not_found', 'Session from session_id claim in JWT does not exist'),
  userNotFound: () => new AuthError(404, 'user_not_found', 'User not found'),
  refreshTokenNotFound: () =>
    new AuthError(400, 'refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found'),
  refreshTokenAlreadyUsed: () =>
    new AuthError(400, 'refresh_token_already_used', 'Invalid Refresh Token: Already Used'),
  notAdmin: () => new AuthError(403, 'not_admin', 'User not allowed'),
  samePassword: () => new AuthError(422, 'same_password', 'New password should be different from the old password.'),
  signupDisabled: () => new AuthError(422, 'signup_disabled', 'Signups not allowed for this instance'),
  otpExpired: () => new AuthError(403, 'otp_expired', 'Token has expired or is invalid'),
  /** A token hash (link) GoTrue finds no user for, or one past its expiry (verifyTokenHash). */
  linkExpired: () => new AuthError(403, 'otp_expired', 'Email link is invalid or has expired'),
  unsupportedGrant: () => new AuthError(400, 'unsupported_grant_type', 'unsupported_grant_type'),
};
