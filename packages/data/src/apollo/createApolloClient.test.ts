import { gql } from '@apollo/client';
import type { ProjectClient } from '../config/createSupabase.ts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  EARLY_SCREEN_DATA_KEY,
  EARLY_SCREEN_DATA_MAX_AGE_MS,
  authStorageKey,
  type EarlyScreenAnswer,
} from '@snapshire/contracts';
import { publishScreenQueries } from '../graphql/screenQueries.ts';
import { createApolloClient, graphqlUrl } from './createApolloClient.ts';

const QUERY = gql`
  query AllGroups {
    groupCollection {
      edges {
        node {
          id
          display_name
        }
      }
    }
  }
`;

type AuthListener = (event: string, session: { access_token: string } | null) => void;

/** A Supabase client that knows its stored session, and lets a test send auth events. */
function fakeSupabase(accessToken: string | null, listeners: AuthListener[] = []) {
  return {
    auth: {
      getSession: async () => ({ data: { session: accessToken ? { access_token: accessToken } : null } }),
      onAuthStateChange: (listener: AuthListener) => {
        listeners.push(listener);
        return { data: { subscription: { unsubscribe: () => {} } } };
      },
    },
  } as unknown as ProjectClient;
}

function stubGraphql() {
  const fetchMock = vi.fn(
    async (_url: string, _init: RequestInit) =>
      new Response(JSON.stringify({ data: { groupCollection: { __typename: 'groupConnection', edges: [] } } }), {
        headers: { 'Content-Type': 'application/json' },
      }),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

afterEach(() => vi.unstubAllGlobals());

describe('createApolloClient', () => {
  it('posts to /graphql/v1 with the anon key as apikey and bearer when signed out', async () => {
    const fetchMock = stubGraphql();
    const client = createApolloClient(fakeSupabase(null), 'http://127.0.0.1:54321/', 'anon-key');
    await client.query({ query: QUERY });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('http://127.0.0.1:54321/graphql/v1');
    expect(init.method).toBe('POST');
    const headers = new Headers(init.headers);
    expect(headers.get('apikey')).toBe('anon-key');
    expect(headers.get('authorization')).toBe('Bearer anon-key');
    expect(JSON.parse(init.body as string).operationName).toBe('AllGroups');
  });

  it("sends the signed-in user's access token as bearer", async () => {
    const fetchMock = stubGraphql();
    const client = createApolloClient(fakeSupabase('user-token'), 'http://127.0.0.1:54321', 'anon-key');
    await client.query({ query: QUERY });
    const headers = new Headers(fetchMock.mock.calls[0]![1].headers);
    expect(headers.get('apikey')).toBe('anon-key');
    expect(headers.get('authorization')).toBe('Bearer user-token');
  });

  it('builds the endpoint from the project URL', () => {
    expect(graphqlUrl('https://abc.supabase.co')).toBe('https://abc.supabase.co/graphql/v1');
  });
});

describe('the bearer after an auth event', () => {
  it('is the session the event carries, even while the stored session still reads as the old one', async () => {
    // Another tab signed in: supabase-js tells this tab (BroadcastChannel) before this tab's localStorage has
    // the new session, so getSession() still answers signed out for a moment.
    const listeners: AuthListener[] = [];
    const fetchMock = stubGraphql();
    const client = createApolloClient(fakeSupabase(null, listeners), 'http://127.0.0.1:54321', 'anon-key');
    for (const listener of listeners) listener('SIGNED_IN', { access_token: 'from-the-other-tab' });
    await client.query({ query: QUERY, fetchPolicy: 'network-only' });
    const headers = fetchMock.mock.calls[0]![1].headers as Record<string, string>;
    expect(headers.authorization ?? headers.Authorization).toBe('Bearer from-the-other-tab');

    for (const listener of listeners) listener('SIGNED_OUT', null);
    await client.query({ query: QUERY, fetchPolicy: 'network-only' });
    const after = fetchMock.mock.calls[1]![1].headers as Record<string, string>;
    expect(after.authorization ?? after.Authorization).toBe('Bearer anon-key');
  });
});

describe('the answer the page’s first script fetched (EarlyScreenAnswer)', () => {
  const GROUPS = { data: { groupCollection: { __typename: 'groupConnection', edges: [] } } };
  // The text the first script sends: the screen's query as its remote publishes it in screen-data.json.
  const PUBLISHED = publishScreenQueries({ AllGroups: { route: '/groups', document: QUERY, variables: {} } });
  function leaveEarlyAnswer(answer: Partial<EarlyScreenAnswer> = {}) {
    const early: EarlyScreenAnswer = {
      sentAt: Date.now(),
      operationName: 'AllGroups',
      query: PUBLISHED.AllGroups!.query,
      variables: {},
      authorization: 'Bearer anon-key',
      body: Promise.resolve(GROUPS),
      ...answer,
    };
    Reflect.set(window, Symbol.for(EARLY_SCREEN_DATA_KEY), early);
  }
  afterEach(() => Reflect.deleteProperty(window, Symbol.for(EARLY_SCREEN_DATA_KEY)));

  it('answers the matching query once without a request; the next one goes to the server', async () => {
    const fetchMock = stubGraphql();
    leaveEarlyAnswer();
    const client = createApolloClient(fakeSupabase(null), 'http://127.0.0.1:54321', 'anon-key');
    const first = await client.query({ query: QUERY, fetchPolicy: 'network-only' });
    expect(first.data).toEqual(GROUPS.data);
    expect(fetchMock).not.toHaveBeenCalled();
    await client.query({ query: QUERY, fetchPolicy: 'network-only' });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('fills the cache before the screen first reads it when the answer is already in: the first read has the data', () => {
    const fetchMock = stubGraphql();
    leaveEarlyAnswer({ result: GROUPS });
    const client = createApolloClient(fakeSupabase(null), 'http://127.0.0.1:54321', 'anon-key');
    const observable = client.watchQuery({ query: QUERY });
    // Synchronously, as useQuery's first render reads it.
    expect(observable.getCurrentResult().data).toEqual(GROUPS.data);
    expect(fetchMock).not.toHaveBeenCalled();
    expect(Reflect.get(window, Symbol.for(EARLY_SCREEN_DATA_KEY))).toBeUndefined();
  });

  it('leaves the cache alone when the answer is to the query as an earlier build of the remote asked it', () => {
    stubGraphql();
    leaveEarlyAnswer({ result: GROUPS, query: 'query AllGroups {\n  groupCollection {\n    __typename\n  }\n}' });
    const client = createApolloClient(fakeSupabase(null), 'http://127.0.0.1:54321', 'anon-key');
    expect(client.watchQuery({ query: QUERY }).getCurrentResult().data).toBeUndefined();
  });

  it('leaves the cache alone for a signed-in reader when the answer was fetched as a visitor', () => {
    stubGraphql();
    localStorage.setItem(authStorageKey('http://127.0.0.1:54321'), JSON.stringify({ access_token: 'user-token' }));
    leaveEarlyAnswer({ result: GROUPS });
    const client = createApolloClient(fakeSupabase('user-token'), 'http://127.0.0.1:54321', 'anon-key');
    expect(client.watchQuery({ query: QUERY }).getCurrentResult().data).toBeUndefined();
    localStorage.clear();
  });

  it('asks the server when the answer is for another identity, another query text, other variables, too old, or failed', async () => {
    for (const answer of [
      // The same operation as an earlier build of the remote asked it (a browser's stale screen-data.json).
      { query: 'query AllGroups {\n  groupCollection {\n    edges {\n      node {\n        id\n      }\n    }\n  }\n}' },
      { authorization: 'Bearer someone-else' },
      { variables: { id: 'x' } },
      { sentAt: Date.now() - EARLY_SCREEN_DATA_MAX_AGE_MS - 1 },
      { body: Promise.resolve(null) },
      { body: Promise.resolve({ errors: [{ message: 'bad' }] }) },
    ]) {
      const fetchMock = stubGraphql();
      leaveEarlyAnswer(answer);
      const client = createApolloClient(fakeSupabase(null), 'http://127.0.0.1:54321', 'anon-key');
      const result = await client.query({ query: QUERY, fetchPolicy: 'network-only' });
      expect(result.data, JSON.stringify(answer)).toEqual(GROUPS.data);
      expect(fetchMock, JSON.stringify(answer)).toHaveBeenCalledTimes(1);
    }
  });
});
