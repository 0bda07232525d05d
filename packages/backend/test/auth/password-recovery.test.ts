import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  confirmedUser,
  mailFor,
  startTestBackend,
  supabaseClient,
  uniqueEmail,
  type TestBackend,
} from '../../testing/backend.ts';
import { shouldRunPostgres, startPostgres, type ThrowawayPostgres } from '../../testing/postgres.ts';

const NEW_PASSWORD = 'a brand new secret 2';
const SITE = 'http://localhost:5173';

/** POST /auth/v1/recover as supabase-js sends it (redirect_to in the query). */
async function recover(b: TestBackend, body: unknown, redirectTo?: string): Promise<Response> {
  const query = redirectTo ? `?redirect_to=${encodeURIComponent(redirectTo)}` : '';
  return fetch(`${b.url}/auth/v1/recover${query}`, {
    method: 'POST',
    headers: { apikey: b.anonKey, 'content-type': 'application/json', 'x-supabase-api-version': '2024-01-01' },
    body: JSON.stringify(body),
  });
}

/** Opens a link as a browser would; returns where it redirects to. */
async function open(link: string): Promise<URL> {
  const res = await fetch(link, { redirect: 'manual' });
  expect(res.status).toBe(303);
  return new URL(res.headers.get('location') ?? '');
}

const fragment = (url: URL) => new URLSearchParams(url.hash.slice(1));

async function recoveryMails(b: TestBackend, email: string) {
  return (await mailFor(b, email)).filter((m) => m.kind === 'recovery');
}

/** The one-time code of the newest recovery mail. */
async function recoveryCode(b: TestBackend, email: string): Promise<string> {
  const res = await fetch(`${b.url}/mailbox/api/messages?to=${encodeURIComponent(email)}`);
  const { messages } = (await res.json()) as { messages: { kind: string; text: string }[] };
  const mail = messages.find((m) => m.kind === 'recovery');
  return /enter the code: (\d{6})/.exec(mail?.text ?? '')?.[1] ?? '';
}

