import { MESSAGES, authStorageKey } from '@snapshire/contracts';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { diagnostics } from '../diagnostics.ts';

/**
 * The Supabase client (auth, storage, functions) for a project URL and its public anon key. The session is
 * kept in localStorage and refreshed automatically; supabase-js pauses the refresh while the page is hidden.
 */
export function createSupabase(url: string, key: string): SupabaseClient {
  if (!url) throw new Error(MESSAGES.SUPABASE_URL_REQUIRED);
  if (!key) throw new Error(MESSAGES.SUPABASE_KEY_REQUIRED);
  diagnostics().supabaseClients += 1;
  return createClient(url, key, {
    // supabase-js's own default key, named here: the page's first script reads the session under it too.
    auth: { autoRefreshToken: true, persistSession: true, detectSessionInUrl: true, storageKey: authStorageKey(url) },
  });
}
