import { startComponentBackend, uniqueEmail, type ComponentBackend } from '@snapshire/backend/testing';
import { act, render, screen, waitFor } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { disposeData, getApolloClient, getSupabase, initData } from '../config/initData.ts';
import { DataProvider, useSession } from './DataProvider.tsx';

const PASSWORD = 'snapshire-ann-2026';

// The embedded backend's auth, as supabase-js meets it in the site (GoTrue's API).
let backend: ComponentBackend;
let email: string;
beforeAll(async () => {
  backend = await startComponentBackend();
  email = uniqueEmail('ann');
  await backend.createUser(email, PASSWORD);
}, 120_000);
afterAll(async () => {
  await backend?.stop();
});

function SessionProbe() {
  const { session, user: current, loading } = useSession();
  return <output>{loading ? 'loading' : session ? `signed in as ${current?.email}` : 'signed out'}</output>;
}

beforeEach(() => {
  localStorage.clear();
});
afterEach(() => {
  disposeData();
  vi.restoreAllMocks();
});

describe('DataProvider', () => {
  it('holds the session for the app and resets the Apollo cache when who is signed in changes', async () => {
    render(
      <DataProvider config={backend.config}>
        <SessionProbe />
      </DataProvider>,
    );
    expect(await screen.findByText('signed out')).toBeInTheDocument();
    const reset = vi.spyOn(getApolloClient(), 'resetStore');
    expect(reset).not.toHaveBeenCalled(); // INITIAL_SESSION: nothing cached yet

    await act(async () => {
      const { error } = await getSupabase().auth.signInWithPassword({ email, password: PASSWORD });
      expect(error).toBeNull();
    });
    expect(await screen.findByText(`signed in as ${email}`)).toBeInTheDocument();
    await waitFor(() => expect(reset).toHaveBeenCalledTimes(1));

    await act(async () => {
      await getSupabase().auth.signOut();
    });
    expect(await screen.findByText('signed out')).toBeInTheDocument();
    await waitFor(() => expect(reset).toHaveBeenCalledTimes(2));
  });

  it('keeps the Apollo cache while the same person stays signed in: a session read again or refreshed', async () => {
    // A device with a stored session, as a page opened after signing in.
    initData(backend.config);
    const { error } = await getSupabase().auth.signInWithPassword({ email, password: PASSWORD });
    expect(error).toBeNull();
    disposeData();
    render(
      <DataProvider config={backend.config}>
        <SessionProbe />
      </DataProvider>,
    );
    expect(await screen.findByText(`signed in as ${email}`)).toBeInTheDocument();
    const reset = vi.spyOn(getApolloClient(), 'resetStore');
    await act(async () => {
      // SIGNED_IN again for the same user (supabase-js tells it when a tab comes back), then TOKEN_REFRESHED.
      const signIn = await getSupabase().auth.signInWithPassword({ email, password: PASSWORD });
      expect(signIn.error).toBeNull();
      const refresh = await getSupabase().auth.refreshSession();
      expect(refresh.error).toBeNull();
      await new Promise((resolve) => setTimeout(resolve, 50));
    });
    expect(reset).not.toHaveBeenCalled();
  });

  it('tells in its first render whether a session is stored on this device, before reading it', async () => {
    const { authStorageKey } = await import('@snapshire/contracts');
    const seen: string[] = [];
    function StoredProbe() {
      const { loading, storedSession } = useSession();
      seen.push(`${loading ? 'loading' : 'read'}, ${storedSession ? 'stored' : 'none'}`);
      return null;
    }
    // A real session, as supabase-js stores the token endpoint's answer after signing in on an earlier visit.
    const answer = await fetch(`${backend.url}/auth/v1/token?grant_type=password`, {
      method: 'POST',
      headers: { apikey: backend.anonKey, 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: PASSWORD }),
    });
    expect(answer.status).toBe(200);
    localStorage.setItem(authStorageKey(backend.url), JSON.stringify(await answer.json()));
    render(
      <DataProvider config={backend.config}>
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
