/**
 * @snapshire/data: the page's one Supabase client and session, the one Apollo Client and cache (type policies,
 * pagination), and typed cache helpers several remotes need. A federation singleton shared by the host and
 * every remote. No screen's GraphQL operations live here: each remote owns its own (.graphql files generated
 * by ./graphql/codegen.ts, exported as @snapshire/data/codegen), so changing one ships with that remote alone.
 */
import { diagnostics } from './diagnostics.ts';

export {
  initData,
  getSupabase,
  getApolloClient,
  getDataConfig,
  disposeData,
  type DataConfig,
} from './config/initData.ts';
export {
  DataProvider,
  useAuthLinkFailure,
  useSession,
  useSupabase,
  type AuthLinkFailure,
  type SessionState,
} from './session/DataProvider.tsx';
export type { ProjectClient } from './config/createSupabase.ts';
export { typePolicies } from './apollo/cachePolicies.ts';
export { diagnostics, DIAGNOSTICS_KEY, type DataDiagnostics } from './diagnostics.ts';
export { evictGroupPosts } from './apollo/evictGroupPosts.ts';
export { refreshAfterGroupChange } from './apollo/refreshAfterGroupChange.ts';
export { signedPhotosIn } from './photos/signedPhotosIn.ts';

// Counted once per evaluated copy of this package (a second copy on the page would be a federation bug).
diagnostics().instances += 1;
