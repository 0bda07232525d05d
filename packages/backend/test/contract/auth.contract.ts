import { AuthApiError, AuthSessionMissingError, AuthWeakPasswordError } from '@supabase/supabase-js';
import { SignJWT, decodeJwt } from 'jose';
import { expect, it } from 'vitest';
import {
  confirmFromMailbox,
  confirmedUser,
  mailFor,
  supabaseClient,
  uniqueEmail,
  type TestBackend,
} from '../../testing/backend.ts';

const PASSWORD = 'correct horse battery';

function fragment(location: string): URLSearchParams {
  return new URLSearchParams(location.split('#')[1] ?? '');
}

/** Raw auth call with the anon key, as supabase-js sends it. */
async function authFetch(b: TestBackend, path: string, init: RequestInit & { token?: string } = {}) {
  const headers = new Headers(init.headers);
  headers.set('apikey', b.anonKey);
  headers.set('x-supabase-api-version', '2024-01-01');
  if (init.token) headers.set('authorization', `Bearer ${init.token}`);
  if (init.body) headers.set('content-type', 'application/json');
  return fetch(`${b.url}/auth/v1${path}`, { ...init, headers });
}

/** The GoTrue contract as supabase-js 2.109 sees it. Call inside a describe whose beforeAll sets the backend. */
export function authContract(backend: () => TestBackend): void {
  it('signs up with confirmation: user without session, mail in the mailbox, link confirms and carries a session', async () => {
    const b = backend();
    const email = uniqueEmail('signup');
    const client = supabaseClient(b);
    const { data, error } = await client.auth.signUp({
      email,
      password: PASSWORD,
      options: { data: { display_name: 'Ada' }, emailRedirectTo: 'http://localhost:5173/groups' },
    });
    expect(error).toBeNull();
    expect(data.session).toBeNull();
    expect(data.user?.email).toBe(email);
    expect(data.user?.email_confirmed_at).toBeUndefined();
    expect(data.user?.user_metadata.display_name).toBe('Ada');
    expect(data.user?.identities).toHaveLength(1);

    const early = await client.auth.signInWithPassword({ email, password: PASSWORD });
    expect(early.error).toBeInstanceOf(AuthApiError);
    expect(early.error?.code).toBe('email_not_confirmed');
    expect(early.error?.status).toBe(400);

    const [mail] = await mailFor(b, email);
    expect(mail?.subject).toBe('Confirm Your Signup');
    expect(mail?.links[0]?.url).toContain(`${b.url}/auth/v1/verify?token=`);

    const location = await confirmFromMailbox(b, email);
    expect(location.startsWith('http://localhost:5173/groups#')).toBe(true);
    const params = fragment(location);
    expect(params.get('type')).toBe('signup');
    expect(params.get('token_type')).toBe('bearer');
    expect(Number(params.get('expires_in'))).toBe(3600);
    expect(params.get('refresh_token')).toBeTruthy();
    expect(params.has('sb')).toBe(true);
    const { data: me } = await client.auth.getUser(params.get('access_token')!);
    expect(me.user?.email).toBe(email);
    expect(me.user?.email_confirmed_at).toBeTruthy();
    expect(me.user?.user_metadata.email_verified).toBe(true);

    // The link works once: a second click lands on GoTrue's error fragment.
    const again = await fetch(mail!.links[0]!.url, { redirect: 'manual' });
    expect(again.status).toBe(303);
    const err = fragment(again.headers.get('location')!);
    expect(err.get('error')).toBe('access_denied');
    expect(err.get('error_code')).toBe('otp_expired');
    expect(err.get('error_description')).toBe('Email link is invalid or has expired');
    expect(err.has('sb')).toBe(true);
  });

  it('refuses an expired confirmation link and sends disallowed redirects to the site URL', async () => {
    const b = backend();
    const email = uniqueEmail('expired');
    await supabaseClient(b).auth.signUp({
      email,
      password: PASSWORD,
      options: { emailRedirectTo: 'https://evil.example/steal' },
    });
    const [mail] = await mailFor(b, email);
    expect(decodeURIComponent(mail!.links[0]!.url)).not.toContain('evil.example');
    await b.sql(`update auth.users set confirmation_sent_at = now() - interval '2 days' where email = $1`, [email]);
    const res = await fetch(mail!.links[0]!.url, { redirect: 'manual' });
    expect(res.status).toBe(303);
    const location = res.headers.get('location')!;
    expect(location.startsWith('http://127.0.0.1:5173/#')).toBe(true);
    expect(fragment(location).get('error_code')).toBe('otp_expired');
    const rows = await b.sql<{ confirmed: boolean }>(
      'select email_confirmed_at is not null as confirmed from auth.users where email = $1',
      [email],
    );
    expect(rows[0]?.confirmed).toBe(false);
  });

  it('confirms with POST /verify and the e-mailed code hash', async () => {
    const b = backend();
    const email = uniqueEmail('otp');
    await supabaseClient(b).auth.signUp({ email, password: PASSWORD });
    const [mail] = await mailFor(b, email);
    const tokenHash = new URL(mail!.links[0]!.url).searchParams.get('token')!;
    const client = supabaseClient(b);
    const { data, error } = await client.auth.verifyOtp({ token_hash: tokenHash, type: 'signup' });
    expect(error).toBeNull();
    expect(data.session?.access_token).toBeTruthy();
    const reused = await client.auth.verifyOtp({ token_hash: tokenHash, type: 'signup' });
    expect(reused.error?.code).toBe('otp_expired');
    expect(reused.error?.message).toBe('Email link is invalid or has expired');
  });

  it('checks /verify parameters as GoTrue does: 400 validation_failed before any token is looked up', async () => {
    const b = backend();
    const get = (query: string, headers: Record<string, string> = { 'x-supabase-api-version': '2024-01-01' }) =>
      fetch(`${b.url}/auth/v1/verify${query}`, { redirect: 'manual', headers: { apikey: b.anonKey, ...headers } });
    const expectError = async (res: Response, status: number, code: string, message: string) => {
      expect(res.status).toBe(status);
      expect(res.headers.get('location')).toBeNull();
      expect(await res.json()).toEqual({ code, message });
    };
    // GET: no type, no token: a JSON error, not a redirect.
    await expectError(await get('?token=abc'), 400, 'validation_failed', 'Verify requires a verification type');
    await expectError(await get('?type=signup'), 400, 'validation_failed', 'Verify requires a token or a token hash');
    await expectError(await get(''), 400, 'validation_failed', 'Verify requires a verification type');
    const old = await get('?type=signup', {});
    expect(await old.json()).toEqual({
      code: 400,
      error_code: 'validation_failed',
      msg: 'Verify requires a token or a token hash',
    });
    // GET with a type GoTrue's verifyTokenHash does not know: found while verifying, so an error redirect.
    const unknown = await get('?type=sms&token=abc&redirect_to=http%3A%2F%2Flocalhost%3A5173%2Fgroups');
    expect(unknown.status).toBe(303);
    const location = unknown.headers.get('location')!;
    expect(location.startsWith('http://localhost:5173/groups#')).toBe(true);
    expect(Object.fromEntries(fragment(location))).toEqual({
      error: 'invalid_request',
      error_code: 'validation_failed',
      error_description: 'Invalid email verification type',
      sb: '',
    });

    // POST, raw.
    const post = (body: Record<string, unknown>) =>
      authFetch(b, '/verify', { method: 'POST', body: JSON.stringify(body) });
    const email = uniqueEmail('verifyparams');
    const cases: [Record<string, unknown>, number, string, string][] = [
      [{}, 400, 'validation_failed', 'Verify requires a verification type'],
      [{ token: '123456', email }, 400, 'validation_failed', 'Verify requires a verification type'],
      [{ type: 'signup' }, 400, 'validation_failed', 'Verify requires either a token or a token hash'],
      [
        { type: 'signup', token: '1', token_hash: 'x' },
        400,
        'validation_failed',
        'Verify requires either a token or a token hash',
      ],
      [
        { type: 'signup', token_hash: 'x', email },
        400,
        'validation_failed',
        'Only the token_hash and type should be provided',
      ],
      [{ type: 'bogus', token_hash: 'x' }, 400, 'validation_failed', 'Invalid email verification type'],
      [{ type: 'sms', token_hash: 'x' }, 400, 'validation_failed', 'Invalid email verification type'],
      [{ type: 'signup', token_hash: 'x' }, 403, 'otp_expired', 'Email link is invalid or has expired'],
      [
        { type: 'signup', token: '123456' },
        400,
        'validation_failed',
        'Only an email address or phone number should be provided on verify',
      ],
      [
        { type: 'signup', token: '123456', email, phone: '15551234567' },
        400,
        'validation_failed',
        'Only an email address or phone number should be provided on verify',
      ],
      [{ type: 'signup', token: '123456', email: 'not-an-email' }, 422, 'validation_failed', 'Invalid email format'],
      [
        { type: 'sms', token: '123456', phone: 'abc' },
        400,
        'validation_failed',
        'Invalid phone number format (E.164 required)',
      ],
      [
        { type: 'sms', token: '123456', phone: '+1 555 123 4567' },
        403,
        'otp_expired',
        'Token has expired or is invalid',
      ],
      [{ type: 'bogus', token: '123456', email }, 403, 'otp_expired', 'Token has expired or is invalid'],
    ];
    for (const [body, status, code, message] of cases) await expectError(await post(body), status, code, message);

    // Through supabase-js.
    const client = supabaseClient(b);
    const bogus = await client.auth.verifyOtp({ token_hash: 'x', type: 'bogus' as never });
    expect(bogus.error).toBeInstanceOf(AuthApiError);
    expect(bogus.error?.status).toBe(400);
    expect(bogus.error?.code).toBe('validation_failed');
    expect(bogus.error?.message).toBe('Invalid email verification type');
    const noToken = await client.auth.verifyOtp({ email, token: '', type: 'signup' });
    expect(noToken.error?.status).toBe(400);
    expect(noToken.error?.message).toBe('Verify requires either a token or a token hash');
  });

  it('signs in with a password and issues GoTrue-shaped tokens', async () => {
    const b = backend();
    const { session, userId, email } = await confirmedUser(b, uniqueEmail('signin'));
    expect(session.token_type).toBe('bearer');
    expect(session.expires_in).toBe(3600);
    expect(session.expires_at).toBeGreaterThan(Date.now() / 1000 + 3000);
    const claims = decodeJwt(session.access_token);
    expect(claims).toMatchObject({
      aud: 'authenticated',
      iss: `${b.url}/auth/v1`,
      sub: userId,
      email,
      phone: '',
      role: 'authenticated',
      aal: 'aal1',
      is_anonymous: false,
      app_metadata: { provider: 'email', providers: ['email'] },
    });
    expect(claims.exp! - claims.iat!).toBe(3600);
    expect(typeof claims.session_id).toBe('string');
    expect((claims.amr as { method: string }[])[0]?.method).toBe('password');
  });

  it('refuses a wrong password and an unknown account with invalid_credentials', async () => {
    const b = backend();
    const { email } = await confirmedUser(b, uniqueEmail('wrongpw'));
    const client = supabaseClient(b);
    const wrong = await client.auth.signInWithPassword({ email, password: 'not the password' });
    expect(wrong.error?.code).toBe('invalid_credentials');
    expect(wrong.error?.status).toBe(400);
    expect(wrong.error?.message).toBe('Invalid login credentials');
    const unknown = await client.auth.signInWithPassword({ email: uniqueEmail('nobody'), password: PASSWORD });
    expect(unknown.error?.code).toBe('invalid_credentials');
  });

  it('answers a duplicate sign-up as GoTrue does with confirmations on: a look-alike user, no identities, no mail', async () => {
    const b = backend();
    const { email } = await confirmedUser(b, uniqueEmail('dup'));
    const before = (await mailFor(b, email)).length;
    const { data, error } = await supabaseClient(b).auth.signUp({ email, password: PASSWORD });
    expect(error).toBeNull();
    expect(data.session).toBeNull();
    expect(data.user?.identities).toEqual([]);
    expect((await mailFor(b, email)).length).toBe(before);
    const count = await b.sql<{ n: number }>('select count(*)::int as n from auth.users where email = $1', [email]);
    expect(count[0]?.n).toBe(1);
  });

  it('refuses weak passwords and invalid e-mail addresses with GoTrue codes', async () => {
    const b = backend();
    const client = supabaseClient(b);
    const weak = await client.auth.signUp({ email: uniqueEmail('weak'), password: 'short' });
    expect(weak.error).toBeInstanceOf(AuthWeakPasswordError);
    expect(weak.error?.code).toBe('weak_password');
    expect(weak.error?.status).toBe(422);
    expect((weak.error as AuthWeakPasswordError).reasons).toEqual(['length']);
    const bad = await client.auth.signUp({ email: 'not-an-email', password: PASSWORD });
    expect(bad.error?.code).toBe('validation_failed');
    expect(bad.error?.status).toBe(400);
    const res = await authFetch(b, '/signup', { method: 'POST', body: '{"email":' });
    expect(res.status).toBe(400);
    expect(res.headers.get('x-supabase-api-version')).toBe('2024-01-01');
    expect(await res.json()).toEqual({ code: 'bad_json', message: 'Could not parse request body as JSON' });
  });

  it('answers errors in the shape of the API version the client sends, with x-sb-error-code, as GoTrue', async () => {
    const b = backend();
    const signIn = (headers: Record<string, string>) =>
      fetch(`${b.url}/auth/v1/token?grant_type=password`, {
        method: 'POST',
        headers: { apikey: b.anonKey, 'content-type': 'application/json', ...headers },
        body: JSON.stringify({ email: uniqueEmail('nobody'), password: PASSWORD }),
      });
    // X-Supabase-Api-Version 2024-01-01 (or any later date): {code: <error code>, message}, the version echoed.
    for (const version of ['2024-01-01', '2025-06-30']) {
      const res = await signIn({ 'x-supabase-api-version': version });
      expect(res.status).toBe(400);
      expect(res.headers.get('x-sb-error-code')).toBe('invalid_credentials');
      expect(res.headers.get('x-supabase-api-version')).toBe('2024-01-01');
      expect(await res.json()).toEqual({ code: 'invalid_credentials', message: 'Invalid login credentials' });
    }
    // No header, an earlier date or garbage: the initial shape {code: <HTTP status>, error_code, msg}, no echo.
    const unversioned: Record<string, string>[] = [
      {},
      { 'x-supabase-api-version': '2023-12-31' },
      { 'x-supabase-api-version': 'soon' },
    ];
    for (const headers of unversioned) {
      const res = await signIn(headers);
      expect(res.status).toBe(400);
      expect(res.headers.get('x-sb-error-code')).toBe('invalid_credentials');
      expect(res.headers.get('x-supabase-api-version')).toBeNull();
      expect(await res.json()).toEqual({
        code: 400,
        error_code: 'invalid_credentials',
        msg: 'Invalid login credentials',
      });
    }
    // weak_password carries {reasons} only; GoTrue leaves x-sb-error-code off it under 2024-01-01.
    const weakBody = JSON.stringify({ email: uniqueEmail('weakshape'), password: 'short' });
    const weakNew = await authFetch(b, '/signup', { method: 'POST', body: weakBody });
    expect(weakNew.status).toBe(422);
    expect(weakNew.headers.get('x-sb-error-code')).toBeNull();
    expect(await weakNew.json()).toEqual({
      code: 'weak_password',
      message: 'Password should be at least 8 characters.',
      weak_password: { reasons: ['length'] },
    });
    const weakOld = await fetch(`${b.url}/auth/v1/signup`, {
      method: 'POST',
      headers: { apikey: b.anonKey, 'content-type': 'application/json' },
      body: weakBody,
    });
    expect(weakOld.headers.get('x-sb-error-code')).toBe('weak_password');
    expect(await weakOld.json()).toEqual({
      code: 422,
      error_code: 'weak_password',
      msg: 'Password should be at least 8 characters.',
      weak_password: { reasons: ['length'] },
    });
    // A success carries no version header (GoTrue echoes it on errors only).
    expect((await authFetch(b, '/settings')).headers.get('x-supabase-api-version')).toBeNull();

    // supabase-js 2.109 sends 2024-01-01 and reads the new shape: code and message from {code, message}.
    const seen: Response[] = [];
    const client = supabaseClient(b, b.anonKey, async (input, init) => {
      const res = await fetch(input, init);
      seen.push(res.clone());
      return res;
    });
    const { error } = await client.auth.signInWithPassword({ email: uniqueEmail('nobody'), password: PASSWORD });
    expect(error).toBeInstanceOf(AuthApiError);
    expect(error?.code).toBe('invalid_credentials');
    expect(error?.message).toBe('Invalid login credentials');
    expect(error?.status).toBe(400);
    const raw = seen.at(-1)!;
    expect(raw.headers.get('x-sb-error-code')).toBe('invalid_credentials');
    expect(await raw.json()).toEqual({ code: 'invalid_credentials', message: 'Invalid login credentials' });
  });

  it('rotates refresh tokens and, as GoTrue, refuses a reused older one, ending the token family', async () => {
    const b = backend();
    const { client, session } = await confirmedUser(b, uniqueEmail('refresh'));
    const first = session.refresh_token;
    const { data, error } = await client.auth.refreshSession();
    expect(error).toBeNull();
    const second = data.session!.refresh_token;
    expect(second).not.toBe(first);
    expect(decodeJwt(data.session!.access_token).session_id).toBe(decodeJwt(session.access_token).session_id);

    const other = supabaseClient(b);
    // The parent of the active token (a tab that missed the answer to its refresh) gets the active one back.
    const missed = await other.auth.refreshSession({ refresh_token: first });
    expect(missed.error).toBeNull();
    expect(missed.data.session!.refresh_token).toBe(second);

    const third = (await other.auth.refreshSession({ refresh_token: second })).data.session!.refresh_token;
    expect(third).not.toBe(second);
    // An older revoked token, past the reuse interval (0 here): refused, and the family is revoked.
    const reuse = await other.auth.refreshSession({ refresh_token: first });
    expect(reuse.error?.code).toBe('refresh_token_already_used');
    expect(reuse.error?.status).toBe(400);
    const after = await other.auth.refreshSession({ refresh_token: third });
    expect(after.error?.code).toBe('refresh_token_already_used');
    const unknown = await other.auth.refreshSession({ refresh_token: 'no-such-token' });
    expect(unknown.error?.code).toBe('refresh_token_not_found');
  });

  it('signs out with scope others, local and global', async () => {
    const b = backend();
    const { email, password } = await confirmedUser(b, uniqueEmail('logout'));
    const tabs = await Promise.all(
      [0, 1, 2].map(async () => {
        const c = supabaseClient(b);
        const { data } = await c.auth.signInWithPassword({ email, password });
        return { c, session: data.session! };
      }),
    );
    const [a, bTab, cTab] = tabs as [(typeof tabs)[0], (typeof tabs)[0], (typeof tabs)[0]];

    expect((await a.c.auth.signOut({ scope: 'others' })).error).toBeNull();
    expect((await a.c.auth.getUser()).data.user?.email).toBe(email);
    const gone = await bTab.c.auth.getUser(bTab.session.access_token);
    expect(gone.error).toBeInstanceOf(AuthSessionMissingError);
    const refresh = await supabaseClient(b).auth.refreshSession({ refresh_token: cTab.session.refresh_token });
    expect(refresh.error?.code).toBe('refresh_token_not_found');

    expect((await a.c.auth.signOut({ scope: 'local' })).error).toBeNull();
    expect((await supabaseClient(b).auth.getUser(a.session.access_token)).error).toBeInstanceOf(
      AuthSessionMissingError,
    );

    const d = supabaseClient(b);
    const e = supabaseClient(b);
    const { data: dSession } = await d.auth.signInWithPassword({ email, password });
    const { data: eSession } = await e.auth.signInWithPassword({ email, password });
    expect((await d.auth.signOut()).error).toBeNull(); // default scope: global
    expect((await e.auth.getUser(eSession.session!.access_token)).error).toBeInstanceOf(AuthSessionMissingError);
    expect((await supabaseClient(b).auth.getUser(dSession.session!.access_token)).error).toBeInstanceOf(
      AuthSessionMissingError,
    );
    const rows = await b.sql<{ n: number }>(
      'select count(*)::int as n from auth.sessions s join auth.users u on u.id = s.user_id where u.email = $1',
      [email],
    );
    expect(rows[0]?.n).toBe(0);
  });

  it('gets and updates the user: metadata merge, password change, e-mail change through the mailbox', async () => {
    const b = backend();
    const { client, email, password } = await confirmedUser(b, uniqueEmail('update'));
    const got = await client.auth.getUser();
    expect(got.data.user?.email).toBe(email);

    const meta = await client.auth.updateUser({ data: { theme: 'dark', city: 'Bath' } });
    expect(meta.error).toBeNull();
    expect(meta.data.user?.user_metadata).toMatchObject({ theme: 'dark', city: 'Bath' });
    const merged = await client.auth.updateUser({ data: { city: null } });
    expect(merged.data.user?.user_metadata.theme).toBe('dark');
    expect(merged.data.user?.user_metadata.city).toBeUndefined();

    const same = await client.auth.updateUser({ password });
    expect(same.error?.code).toBe('same_password');
    const weak = await client.auth.updateUser({ password: 'tiny' });
    expect(weak.error?.code).toBe('weak_password');
    expect((await client.auth.updateUser({ password: 'a brand new secret' })).error).toBeNull();
    const old = await supabaseClient(b).auth.signInWithPassword({ email, password });
    expect(old.error?.code).toBe('invalid_credentials');
    expect(
      (await supabaseClient(b).auth.signInWithPassword({ email, password: 'a brand new secret' })).error,
    ).toBeNull();

    const newEmail = uniqueEmail('moved');
    const change = await client.auth.updateUser({ email: newEmail });
    expect(change.error).toBeNull();
    expect(change.data.user?.email).toBe(email);
    expect(change.data.user?.new_email).toBe(newEmail);
    const [mail] = await mailFor(b, newEmail);
    expect(mail?.kind).toBe('email_change');
    const res = await fetch(mail!.links[0]!.url, { redirect: 'manual' });
    expect(fragment(res.headers.get('location')!).get('type')).toBe('email_change');
    expect(
      (await supabaseClient(b).auth.signInWithPassword({ email: newEmail, password: 'a brand new secret' })).error,
    ).toBeNull();
  });

  it('refuses forged, expired and alg-none tokens everywhere', async () => {
    const b = backend();
    const { session } = await confirmedUser(b, uniqueEmail('forged'));
    const claims = decodeJwt(session.access_token);
    const forged = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .sign(new TextEncoder().encode('another-secret-another-secret-another-secret'));
    const expired = await new SignJWT({ ...claims, exp: Math.floor(Date.now() / 1000) - 60 })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .sign(new TextEncoder().encode('super-secret-jwt-token-with-at-least-32-characters-long'));
    const b64 = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
    const none = `${b64({ alg: 'none', typ: 'JWT' })}.${b64(claims)}.`;

    for (const token of [forged, expired, none]) {
      const user = await authFetch(b, '/user', { token });
      expect(user.status).toBe(403);
      expect(((await user.json()) as { code: string }).code).toBe('bad_jwt');

      const storage = await fetch(`${b.url}/storage/v1/object/photos/x/y.jpg`, {
        headers: { apikey: b.anonKey, authorization: `Bearer ${token}` },
      });
      expect(storage.status).toBe(400);
      expect(((await storage.json()) as { code: string }).code).toBe('InvalidJWT');

      const gql = await fetch(`${b.url}/graphql/v1`, {
        method: 'POST',
        headers: { apikey: b.anonKey, authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ query: '{ __typename }' }),
      });
      expect(gql.status).toBe(401);

      const fn = await fetch(`${b.url}/functions/v1/echo`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}` },
      });
      expect(fn.status).toBe(401);

      // As an API key the gateway refuses it outright.
      const gateway = await fetch(`${b.url}/auth/v1/settings`, { headers: { apikey: token } });
      expect(gateway.status).toBe(401);
    }
    const noKey = await fetch(`${b.url}/auth/v1/settings`);
    expect(noKey.status).toBe(401);
    expect(await noKey.json()).toMatchObject({ message: 'No API key found in request' });
    const noBearer = await authFetch(b, '/user');
    expect(noBearer.status).toBe(401);
    expect(await noBearer.json()).toMatchObject({ code: 'no_authorization' });
  });

  it('lets only the service role use the admin API', async () => {
    const b = backend();
    const admin = supabaseClient(b, b.serviceRoleKey);
    const email = uniqueEmail('admin');
    const created = await admin.auth.admin.createUser({
      email,
      password: PASSWORD,
      email_confirm: true,
      user_metadata: { seeded: true },
    });
    expect(created.error).toBeNull();
    expect(created.data.user?.email_confirmed_at).toBeTruthy();
    expect((await supabaseClient(b).auth.signInWithPassword({ email, password: PASSWORD })).error).toBeNull();
    const dup = await admin.auth.admin.createUser({ email, password: PASSWORD });
    expect(dup.error?.code).toBe('email_exists');
    const list = await admin.auth.admin.listUsers({ page: 1, perPage: 500 });
    expect(list.error).toBeNull();
    expect(list.data.users.some((u) => u.email === email)).toBe(true);
    const byId = await admin.auth.admin.getUserById(created.data.user!.id);
    expect(byId.data.user?.user_metadata.seeded).toBe(true);

    const anon = await supabaseClient(b).auth.admin.createUser({ email: uniqueEmail('nope'), password: PASSWORD });
    expect(anon.error?.status).toBe(403);
    expect(anon.error?.code).toBe('not_admin');
  });

  it('serves settings and health, and answers CORS preflights for local origins', async () => {
    const b = backend();
    const settings = await authFetch(b, '/settings');
    expect(await settings.json()).toMatchObject({ external: { email: true }, mailer_autoconfirm: false });
    expect((await authFetch(b, '/health')).status).toBe(200);

    const preflight = await fetch(`${b.url}/auth/v1/token?grant_type=password`, {
      method: 'OPTIONS',
      headers: {
        origin: 'http://localhost:5173',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'apikey,authorization,x-client-info,x-supabase-api-version,content-type',
      },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('http://localhost:5173');
    const allowed = preflight.headers.get('access-control-allow-headers')!.toLowerCase();
    for (const h of ['apikey', 'authorization', 'x-client-info', 'x-supabase-api-version', 'content-type', 'x-upsert'])
      expect(allowed).toContain(h);

    const get = await fetch(`${b.url}/auth/v1/settings`, {
      headers: { origin: 'http://127.0.0.1:5174', apikey: b.anonKey },
    });
    const exposed = get.headers
      .get('access-control-expose-headers')!
      .toLowerCase()
      .split(/\s*,\s*/);
    expect(exposed).toContain('x-supabase-api-version');
    expect(exposed).toContain('x-sb-error-code');
    const foreign = await fetch(`${b.url}/auth/v1/settings`, {
      headers: { origin: 'https://evil.example', apikey: b.anonKey },
    });
    expect(foreign.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('lists sent mail on the mailbox page', async () => {
    const b = backend();
    const email = uniqueEmail('page');
    await supabaseClient(b).auth.signUp({ email, password: PASSWORD });
    const html = await (await fetch(`${b.url}/mailbox?to=${encodeURIComponent(email)}`)).text();
    expect(html).toContain('Confirm Your Signup');
    expect(html).toContain('/auth/v1/verify?token=');
  });
}
