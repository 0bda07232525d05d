import { ApolloClient, ApolloLink, HttpLink, InMemoryCache } from '@apollo/client';
import { SetContextLink } from '@apollo/client/link/context';
import type { Session, SupabaseClient } from '@supabase/supabase-js';
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
  // The session of the latest auth event wins over the stored one: when another tab signs in or out,
  // supabase-js tells this tab (BroadcastChannel) before this tab's localStorage has caught up, and a query
  // refetched then would go out as the previous identity and fill the fresh cache with its answers.
  let held: { session: Session | null } | null = null;
  supabase.auth.onAuthStateChange((_event, session) => {
    held = { session };
  });
  const auth = new SetContextLink(async (prev) => {
    const session = held ? held.session : (await supabase.auth.getSession()).data.session;
    const token = session?.access_token ?? anonKey;
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
