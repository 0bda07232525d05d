import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailFor, startTestBackend, supabaseClient, uniqueEmail, type TestBackend } from '../../testing/backend.ts';
import { shouldRunPostgres, startPostgres, type ThrowawayPostgres } from '../../testing/postgres.ts';

const PASSWORD = 'correct horse battery';

/** Opens a confirmation link as a browser would; returns the fragment of the redirect. */
async function open(link: string): Promise<URLSearchParams> {
  const res = await fetch(link, { redirect: 'manual' });
  expect(res.status).toBe(303);
  return new URLSearchParams(new URL(res.headers.get('location') ?? '').hash.slice(1));
}

/** The one-time code a confirmation mail carries besides its link. */
async function codesFor(b: TestBackend, email: string): Promise<string[]> {
  const res = await fetch(`${b.url}/mailbox/api/messages?to=${encodeURIComponent(email)}`);
  const { messages } = (await res.json()) as { messages: { text: string }[] };
  return messages.map((m) => /enter the code: (\d{6})/.exec(m.text)?.[1] ?? '');
}

/** Signing up again before confirming, as GoTrue's sendConfirmation (internal/api/mail.go) does it. */
function resignupSuite(backend: () => TestBackend): void {
  it('sends a fresh link that confirms; the older link is refused as otp_expired', async () => {
    const b = backend();
    const email = uniqueEmail('twice');
    const redirect = { emailRedirectTo: 'http://localhost:5173/groups' };
    expect((await supabaseClient(b).auth.signUp({ email, password: PASSWORD, options: redirect })).error).toBeNull();
    expect((await supabaseClient(b).auth.signUp({ email, password: PASSWORD, options: redirect })).error).toBeNull();
    const [newest, older] = await mailFor(b, email);
    const newestLink = newest?.links[0]?.url ?? '';
    const olderLink = older?.links[0]?.url ?? '';
    expect(newestLink).toContain('/auth/v1/verify?token=');
    expect(olderLink).toContain('/auth/v1/verify?token=');
    expect(newestLink).not.toBe(olderLink);

    // The repeated sign-up replaced the confirmation token: the first mail's link no longer works.
    expect((await open(olderLink)).get('error_code')).toBe('otp_expired');

    const fresh = await open(newestLink);
    expect(fresh.get('error_code')).toBeNull();
    expect(fresh.get('type')).toBe('signup');
    expect(fresh.get('access_token')).toBeTruthy();

    const signIn = await supabaseClient(b).auth.signInWithPassword({ email, password: PASSWORD });
    expect(signIn.error).toBeNull();
    expect(signIn.data.user?.email_confirmed_at).toBeTruthy();
  });

  it("accepts the newest mail's code and refuses the older one", async () => {
    const b = backend();
    const email = uniqueEmail('twice-code');
    await supabaseClient(b).auth.signUp({ email, password: PASSWORD });
    await supabaseClient(b).auth.signUp({ email, password: PASSWORD });
    const [newest, older] = await codesFor(b, email);
    expect(newest).toMatch(/^\d{6}$/);
    expect(older).toMatch(/^\d{6}$/);
    const client = supabaseClient(b);
    if (older !== newest) {
      const stale = await client.auth.verifyOtp({ email, token: older!, type: 'signup' });
      expect(stale.error?.code).toBe('otp_expired');
    }
    const { data, error } = await client.auth.verifyOtp({ email, token: newest!, type: 'signup' });
    expect(error).toBeNull();
    expect(data.session?.access_token).toBeTruthy();
  });
}

describe('signing up again before confirming, on PGlite', () => {
  let b: TestBackend;
  beforeAll(async () => {
    b = await startTestBackend();
  });
  afterAll(async () => b?.stop());
  resignupSuite(() => b);
});

describe.runIf(shouldRunPostgres())('signing up again before confirming, on PostgreSQL', () => {
  let cluster: ThrowawayPostgres;
  let b: TestBackend;
  beforeAll(async () => {
    cluster = await startPostgres();
    b = await startTestBackend({ postgres: cluster });
  });
  afterAll(async () => {
    await b?.stop();
    await cluster?.stop();
  });
  resignupSuite(() => b);
});
