import { MESSAGES, authStorageKey } from '@snapshire/contracts';
import { AuthClient, type GoTrueClient } from '@supabase/auth-js';
import { FunctionsClient } from '@supabase/functions-js';
import { StorageClient } from '@supabase/storage-js';
import type { RealtimeChannel, RealtimeClient } from '@supabase/realtime-js';
import { diagnostics } from '../diagnostics.ts';

/**
 * The parts of a Supabase client the screens use, each Supabase's own library configured as supabase-js's
 * createClient configures it: auth (the session, kept in localStorage and refreshed automatically), edge
 * functions called as the signed-in user, and Realtime channels. The site reads its data through GraphQL and
 * uploads with its own request, so supabase-js's PostgREST client is not loaded (Storage only for remotes of
 * the release before, below); Realtime's code comes with the first live screen, not the page's first script
 * (issue 24).
 */
export interface ProjectClient {
  readonly auth: GoTrueClient;
  readonly functions: FunctionsClient;
  /**
   * Storage as supabase-js has it, for remotes of the release before, which sign their photo URLs through it
   * (e2e/tests/compat.spec.ts, e2e/compat/previous-release): the page's one client is the host's, whatever release
   * a remote is. This release's screens sign through the sign-photos function. Drop it once the previous
   * release signs through the function too.
   */
  readonly storage: StorageClient;
  /**
   * Opens a Realtime channel on `topic` once Realtime's code has loaded: `setUp` adds its listeners and
   * subscribes. Returns what closes it, also before it opened. When the code cannot be loaded (the network
   * dropped, or a redeploy removed the chunk) the screen works without live updates; the next channel tries
   * again.
   */
  liveChannel(topic: string, setUp: (channel: RealtimeChannel) => RealtimeChannel): () => void;
}

/** The client for a project URL and its public anon key. */
export function createSupabase(url: string, key: string): ProjectClient {
  if (!url) throw new Error(MESSAGES.SUPABASE_URL_REQUIRED);
  if (!key) throw new Error(MESSAGES.SUPABASE_KEY_REQUIRED);
  diagnostics().supabaseClients += 1;
  const base = new URL(url.endsWith('/') ? url : `${url}/`);
  const auth = new AuthClient({
    url: new URL('auth/v1', base).href,
    headers: { Authorization: `Bearer ${key}`, apikey: key },
    // The key the page's first script reads the session under too.
    storageKey: authStorageKey(url),
    autoRefreshToken: true,
    persistSession: true,
    detectSessionInUrl: true,
  });
  /** The signed-in user's access token, else the anon key (as supabase-js sends). */
  const accessToken = async () => (await auth.getSession()).data.session?.access_token ?? key;
  const fetchAsCaller: typeof fetch = async (input, init) => {
    const headers = new Headers(init?.headers);
    if (!headers.has('apikey')) headers.set('apikey', key);
    if (!headers.has('Authorization')) headers.set('Authorization', `Bearer ${await accessToken()}`);
    return fetch(input, { ...init, headers });
  };
  const functions = new FunctionsClient(new URL('functions/v1', base).href, { customFetch: fetchAsCaller });
  const storage = new StorageClient(new URL('storage/v1', base).href, {}, fetchAsCaller);

  let realtime: Promise<RealtimeClient> | undefined;
  const loadRealtime = (): Promise<RealtimeClient> =>
    (realtime ??= import('@supabase/realtime-js').then(
      async ({ RealtimeClient }) => {
        const socketUrl = new URL('realtime/v1', base);
        socketUrl.protocol = socketUrl.protocol.replace('http', 'ws');
        const client = new RealtimeClient(socketUrl.href, { params: { apikey: key }, accessToken });
        // The socket follows the session, as supabase-js's client does: a new token is sent to the
        // channels; signing out goes back to the anon key.
        let sentToken: string | undefined;
        auth.onAuthStateChange((event, session) => {
          if ((event === 'TOKEN_REFRESHED' || event === 'SIGNED_IN') && session?.access_token !== sentToken) {
            sentToken = session?.access_token;
            void client.setAuth(sentToken);
          } else if (event === 'SIGNED_OUT') {
            sentToken = undefined;
            void client.setAuth();
          }
        });
        // The caller's token before any channel joins: a join carries it, and Realtime filters the changes
        // by it (a private group's). Left to the socket's own connect, the join could leave without it.
        await client.setAuth();
        return client;
      },
      (error: unknown) => {
        realtime = undefined;
        throw error;
      },
    ));

  return {
    auth,
    functions,
    storage,
    liveChannel(topic, setUp) {
      let closed = false;
      let open: { client: RealtimeClient; channel: RealtimeChannel } | undefined;
      loadRealtime().then(
        (client) => {
          if (!closed) open = { client, channel: setUp(client.channel(topic)) };
        },
        () => undefined,
      );
      return () => {
        closed = true;
        if (open) void open.client.removeChannel(open.channel);
      };
    },
  };
}
