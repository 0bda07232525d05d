/**
 * @snapshire/data: the page's one Supabase client and session, the one Apollo Client and cache, and the
 * GraphQL operations with their generated types. A federation singleton shared by the host and every remote.
 */
import { diagnostics } from './diagnostics.ts';

export { createSupabase } from './config/createSupabase.ts';
export {
  initData,
  getSupabase,
  getApolloClient,
  getDataConfig,
  disposeData,
  type DataConfig,
} from './config/initData.ts';
export { DataProvider, useSession, useSupabase, type SessionState } from './session/DataProvider.tsx';
export { createApolloClient, graphqlUrl } from './apollo/createApolloClient.ts';
export { typePolicies } from './apollo/cachePolicies.ts';
export { diagnostics, DIAGNOSTICS_KEY, type DataDiagnostics } from './diagnostics.ts';
// The GraphQL operations (docs/product.md) as typed documents, with their result and variable types.
export * from './graphql/generated.ts';

// Counted once per evaluated copy of this package (a second copy on the page would be a federation bug).
diagnostics().instances += 1;
