import { gql } from '@apollo/client';
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterEach, describe, expect, it, vi } from 'vitest';
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

/** A Supabase client that only knows its current session. */
const fakeSupabase = (accessToken: string | null) =>
  ({
    auth: { getSession: async () => ({ data: { session: accessToken ? { access_token: accessToken } : null } }) },
  }) as unknown as SupabaseClient;

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
