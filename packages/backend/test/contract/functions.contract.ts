import { FunctionsHttpError } from '@supabase/supabase-js';
import { expect, it } from 'vitest';
import { confirmedUser, supabaseClient, uniqueEmail, type TestBackend } from '../../testing/backend.ts';

interface Echo {
  method: string;
  path: string;
  search: string;
  body: string | null;
  authorization: string | null;
  custom: string | null;
  env: { url: string; anon: string; service: string; db: string };
}

/** /functions/v1: the test project's `echo` function, mounted from its folder through the Deno shim. */
export function functionsContract(backend: () => TestBackend): void {
  it('invokes a function with method, path, headers, body and Supabase environment passed through', async () => {
    const b = backend();
    const { client, session } = await confirmedUser(b, uniqueEmail('fn'));
    const { data, error } = await client.functions.invoke<Echo>('echo', {
      body: { hello: 'world' },
      headers: { 'x-custom': 'yes' },
    });
    expect(error).toBeNull();
    expect(data).toMatchObject({ method: 'POST', path: '/echo', body: '{"hello":"world"}', custom: 'yes' });
    expect(data!.authorization).toBe(`Bearer ${session.access_token}`);
    expect(data!.env).toEqual({ url: b.url, anon: b.anonKey, service: b.serviceRoleKey, db: b.dbUrl });

    const get = await fetch(`${b.url}/functions/v1/echo/sub/path?x=1`, {
      headers: { authorization: `Bearer ${b.anonKey}` },
    });
    expect(get.status).toBe(200);
    expect(get.headers.get('x-fn')).toBe('echo');
    expect(await get.json()).toMatchObject({ method: 'GET', path: '/echo/sub/path', search: '?x=1', body: null });
  });

  it('passes non-2xx answers through as FunctionsHttpError, and refuses calls without a valid JWT', async () => {
    const b = backend();
    const client = supabaseClient(b);
    const { error } = await client.functions.invoke('echo?status=418', { method: 'POST', body: {} });
    expect(error).toBeInstanceOf(FunctionsHttpError);
    expect(((error as FunctionsHttpError).context as Response).status).toBe(418);

    const noAuth = await fetch(`${b.url}/functions/v1/echo`, { method: 'POST' });
    expect(noAuth.status).toBe(401);
    const missing = await fetch(`${b.url}/functions/v1/nope`, { headers: { authorization: `Bearer ${b.anonKey}` } });
    expect(missing.status).toBe(404);
  });
}
