import { authStorageKey } from '@snapshire/contracts';

/**
 * What Supabase's auth client keeps in localStorage for the project (under authStorageKey), read without
 * waiting for it: whether a session is stored, and its access token. Nothing when none is stored, it cannot be
 * read, or storage is blocked (then the auth client cannot read one either).
 */
export function readStoredSession(supabaseUrl: string): { accessToken: string | undefined } | null {
  try {
    const stored = globalThis.localStorage?.getItem(authStorageKey(supabaseUrl));
    if (stored == null) return null;
    let token: unknown;
    try {
      token = (JSON.parse(stored) as { access_token?: unknown } | null)?.access_token;
    } catch {
      token = undefined; // stored, but not as JSON: the auth client decides what it is worth
    }
    return { accessToken: typeof token === 'string' ? token : undefined };
  } catch {
    return null;
  }
}
