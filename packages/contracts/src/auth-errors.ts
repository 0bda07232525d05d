import { MESSAGES, RETURN_TEXT } from './messages.ts';

/**
 * The auth service's (GoTrue's) error codes the product words for users. supabase-js exposes them as
 * `error.code` on AuthApiError; anything not listed reads as MESSAGES.AUTH_UNKNOWN.
 */
export const AUTH_ERROR_MESSAGES: Readonly<Record<string, string>> = {
  invalid_credentials: MESSAGES.AUTH_INVALID_CREDENTIALS,
  email_not_confirmed: MESSAGES.AUTH_EMAIL_NOT_CONFIRMED,
  user_already_exists: MESSAGES.AUTH_USER_EXISTS,
  // GoTrue answers email_exists when an e-mail belongs to another identity of an existing user.
  email_exists: MESSAGES.AUTH_USER_EXISTS,
  weak_password: MESSAGES.AUTH_WEAK_PASSWORD,
  same_password: MESSAGES.AUTH_SAME_PASSWORD,
  email_address_invalid: MESSAGES.INVALID_EMAIL,
  validation_failed: MESSAGES.AUTH_UNKNOWN,
  over_request_rate_limit: MESSAGES.AUTH_RATE_LIMITED,
  over_email_send_rate_limit: MESSAGES.AUTH_RATE_LIMITED,
  // A code (verifyOtp) that is wrong, used or expired: GoTrue does not say which.
  otp_expired: MESSAGES.AUTH_CODE_INVALID,
};

/** Pseudo-code for "the request never got an answer" (supabase-js AuthRetryableFetchError, status 0 or 5xx). */
export const AUTH_NETWORK_ERROR_CODE = 'network_failure';

/** The product's words for an auth error code (or AUTH_NETWORK_ERROR_CODE); unknown codes read as AUTH_UNKNOWN. */
export function authErrorMessage(code: string | null | undefined): string {
  if (code === AUTH_NETWORK_ERROR_CODE) return MESSAGES.AUTH_NETWORK;
  return (code && Object.hasOwn(AUTH_ERROR_MESSAGES, code) && AUTH_ERROR_MESSAGES[code]) || MESSAGES.AUTH_UNKNOWN;
}

/**
 * A link from an auth e-mail that did not work comes back with the error in the fragment, the way GoTrue
 * redirects (`#error=access_denied&error_code=otp_expired&error_description=...`). Returns its code and the
 * product's words for it, or undefined when the fragment carries no such error.
 */
export function authLinkError(
  hash: string | null | undefined,
): { code: string; title: string; text: string } | undefined {
  if (!hash) return undefined;
  const params = fragmentParams(hash.startsWith('#') ? hash.slice(1) : hash);
  const error = params.get('error');
  const code = params.get('error_code') ?? error;
  if (!error || !code) return undefined;
  const expired = code === 'otp_expired';
  return {
    code,
    title: RETURN_TEXT.LINK_EXPIRED_TITLE,
    text: expired ? RETURN_TEXT.LINK_EXPIRED_TEXT : RETURN_TEXT.LINK_FAILED_TEXT,
  };
}

/** key=value pairs of a fragment, decoded as a form (`+` is a space); a malformed escape keeps its raw text. */
function fragmentParams(fragment: string): Map<string, string> {
  const params = new Map<string, string>();
  for (const pair of fragment.split('&')) {
    if (!pair) continue;
    const at = pair.indexOf('=');
    const [key, value] = at < 0 ? [pair, ''] : [pair.slice(0, at), pair.slice(at + 1)];
    const decode = (text: string) => {
      try {
        return decodeURIComponent(text.replace(/\+/g, ' '));
      } catch {
        return text;
      }
    };
    if (!params.has(decode(key))) params.set(decode(key), decode(value));
  }
  return params;
}
