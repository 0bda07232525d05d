import type { ApolloClient } from '@apollo/client';
import type { RuntimeConfig } from '@snapshire/contracts';
import type { AuthChangeEvent } from '@supabase/auth-js';
import { createApolloClient } from '../apollo/createApolloClient.ts';
import { createSupabase, type ProjectClient } from './createSupabase.ts';

export type DataConfig = Pick<RuntimeConfig, 'supabaseUrl' | 'supabaseAnonKey'>;

interface DataClients {
  config: DataConfig;
  supabase: ProjectClient;
  apolloClient: ApolloClient;
  /**
   * Whether supabase-js has signed the page in from a password-recovery link (PASSWORD_RECOVERY) and the
   * password has not been changed since. Listened for from the client's creation: supabase-js fires the
   * event once, possibly before any screen subscribes.
   */
  passwordRecovery: () => boolean;
}

/** The page's clients. This module is a federation singleton, so host and remotes see the same ones. */
let current: DataClients | undefined;

/**
 * Creates the Supabase client and the Apollo Client for a runtime config, once. Calling it again with the
 * same project returns the same clients; with another project it replaces them.
 */
export function initData(config: DataConfig): DataClients {
  if (
    current &&
    current.config.supabaseUrl === config.supabaseUrl &&
    current.config.supabaseAnonKey === config.supabaseAnonKey
  )
    return current;
  if (current) disposeData();
  const supabase = createSupabase(config.supabaseUrl, config.supabaseAnonKey);
  const apolloClient = createApolloClient(supabase, config.supabaseUrl, config.supabaseAnonKey);
  let recovering = false;
  supabase.auth.onAuthStateChange((event) => {
    recovering = nextPasswordRecovery(recovering, event);
  });
  current = {
    config: { supabaseUrl: config.supabaseUrl, supabaseAnonKey: config.supabaseAnonKey },
    supabase,
    apolloClient,
    passwordRecovery: () => recovering,
  };
  return current;
}

/** A recovery link's sign-in starts "password recovery"; changing the password or signing out ends it. */
export function nextPasswordRecovery(recovering: boolean, event: AuthChangeEvent): boolean {
  if (event === 'PASSWORD_RECOVERY') return true;
  if (event === 'USER_UPDATED' || event === 'SIGNED_OUT' || event === 'SIGNED_IN') return false;
  return recovering;
}

function initialised(): DataClients {
  if (!current) throw new Error('@snapshire/data: call initData(config) (or render <DataProvider>) first.');
  return current;
}

export const getSupabase = (): ProjectClient => initialised().supabase;
export const getApolloClient = (): ApolloClient => initialised().apolloClient;
/** The project URL and anon key in use (e.g. for a request supabase-js does not make, like an upload with progress). */
export const getDataConfig = (): DataConfig => ({ ...initialised().config });

/** Stops the current clients (auto-refresh timers, in-flight queries). For tests and a config change. */
export function disposeData(): void {
  if (!current) return;
  void current.supabase.auth.stopAutoRefresh();
  current.apolloClient.stop();
  current = undefined;
}
