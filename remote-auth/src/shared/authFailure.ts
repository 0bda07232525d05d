import { AUTH_NETWORK_ERROR_CODE, authErrorMessage } from '@snapshire/contracts';

/** What supabase-js hands back as `error` (AuthError and its subclasses), reduced to what we read. */
export interface AuthErrorLike {
  name?: string;
  code?: string;
  status?: number;
  message?: string;
}

/**
 * The code of an auth failure, so the screen can word it (authErrorMessage) and tests can assert on it.
 * supabase-js reports "no answer" (fetch threw, or a 5xx) as AuthRetryableFetchError without a code; older
 * auth servers send no codes at all, so their two common refusals are recognised by their wording.
 */
export function authFailureCode(error: AuthErrorLike | null | undefined): string | undefined {
  if (!error) return undefined;
  if (error.name === 'AuthRetryableFetchError' || error.status === 0) return AUTH_NETWORK_ERROR_CODE;
  if (error.code) return error.code;
  if (error.name === 'AuthWeakPasswordError') return 'weak_password';
  const message = error.message?.toLowerCase() ?? '';
  if (message.includes('invalid login credentials')) return 'invalid_credentials';
  if (message.includes('email not confirmed')) return 'email_not_confirmed';
  // A fetch that throws outside supabase-js's wrapper (e.g. a TypeError from a test double).
  if (error.name === 'TypeError' && message.includes('fetch')) return AUTH_NETWORK_ERROR_CODE;
  return undefined;
}

/** The product's words for an auth failure. */
export function authFailureMessage(error: AuthErrorLike | null | undefined): string {
  return authErrorMessage(authFailureCode(error));
}

/**
 * GoTrue's answer when it mailed this address less than [auth.email] max_frequency ago (a repeated sign-up or
 * recovery request): that mail is on its way, so the screen answers as it does after the first request.
 */
export function mailRecentlySent(error: AuthErrorLike | null | undefined): boolean {
  return authFailureCode(error) === 'over_email_send_rate_limit' && /for security purposes/i.test(error?.message ?? '');
}
