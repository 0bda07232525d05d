import { MESSAGES } from '@snapshire/contracts';
import { afterEach, describe, expect, it } from 'vitest';
import { createSupabase } from './createSupabase.ts';
import { disposeData, getApolloClient, getDataConfig, getSupabase, initData } from './initData.ts';

afterEach(() => disposeData());

describe('createSupabase', () => {
  it('names what is missing', () => {
    expect(() => createSupabase('', 'key')).toThrow(MESSAGES.SUPABASE_URL_REQUIRED);
    expect(() => createSupabase('http://127.0.0.1:54321', '')).toThrow(MESSAGES.SUPABASE_KEY_REQUIRED);
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
