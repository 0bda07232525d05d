import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_PROJECT_DIR } from '../../src/config/config.ts';
import {
  confirmFromMailbox,
  startTestBackend,
  supabaseClient,
  uniqueEmail,
  type TestBackend,
} from '../../testing/backend.ts';

const STRONG = 'Correct Horse 9 battery';

async function auth(
  b: TestBackend,
  path: string,
  body: unknown,
): Promise<{ status: number; json: Record<string, unknown> }> {
  const res = await fetch(`${b.url}/auth/v1/${path}`, {
    method: 'POST',
    headers: { apikey: b.anonKey, 'content-type': 'application/json', 'x-supabase-api-version': '2024-01-01' },
    body: JSON.stringify(body),
  });
  return { status: res.status, json: (await res.json()) as Record<string, unknown> };
}

/**
 * A password sign-in sent from a loopback address of our choosing (all of 127.0.0.0/8 reaches the backend on
 * Linux), so that one test can be many callers, each with its own IP address as the server sees it.
 */
function signInFrom(
  b: TestBackend,
  ip: string,
  email: string,
  password: string,
): Promise<{ status: number; json: Record<string, unknown> }> {
  const url = new URL(`${b.url}/auth/v1/token?grant_type=password`);
  const body = JSON.stringify({ email, password });
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: url.hostname,
        port: url.port,
        path: `${url.pathname}${url.search}`,
        method: 'POST',
        localAddress: ip,
        headers: {
          apikey: b.anonKey,
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
          'x-supabase-api-version': '2024-01-01',
        },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, json: JSON.parse(text) as Record<string, unknown> }),
        );
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

describe("GoTrue's sign-in rate limit with the product's config.toml (per IP, Supabase's 30 per 5 minutes)", () => {
  let b: TestBackend;
  beforeAll(async () => {
    b = await startTestBackend({ projectDir: DEFAULT_PROJECT_DIR, seed: false });
  });
  afterAll(async () => b?.stop());

  async function owner(label: string): Promise<string> {
    const email = uniqueEmail(label);
    const admin = supabaseClient(b, b.serviceRoleKey);
    expect((await admin.auth.admin.createUser({ email, password: STRONG, email_confirm: true })).error).toBeNull();
    return email;
  }

  it("never refuses the owner's right password after 150 wrong ones for the address from other IPs", async () => {
    const email = await owner('besieged');
    // Five guessers, 30 wrong passwords each: every one stays within its own IP's limit.
    const guessers = ['127.0.0.2', '127.0.0.3', '127.0.0.4', '127.0.0.5', '127.0.0.6'];
    const answers = await Promise.all(
      guessers.map(async (ip) => {
        const statuses: number[] = [];
        for (let i = 0; i < 30; i++) statuses.push((await signInFrom(b, ip, email, `wrong-${ip}-${i}`)).status);
        return statuses;
      }),
    );
    expect(answers.flat()).toEqual(Array.from({ length: 150 }, () => 400));
    const started = Date.now();
    const right = await signInFrom(b, '127.0.0.7', email, STRONG);
    expect(right.status).toBe(200);
    expect(right.json.access_token).toBeTruthy();
    // Slowed (src/auth/rate-limits.ts: at most 0.5 s once many failures targeted the address), not refused.
    expect(Date.now() - started).toBeGreaterThanOrEqual(450);
  });

  it('answers the 31st sign-in from one IP within 5 minutes with 429 over_request_rate_limit', async () => {
    const email = await owner('busy');
    const ip = '127.0.0.8';
    for (let i = 0; i < 30; i++) expect((await signInFrom(b, ip, email, STRONG)).status).toBe(200);
    const refused = await signInFrom(b, ip, email, STRONG);
    expect(refused.status).toBe(429);
    expect(refused.json).toEqual({ code: 'over_request_rate_limit', message: 'Request rate limit reached' });
    // Another IP is not affected.
    expect((await signInFrom(b, '127.0.0.9', email, STRONG)).status).toBe(200);
  });
});

