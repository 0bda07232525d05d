import { act, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { disposeData, getApolloClient, getSupabase } from '../config/initData.ts';
import { DataProvider, useSession } from './DataProvider.tsx';

const config = { supabaseUrl: 'http://127.0.0.1:1', supabaseAnonKey: 'anon-key' };
const now = () => Math.floor(Date.now() / 1000);
const user = {
  id: 'u1',
  aud: 'authenticated',
  role: 'authenticated',
  email: 'ann@example.com',
  app_metadata: {},
  user_metadata: {},
  created_at: '2026-11-22T00:00:00Z',
};

/** The auth service, as supabase-js sees it: password sign-in and sign-out. */
function stubAuth() {
  const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
    const url = String(input);
    if (url.includes('/auth/v1/token'))
      return Response.json({
        access_token: 'header.eyJzdWIiOiJ1MSJ9.sig',
        token_type: 'bearer',
        expires_in: 3600,
        expires_at: now() + 3600,
        refresh_token: 'r1',
        user,
      });
    if (url.includes('/auth/v1/logout')) return new Response(null, { status: 204 });
    return new Response('{}', { status: 404 });
  });
  vi.stubGlobal('fetch', fetchMock);
}

function SessionProbe() {
  const { session, user: current, loading } = useSession();
  return <output>{loading ? 'loading' : session ? `signed in as ${current?.email}` : 'signed out'}</output>;
}

beforeEach(() => {
  localStorage.clear();
  stubAuth();
});
afterEach(() => {
  disposeData();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('DataProvider', () => {
  it('holds the session for the app and resets the Apollo cache on every auth change after the first', async () => {
    render(
      <DataProvider config={config}>
        <SessionProbe />
      </DataProvider>,
    );
    expect(await screen.findByText('signed out')).toBeInTheDocument();
    const reset = vi.spyOn(getApolloClient(), 'resetStore');
    expect(reset).not.toHaveBeenCalled(); // INITIAL_SESSION: nothing cached yet

    await act(async () => {
      const { error } = await getSupabase().auth.signInWithPassword({
        email: 'ann@example.com',
        password: 'password1',
      });
      expect(error).toBeNull();
    });
    expect(await screen.findByText('signed in as ann@example.com')).toBeInTheDocument();
    await waitFor(() => expect(reset).toHaveBeenCalledTimes(1));

    await act(async () => {
      await getSupabase().auth.signOut();
    });
    expect(await screen.findByText('signed out')).toBeInTheDocument();
    await waitFor(() => expect(reset).toHaveBeenCalledTimes(2));
  });

  it('tells in its first render whether a session is stored on this device, before reading it', async () => {
    const { authStorageKey } = await import('@snapshire/contracts');
    const seen: string[] = [];
    function StoredProbe() {
      const { loading, storedSession } = useSession();
      seen.push(`${loading ? 'loading' : 'read'}, ${storedSession ? 'stored' : 'none'}`);
      return null;
    }
    const session = {
      access_token: 'a',
      refresh_token: 'r1',
      expires_at: now() + 3600,
      expires_in: 3600,
      token_type: 'bearer',
      user,
    };
    localStorage.setItem(authStorageKey(config.supabaseUrl), JSON.stringify(session));
    render(
      <DataProvider config={config}>
        <StoredProbe />
      </DataProvider>,
    );
    await waitFor(() => expect(seen.at(-1)).toBe('read, stored'));
    expect(seen[0]).toBe('loading, stored');
  });

  it('useSession outside the provider says where it belongs', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(() => render(<SessionProbe />)).toThrow('useSession must be used inside <DataProvider>.');
  });
});
