/**
 * supabase/functions/_shared/platform.ts on its own, against a stand-in for the project's API: the caller is
 * verified once per request however many parts of a function ask, and each request goes out with the key and
 * token its kind needs (the caller's, or the service role's).
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { HttpError } from '../../../functions/_shared/http.ts';
import { GraphqlHttpError, GraphqlRefusal, requestPlatform } from '../../../functions/_shared/platform.ts';

const SETTINGS: Record<string, string> = {
  SUPABASE_URL: 'http://api.test',
  SUPABASE_ANON_KEY: 'anon-key',
  SUPABASE_SERVICE_ROLE_KEY: 'service-key',
};
const USER_ID = '71000000-0000-4000-8000-000000000001';
const NOT_SIGNED_IN = 'Sign in first.';

/** A JWT-shaped token with these claims (its signature is the stand-in API's business, not the module's). */
function token(claims: Record<string, unknown>): string {
  const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${part({ alg: 'HS256', typ: 'JWT' })}.${part(claims)}.signature`;
}
const userToken = token({ sub: USER_ID, role: 'authenticated' });

interface Sent {
  path: string;
  apikey: string | null;
  authorization: string | null;
}

let sent: Sent[];
let graphqlAnswer: () => Response;

beforeEach(() => {
  sent = [];
  graphqlAnswer = () => Response.json({ data: { ok: true } });
  vi.stubGlobal('Deno', { env: { get: (name: string) => SETTINGS[name] } });
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    const path = new URL(request.url).pathname;
    sent.push({ path, apikey: request.headers.get('apikey'), authorization: request.headers.get('authorization') });
    if (path === '/auth/v1/user')
      return Response.json({ id: USER_ID, email: 'ada@example.test', aud: 'authenticated' });
    if (path === '/graphql/v1') return graphqlAnswer();
    return Response.json({});
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
});

const request = (authorization?: string) =>
  new Request('http://functions.test/fn', { method: 'POST', headers: authorization ? { authorization } : {} });

describe('requestPlatform', () => {
  it('verifies the caller once per request, however often and however concurrently it is asked', async () => {
    const platform = requestPlatform(request(`Bearer ${userToken}`), NOT_SIGNED_IN);
    const [first, second] = await Promise.all([platform.caller(), platform.caller()]);
    const third = await platform.caller();
    expect(first).toEqual({ id: USER_ID, email: 'ada@example.test' });
    expect(second).toBe(first);
    expect(third).toBe(first);
    expect(sent).toEqual([{ path: '/auth/v1/user', apikey: 'service-key', authorization: `Bearer ${userToken}` }]);

    // Another request is verified again.
    await requestPlatform(request(`Bearer ${userToken}`), NOT_SIGNED_IN).caller();
    expect(sent.filter((s) => s.path === '/auth/v1/user')).toHaveLength(2);
  });

  it('refuses in the function’s words a request without a token, and a key that is not a user’s session', async () => {
    await expect(requestPlatform(request(), NOT_SIGNED_IN).caller()).rejects.toEqual(new HttpError(401, NOT_SIGNED_IN));
    expect(sent).toEqual([]);
    const serviceRole = token({ sub: USER_ID, role: 'service_role' });
    const refused = requestPlatform(request(`Bearer ${serviceRole}`), NOT_SIGNED_IN).caller();
    await expect(refused).rejects.toBeInstanceOf(HttpError);
    await expect(refused).rejects.toMatchObject({ status: 401, message: NOT_SIGNED_IN });
  });

  it('sends GraphQL as the caller (or as a visitor), and as the service role for housekeeping', async () => {
    const platform = requestPlatform(request(`Bearer ${userToken}`), NOT_SIGNED_IN);
    expect(await platform.graphql('query { ok }')).toEqual({ ok: true });
    await platform.serviceGraphql('query { ok }');
    await requestPlatform(request(), NOT_SIGNED_IN).graphql('query { ok }');
    expect(sent).toEqual([
      { path: '/graphql/v1', apikey: 'anon-key', authorization: `Bearer ${userToken}` },
      { path: '/graphql/v1', apikey: 'service-key', authorization: 'Bearer service-key' },
      { path: '/graphql/v1', apikey: 'anon-key', authorization: 'Bearer anon-key' },
    ]);
  });

  it('tells a GraphQL refusal of the operation from an HTTP refusal of the request', async () => {
    const platform = requestPlatform(request(`Bearer ${userToken}`), NOT_SIGNED_IN);
    graphqlAnswer = () => Response.json({ data: null, errors: [{ message: 'not_group_owner' }] });
    await expect(platform.graphql('mutation { x }')).rejects.toEqual(new GraphqlRefusal('not_group_owner'));
    graphqlAnswer = () => Response.json({ message: 'Invalid JWT' }, { status: 401 });
    await expect(platform.graphql('query { x }')).rejects.toEqual(new GraphqlHttpError(401));
  });

  it('gives supabase-js clients as the caller and as the service role', async () => {
    const platform = requestPlatform(request(`Bearer ${userToken}`), NOT_SIGNED_IN);
    await platform.callerClient.rpc('as_caller');
    await platform.service.rpc('as_service');
    expect(sent).toEqual([
      { path: '/rest/v1/rpc/as_caller', apikey: 'anon-key', authorization: `Bearer ${userToken}` },
      { path: '/rest/v1/rpc/as_service', apikey: 'service-key', authorization: 'Bearer service-key' },
    ]);
  });
});
