import { describe, expect, it } from 'vitest';
import { DEFAULT_JWT_SECRET, InvalidJwtError, signProjectJwt, verifyProjectJwt } from './keys.ts';

const OTHER_SECRET = 'another-secret-of-at-least-thirty-two-characters';
const now = () => Math.floor(Date.now() / 1000);

describe('verifyProjectJwt, which keeps the tokens it has verified', () => {
  it('refuses a kept token once it has expired', async () => {
    const token = await signProjectJwt({ sub: 'u1', role: 'authenticated', exp: now() + 1 }, DEFAULT_JWT_SECRET);
    await expect(verifyProjectJwt(token, DEFAULT_JWT_SECRET)).resolves.toMatchObject({ sub: 'u1' });
    await new Promise((resolve) => setTimeout(resolve, 2_100));
    const refused = await verifyProjectJwt(token, DEFAULT_JWT_SECRET).catch((err: unknown) => err);
    expect(refused).toBeInstanceOf(InvalidJwtError);
    expect((refused as InvalidJwtError).reason).toBe('expired');
  });

  it('keeps a token for the secret it was verified with only', async () => {
    const token = await signProjectJwt({ sub: 'u2', role: 'authenticated', exp: now() + 60 }, DEFAULT_JWT_SECRET);
    await verifyProjectJwt(token, DEFAULT_JWT_SECRET);
    await expect(verifyProjectJwt(token, OTHER_SECRET)).rejects.toMatchObject({ reason: 'invalid' });
  });

  it('hands each caller its own payload: a change by one does not reach the next', async () => {
    const token = await signProjectJwt(
      { sub: 'u3', role: 'authenticated', exp: now() + 60, app_metadata: { provider: 'email' } },
      DEFAULT_JWT_SECRET,
    );
    const first = await verifyProjectJwt(token, DEFAULT_JWT_SECRET);
    first.role = 'service_role';
    (first.app_metadata as Record<string, unknown>).provider = 'changed';
    const second = await verifyProjectJwt(token, DEFAULT_JWT_SECRET);
    expect(second).toMatchObject({ role: 'authenticated', app_metadata: { provider: 'email' } });
    const third = await verifyProjectJwt(token, DEFAULT_JWT_SECRET);
    (second.app_metadata as Record<string, unknown>).provider = 'changed again';
    expect(third.app_metadata).toEqual({ provider: 'email' });
  });

  it('refuses a token with a changed payload even when the original is kept', async () => {
    const token = await signProjectJwt({ sub: 'u4', role: 'authenticated', exp: now() + 60 }, DEFAULT_JWT_SECRET);
    await verifyProjectJwt(token, DEFAULT_JWT_SECRET);
    const [header, , signature] = token.split('.');
    const forged = Buffer.from(JSON.stringify({ sub: 'u4', role: 'service_role', exp: now() + 60 })).toString(
      'base64url',
    );
    await expect(verifyProjectJwt(`${header}.${forged}.${signature}`, DEFAULT_JWT_SECRET)).rejects.toMatchObject({
      reason: 'invalid',
    });
  });
});