/** Password recovery as GoTrue's Recover (internal/api/recover.go), sendPasswordRecovery and recoverVerify. */
function recoverSuite(backend: () => TestBackend): void {
  it('answers 200 {} for an address with an account and for one without, and mails only the first', async () => {
    const b = backend();
    const { email } = await confirmedUser(b, uniqueEmail('known'));
    const unknown = uniqueEmail('nobody');

    const known = await recover(b, { email }, `${SITE}/auth/reset-password`);
    const nobody = await recover(b, { email: unknown }, `${SITE}/auth/reset-password`);
    expect(known.status).toBe(200);
    expect(nobody.status).toBe(200);
    expect(await known.json()).toEqual({});
    expect(await nobody.json()).toEqual({});

    expect(await mailFor(b, unknown)).toEqual([]);
    const [mail] = await recoveryMails(b, email);
    expect(mail?.subject).toBe('Reset Your Password');
    const link = new URL(mail?.links[0]?.url ?? '');
    expect(link.pathname).toBe('/auth/v1/verify');
    expect(link.searchParams.get('type')).toBe('recovery');
    expect(link.searchParams.get('token')).toMatch(/^[0-9a-f]{56}$/);
    expect(link.searchParams.get('redirect_to')).toBe(`${SITE}/auth/reset-password`);
  });

  it('checks its parameters as GoTrue: no e-mail, a malformed one', async () => {
    const b = backend();
    const missing = await recover(b, {});
    expect(missing.status).toBe(422);
    expect(await missing.json()).toMatchObject({
      code: 'validation_failed',
      message: 'Password recovery requires an email',
    });
    const malformed = await recover(b, { email: 'not-an-address' });
    expect(malformed.status).toBe(400);
    expect(await malformed.json()).toMatchObject({ code: 'validation_failed' });
  });

  it("the mail's link signs in with type=recovery in the fragment, once; the new password then works", async () => {
    const b = backend();
    const { email, password } = await confirmedUser(b, uniqueEmail('link'));
    expect((await recover(b, { email }, `${SITE}/auth/reset-password`)).status).toBe(200);
    const [mail] = await recoveryMails(b, email);
    const link = mail?.links[0]?.url ?? '';

    const landed = await open(link);
    expect(landed.origin + landed.pathname).toBe(`${SITE}/auth/reset-password`);
    const params = fragment(landed);
    expect(params.get('type')).toBe('recovery');
    expect(params.get('token_type')).toBe('bearer');
    expect(params.get('refresh_token')).toBeTruthy();
    const accessToken = params.get('access_token') ?? '';
    const claims = JSON.parse(Buffer.from(accessToken.split('.')[1]!, 'base64url').toString()) as {
      amr: { method: string }[];
    };
    expect(claims.amr[0]?.method).toBe('recovery');

    // The token is consumed: the same link now lands on an error.
    expect(fragment(await open(link)).get('error_code')).toBe('otp_expired');

    // The recovery session sets the new password (PUT /user), as the site's "Set a new password" does.
    const client = supabaseClient(b);
    await client.auth.setSession({ access_token: accessToken, refresh_token: params.get('refresh_token')! });
    expect((await client.auth.updateUser({ password: NEW_PASSWORD })).error).toBeNull();

    const fresh = supabaseClient(b);
    expect((await fresh.auth.signInWithPassword({ email, password })).error?.code).toBe('invalid_credentials');
    expect((await fresh.auth.signInWithPassword({ email, password: NEW_PASSWORD })).error).toBeNull();
  });

  it("supabase-js: resetPasswordForEmail, then verifyOtp with the mail's code gives a session", async () => {
    const b = backend();
    const { email } = await confirmedUser(b, uniqueEmail('code'));
    const client = supabaseClient(b);
    expect(
      (await client.auth.resetPasswordForEmail(email, { redirectTo: `${SITE}/auth/reset-password` })).error,
    ).toBeNull();
    expect((await client.auth.resetPasswordForEmail(uniqueEmail('ghost'))).error).toBeNull();

    const code = await recoveryCode(b, email);
    expect(code).toMatch(/^\d{6}$/);
    const wrong = await client.auth.verifyOtp({
      email,
      token: code === '000000' ? '111111' : '000000',
      type: 'recovery',
    });
    expect(wrong.error?.code).toBe('otp_expired');
    const { data, error } = await client.auth.verifyOtp({ email, token: code, type: 'recovery' });
    expect(error).toBeNull();
    expect(data.session?.user.email).toBe(email);
    expect((await client.auth.updateUser({ password: NEW_PASSWORD })).error).toBeNull();
    // The code works once.
    const again = await supabaseClient(b).auth.verifyOtp({ email, token: code, type: 'recovery' });
    expect(again.error?.code).toBe('otp_expired');
  });

  it('sends an off-site redirect_to to the site URL instead', async () => {
    const b = backend();
    const { email } = await confirmedUser(b, uniqueEmail('offsite'));
    await recover(b, { email }, 'https://evil.example/steal');
    const [mail] = await recoveryMails(b, email);
    const landed = await open(mail?.links[0]?.url ?? '');
    expect(landed.hostname).not.toBe('evil.example');
    expect(fragment(landed).get('type')).toBe('recovery');
  });

  it("confirms an address that had not been confirmed yet (GoTrue's recoverVerify)", async () => {
    const b = backend();
    const email = uniqueEmail('unconfirmed');
    await supabaseClient(b).auth.signUp({ email, password: 'first password 1' });
    await recover(b, { email });
    const [mail] = await recoveryMails(b, email);
    expect(fragment(await open(mail?.links[0]?.url ?? '')).get('access_token')).toBeTruthy();
    const [row] = await b.sql<{ confirmed: boolean }>(
      'select email_confirmed_at is not null as confirmed from auth.users where email = $1',
      [email],
    );
    expect(row?.confirmed).toBe(true);
  });
}

/** max_frequency per address: a second mail too soon answers 429, as GoTrue's validateSentWithinFrequencyLimit. */
function frequencySuite(backend: () => TestBackend): void {
  it('refuses a second recovery mail to one address within max_frequency, sending nothing', async () => {
    const b = backend();
    const { email } = await confirmedUser(b, uniqueEmail('often'));
    expect((await recover(b, { email })).status).toBe(200);
    const second = await recover(b, { email });
    expect(second.status).toBe(429);
    expect(await second.json()).toMatchObject({ code: 'over_email_send_rate_limit' });
    expect(await recoveryMails(b, email)).toHaveLength(1);
  });
}

describe('password recovery, on PGlite', () => {
  let b: TestBackend;
  let slow: TestBackend;
  beforeAll(async () => {
    b = await startTestBackend({ siteUrl: SITE });
    slow = await startTestBackend({ siteUrl: SITE, authRateLimits: { emailMaxFrequencyMs: 60_000 } });
  });
  afterAll(async () => {
    await b?.stop();
    await slow?.stop();
  });
  recoverSuite(() => b);
  frequencySuite(() => slow);
});

describe.runIf(shouldRunPostgres())('password recovery, on PostgreSQL', () => {
  let cluster: ThrowawayPostgres;
  let b: TestBackend;
  beforeAll(async () => {
    cluster = await startPostgres();
    b = await startTestBackend({ postgres: cluster, siteUrl: SITE });
  });
  afterAll(async () => {
    await b?.stop();
    await cluster?.stop();
  });
  recoverSuite(() => b);
});
