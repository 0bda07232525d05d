import { MESSAGES } from '@snapshire/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createSupabase } from './createSupabase.ts';
import { disposeData, getApolloClient, getDataConfig, getSupabase, initData } from './initData.ts';

afterEach(() => disposeData());

describe('createSupabase', () => {
  it('names what is missing', () => {
    expect(() => createSupabase('', 'key')).toThrow(MESSAGES.SUPABASE_URL_REQUIRED);
    expect(() => createSupabase('http://127.0.0.1:54321', '')).toThrow(MESSAGES.SUPABASE_KEY_REQUIRED);
  });

  it("calls an edge function at the project's functions URL with the API key, as the anon caller when signed out", async () => {
    const fetchMock = vi.fn(async (_input: RequestInfo | URL, _init?: RequestInit) => Response.json({ ok: true }));
    vi.stubGlobal('fetch', fetchMock);
    try {
      const client = createSupabase('http://127.0.0.1:54321', 'anon-key');
      const { data } = await client.functions.invoke('sign-photos', { body: { posts: [] } });
      expect(data).toEqual({ ok: true });
      const [input, init] = fetchMock.mock.calls[0]!;
      expect(String(input)).toBe('http://127.0.0.1:54321/functions/v1/sign-photos');
      const headers = new Headers(init?.headers);
      expect(headers.get('apikey')).toBe('anon-key');
      expect(headers.get('Authorization')).toBe('Bearer anon-key');
      client.auth.stopAutoRefresh();
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('opens a live channel once Realtime has loaded, and never one closed before that', async () => {
    const client = createSupabase('http://127.0.0.1:1', 'anon-key');
    const closedEarly = vi.fn((channel) => channel);
    client.liveChannel('closed-early', closedEarly)();
    const topics: string[] = [];
    const close = client.liveChannel('kept', (channel) => {
      topics.push(channel.topic);
      return channel;
    });
    await vi.waitFor(() => expect(topics).toEqual(['realtime:kept']));
    expect(closedEarly).not.toHaveBeenCalled();
    close();
    client.auth.stopAutoRefresh();
  });
});

describe('initData', () => {
  it('refuses to hand out clients before it has run', () => {
    expect(() => getSupabase()).toThrow(/initData/);
    expect(() => getApolloClient()).toThrow(/initData/);
  });

  it('makes the clients once per project, and anew for another project', () => {
    const config = { supabaseUrl: 'http://127.0.0.1:1', supabaseAnonKey: 'anon' };
    const first = initData(config);
    expect(initData({ ...config })).toBe(first);
    expect(getSupabase()).toBe(first.supabase);
    expect(getApolloClient()).toBe(first.apolloClient);
    expect(getDataConfig()).toEqual(config);

    const other = initData({ supabaseUrl: 'http://127.0.0.1:2', supabaseAnonKey: 'anon' });
    expect(other.apolloClient).not.toBe(first.apolloClient);
    expect(getDataConfig().supabaseUrl).toBe('http://127.0.0.1:2');
  });
});
