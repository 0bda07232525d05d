import { ApolloProvider } from '@apollo/client/react';
import type { AuthChangeEvent, Session, User } from '@supabase/auth-js';
import type { ProjectClient } from '../config/createSupabase.ts';
import { readStoredSession } from '../config/storedSession.ts';
import { authLinkError } from '@snapshire/contracts';
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { initData, type DataConfig } from '../config/initData.ts';

export interface SessionState {
  session: Session | null;
  user: User | null;
  /** True until supabase-js has read the stored session (INITIAL_SESSION). */
  loading: boolean;
  /**
   * True once a password-recovery link has signed this page in (supabase-js's PASSWORD_RECOVERY), until the
   * password is changed or the person signs out: the site then shows "Set a new password".
   */
  passwordRecovery: boolean;
  /**
   * Whether this device holds a stored session, known at once (the session itself is read asynchronously):
   * what a screen keeps room for while loading, so that the controls it then shows move nothing.
   */
  storedSession: boolean;
}

/** A link from an auth e-mail that did not work (expired, or used already), in the product's words. */
export type AuthLinkFailure = NonNullable<ReturnType<typeof authLinkError>>;

interface DataContextValue extends SessionState {
  supabase: ProjectClient;
  authLinkFailure: AuthLinkFailure | undefined;
  dismissAuthLinkFailure: () => void;
}

const DataContext = createContext<DataContextValue | null>(null);
DataContext.displayName = 'SnapshireData';

/**
 * Holds the current Supabase session for the whole app and provides the one Apollo Client. On every auth
 * state change after the initial one (sign-in, sign-out, token refresh, user update) the Apollo cache is
 * reset, so no screen keeps data fetched under another identity.
 */
export function DataProvider({ config, children }: { config: DataConfig; children: ReactNode }) {
  const { supabase, apolloClient, passwordRecovery } = useMemo(
    () => initData(config),
    [config.supabaseUrl, config.supabaseAnonKey], // eslint-disable-line react-hooks/exhaustive-deps
  );
  const [state, setState] = useState<SessionState>(() => ({
    session: null,
    user: null,
    loading: true,
    passwordRecovery: false,
    storedSession: readStoredSession(config.supabaseUrl) !== null,
  }));

  // Read from the address the page was opened with, before anything takes the fragment out of it: the layout
  // says it above the page, and a screen below it need not offer the same way back.
  const [authLinkFailure, setAuthLinkFailure] = useState(() => authLinkError(globalThis.location?.hash));
  const dismissAuthLinkFailure = useCallback(() => setAuthLinkFailure(undefined), []);

  useEffect(() => {
    // Who the cached answers were asked for (undefined until the stored session has been read).
    let cachedFor: string | null | undefined;
    const { data } = supabase.auth.onAuthStateChange((event: AuthChangeEvent, session: Session | null) => {
      // The clients' own listener has seen every event, PASSWORD_RECOVERY too when it came before this one.
      setState({
        session,
        user: session?.user ?? null,
        loading: false,
        passwordRecovery: passwordRecovery(),
        storedSession: session !== null,
      });
      const userId = session?.user.id ?? null;
      const first = cachedFor === undefined || event === 'INITIAL_SESSION';
      const samePerson = userId === cachedFor;
      cachedFor = userId;
      // The first: the cache is new, and requests already wait for this session. The same person again
      // (SIGNED_IN when a tab comes back, TOKEN_REFRESHED, USER_UPDATED): what they may see has not changed, and
      // emptying the cache would empty every list on screen until it is asked again (the signed-in groups list
      // lost its "Your groups" for a moment on every load, CLS 0.42 on a phone).
      if (first || samePerson) return;
      // Deferred: supabase-js holds its auth lock while calling listeners, and refetches need the session.
      setTimeout(() => {
        apolloClient.resetStore().catch(() => {
          /* queries cancelled by the reset report it here; they refetch on their own */
        });
      }, 0);
    });
    return () => data.subscription.unsubscribe();
  }, [supabase, apolloClient, passwordRecovery]);

  const value = useMemo(
    () => ({ ...state, supabase, authLinkFailure, dismissAuthLinkFailure }),
    [state, supabase, authLinkFailure, dismissAuthLinkFailure],
  );
  return (
    <DataContext.Provider value={value}>
      <ApolloProvider client={apolloClient}>{children}</ApolloProvider>
    </DataContext.Provider>
  );
}

function useDataContext(hook: string): DataContextValue {
  const value = useContext(DataContext);
  if (!value) throw new Error(`${hook} must be used inside <DataProvider>.`);
  return value;
}

/** The current session and user (null when signed out); loading until the stored session has been read. */
export function useSession(): SessionState {
  const { session, user, loading, passwordRecovery, storedSession } = useDataContext('useSession');
  return { session, user, loading, passwordRecovery, storedSession };
}

/** The page's one Supabase client. */
export function useSupabase(): ProjectClient {
  return useDataContext('useSupabase').supabase;
}

/**
 * The auth e-mail link this page was opened with that did not work, until dismissed (the host's notice says
 * it above the page, and dismisses it when the person leaves that page).
 */
export function useAuthLinkFailure(): { failure: AuthLinkFailure | undefined; dismiss: () => void } {
  const { authLinkFailure, dismissAuthLinkFailure } = useDataContext('useAuthLinkFailure');
  return { failure: authLinkFailure, dismiss: dismissAuthLinkFailure };
}
