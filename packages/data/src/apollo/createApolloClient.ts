import { ApolloClient, ApolloLink, HttpLink, InMemoryCache } from '@apollo/client';
import { SetContextLink } from '@apollo/client/link/context';
import type { SupabaseClient } from '@supabase/supabase-js';
import { diagnostics } from '../diagnostics.ts';
import { typePolicies } from './cachePolicies.ts';

/** The GraphQL endpoint of a Supabase project (pg_graphql). */
export function graphqlUrl(supabaseUrl: string): string {
  return `${supabaseUrl.replace(/\/+$/, '')}/graphql/v1`;
}

/**
 * The one Apollo Client: POST /graphql/v1 with the anon key as `apikey`, and as bearer the signed-in user's
 * access token (read per request, so a refreshed token is used at once) or else the anon key.
 */
export function createApolloClient(supabase: SupabaseClient, supabaseUrl: string, anonKey: string) {
  const auth = new SetContextLink(async (prev) => {
    const { data } = await supabase.auth.getSession();
    const token = data.session?.access_token ?? anonKey;
    return {
      headers: {
        ...(prev.headers as Record<string, string> | undefined),
        apikey: anonKey,
        Authorization: `Bearer ${token}`,
      },
    };
  });
  const http = new HttpLink({ uri: graphqlUrl(supabaseUrl) });
  const cache = new InMemoryCache({ typePolicies });
  const counters = diagnostics();
  counters.apolloClients += 1;
  counters.caches += 1;
  return new ApolloClient({ link: ApolloLink.from([auth, http]), cache });
}
