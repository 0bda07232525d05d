import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestBackend, supabaseClient, uniqueEmail, type TestBackend } from '../../testing/backend.ts';
import { authContract } from './auth.contract.ts';
import { functionsContract } from './functions.contract.ts';
import { storageContract } from './storage.contract.ts';

describe('backend contract on PGlite (in memory)', () => {
  let b: TestBackend;
  beforeAll(async () => {
    b = await startTestBackend();
  });
  afterAll(async () => {
    await b?.stop();
  });

  describe('auth', () => authContract(() => b));
  describe('storage', () => storageContract(() => b));
  describe('functions', () => functionsContract(() => b));

  it('mounts GraphQL at /graphql/v1 and runs it as the caller', async () => {
    const res = await fetch(`${b.url}/graphql/v1`, {
      method: 'POST',
      headers: { apikey: b.anonKey, 'content-type': 'application/json' },
      body: JSON.stringify({ query: '{ __typename }' }),
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ data: { __typename: 'Query' } });
  });
});

describe('auth with autoconfirm (GoTrue MAILER_AUTOCONFIRM)', () => {
  let b: TestBackend;
  beforeAll(async () => {
    b = await startTestBackend({ autoconfirm: true });
  });
  afterAll(async () => {
    await b?.stop();
  });

  it('signs up straight into a session, without mail, and refuses a duplicate with user_already_exists', async () => {
    const email = uniqueEmail('auto');
    const client = supabaseClient(b);
    const { data, error } = await client.auth.signUp({ email, password: 'correct horse battery' });
    expect(error).toBeNull();
    expect(data.session?.access_token).toBeTruthy();
    expect(data.user?.email_confirmed_at).toBeTruthy();
    const dup = await supabaseClient(b).auth.signUp({ email, password: 'correct horse battery' });
    expect(dup.error?.code).toBe('user_already_exists');
    expect(dup.error?.status).toBe(422);
    const settings = await (await fetch(`${b.url}/auth/v1/settings`, { headers: { apikey: b.anonKey } })).json();
    expect(settings).toMatchObject({ mailer_autoconfirm: true });
  });
});