describe("GoTrue's sign-in and sign-up rate limit", () => {
  let b: TestBackend;
  beforeAll(async () => {
    b = await startTestBackend({ authRateLimits: { signInSignUps: 6 } });
  });
  afterAll(async () => b?.stop());

  it('answers 429 over_request_rate_limit past the limit, for any address from that IP', async () => {
    const email = uniqueEmail('guess');
    const answers: number[] = [];
    for (let i = 0; i < 8; i++)
      answers.push((await auth(b, 'token?grant_type=password', { email, password: `wrong-${i}-password` })).status);
    expect(answers).toEqual([400, 400, 400, 400, 400, 400, 429, 429]);
    const refused = await auth(b, 'token?grant_type=password', {
      email: uniqueEmail('other'),
      password: 'whatever-password',
    });
    expect(refused.status).toBe(429);
    expect(refused.json.code).toBe('over_request_rate_limit');
  });
});

describe("GoTrue's e-mail limits, re-sign-up, password policy and refresh-token reuse", () => {
  let b: TestBackend;
  beforeAll(async () => {
    b = await startTestBackend({
      authRateLimits: { emailSent: 3, emailMaxFrequencyMs: 60_000 },
      passwordRequirements: 'lower_upper_letters_digits',
      refreshTokenReuseInterval: 10,
    });
  });
  afterAll(async () => b?.stop());

  it('keeps the first password and data when an unconfirmed address signs up again, and spaces its e-mails', async () => {
    const email = uniqueEmail('preempt');
    const first = await auth(b, 'signup', { email, password: STRONG, data: { name: 'owner' } });
    expect(first.status).toBe(200);
    const tooSoon = await auth(b, 'signup', { email, password: 'Attacker 1 password', data: { name: 'attacker' } });
    expect(tooSoon.status).toBe(429);
    expect(tooSoon.json.code).toBe('over_email_send_rate_limit');
    // A minute later (set up by moving the last sending back rather than waiting for it):
    await b.sql(`update auth.users set confirmation_sent_at = now() - interval '61 seconds' where email = $1`, [email]);
    const again = await auth(b, 'signup', { email, password: 'Attacker 1 password', data: { name: 'attacker' } });
    expect(again.status).toBe(200);
    await confirmFromMailbox(b, email);
    const client = supabaseClient(b);
    const attacker = await client.auth.signInWithPassword({ email, password: 'Attacker 1 password' });
    expect(attacker.error?.code).toBe('invalid_credentials');
    const owner = await client.auth.signInWithPassword({ email, password: STRONG });
    expect(owner.error).toBeNull();
    expect(owner.data.user?.user_metadata.name).toBe('owner');

    // Two e-mails went out from this address (IP); the limit is 3 an hour.
    expect((await auth(b, 'signup', { email: uniqueEmail('third'), password: STRONG })).status).toBe(200);
    const fourth = await auth(b, 'signup', { email: uniqueEmail('fourth'), password: STRONG });
    expect(fourth.status).toBe(429);
    expect(fourth.json.code).toBe('over_email_send_rate_limit');
  });

  it('applies password_requirements with GoTrue weak_password error', async () => {
    const weak = await auth(b, 'signup', { email: uniqueEmail('weak'), password: 'only lowercase letters' });
    expect(weak.status).toBe(422);
    expect(weak.json.code).toBe('weak_password');
    expect(weak.json.weak_password).toMatchObject({ reasons: ['characters'] });
    expect(String(weak.json.message)).toBe(
      'Password should contain at least one character of each: abcdefghijklmnopqrstuvwxyz, ABCDEFGHIJKLMNOPQRSTUVWXYZ, 0123456789.',
    );
  });

  it('honours an older revoked refresh token inside the reuse interval without logging other tabs out', async () => {
    const admin = supabaseClient(b, b.serviceRoleKey);
    const email = uniqueEmail('tabs');
    expect((await admin.auth.admin.createUser({ email, password: STRONG, email_confirm: true })).error).toBeNull();
    const tab = supabaseClient(b);
    const signIn = await tab.auth.signInWithPassword({ email, password: STRONG });
    const first = signIn.data.session!.refresh_token;
    const second = (await tab.auth.refreshSession({ refresh_token: first })).data.session!.refresh_token;
    const third = (await tab.auth.refreshSession({ refresh_token: second })).data.session!.refresh_token;
    // A slow tab presents the grandparent within the interval: it gets a session, nobody is logged out.
    const slow = await supabaseClient(b).auth.refreshSession({ refresh_token: first });
    expect(slow.error).toBeNull();
    const current = await supabaseClient(b).auth.refreshSession({ refresh_token: third });
    expect(current.error).toBeNull();
  });
});
