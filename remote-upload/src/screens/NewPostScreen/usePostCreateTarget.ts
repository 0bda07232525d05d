import { useCallback } from 'react';
import { getDataConfig, useSupabase } from '@snapshire/data';
import { MESSAGES } from '@snapshire/contracts';
import { PostCreateRefusedError, postCreateFunctionUrl } from './postCreateTransport.ts';

/** Where and as whom to send a new post. */
export interface PostCreateTarget {
  url: string;
  apiKey: string;
  accessToken: string;
}

/**
 * Resolves the function URL, the anon key and a fresh access token at submit time: getSession() refreshes
 * an expired token first, so a form left open for an hour still posts.
 */
export function usePostCreateTarget(): () => Promise<PostCreateTarget> {
  const supabase = useSupabase();
  return useCallback(async () => {
    const { data, error } = await supabase.auth.getSession();
    const accessToken = data.session?.access_token;
    if (error || !accessToken) throw new PostCreateRefusedError(MESSAGES.NOT_SIGNED_IN, 401);
    const { supabaseUrl, supabaseAnonKey } = getDataConfig();
    return { url: postCreateFunctionUrl(supabaseUrl), apiKey: supabaseAnonKey, accessToken };
  }, [supabase]);
}
