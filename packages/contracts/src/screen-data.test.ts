import { describe, expect, it } from 'vitest';
import { authStorageKey, screenVariables } from './screen-data.ts';

describe('screen data', () => {
  it("fills a screen query's variables from the route's parameters; a missing one gives none", () => {
    const template = { id: { param: 'groupId' }, withPosts: true, first: 30, after: null };
    expect(screenVariables(template, { groupId: 'g1' })).toEqual({ id: 'g1', withPosts: true, first: 30, after: null });
    expect(screenVariables(template, {})).toBeUndefined();
  });

  it('names the session key as supabase-js does for the project URL', () => {
    expect(authStorageKey('http://127.0.0.1:54321')).toBe('sb-127-auth-token');
    expect(authStorageKey('https://abcdefgh.supabase.co/')).toBe('sb-abcdefgh-auth-token');
  });
});
