import { decodeJwt } from 'jose';
import { InvalidJwtError, verifyProjectJwt } from '../config/keys.ts';
import { API_ROLES } from '../db/open.ts';
import type { Caller } from '../db/types.ts';

/**
 * Who a channel listens as: its join's access_token, a later `access_token` push, or the socket's API key.
 * Refusals carry hosted Realtime's code and words (the Realtime server's
 * realtime_channel.ex confirm_token and channels_authorization.ex).
 */
export type ChannelToken =
  | { ok: true; caller: Caller; /** Seconds since the epoch. */ exp: number }
  | { ok: false; code: string; message: string };

export async function checkChannelToken(token: string, jwtSecret: string): Promise<ChannelToken> {
  let claims: Record<string, unknown>;
  try {
    claims = await verifyProjectJwt(token, jwtSecret);
  } catch (err) {
    if (err instanceof InvalidJwtError && err.reason === 'expired') {
      let exp = 0;
      try {
        exp = Number(decodeJwt(token).exp) || 0;
      } catch {
        // Verified as expired, so it decodes; 0 only if it somehow does not.
      }
      return {
        ok: false,
        code: 'InvalidJWTToken',
        message: `Token has expired ${Math.max(0, Math.floor(Date.now() / 1000) - exp)} seconds ago`,
      };
    }
    if (err instanceof InvalidJwtError && err.message === 'signature is invalid')
      return { ok: false, code: 'JwtSignatureError', message: 'Failed to validate JWT signature' };
    if (err instanceof InvalidJwtError && err.message === 'signing method is not allowed')
      return {
        ok: false,
        code: 'JwtSignerError',
        message: 'Failed to generate JWT signer, check your JWT secret or JWKS configuration',
      };
    return { ok: false, code: 'MalformedJWT', message: 'The token provided is not a valid JWT' };
  }
  if (typeof claims.role !== 'string' || typeof claims.exp !== 'number')
    return { ok: false, code: 'InvalidJWTToken', message: 'Fields `role` and `exp` are required in JWT' };
  // Requests run as one of the API roles only (src/db/transaction-setup.ts); hosted would fail to set any other.
  if (!API_ROLES.has(claims.role))
    return { ok: false, code: 'InvalidJWTToken', message: `role "${claims.role}" does not exist` };
  return { ok: true, caller: { role: claims.role as Caller['role'], claims }, exp: claims.exp };
}

/** Supabase's new-style API keys (sb_publishable_..., sb_secret_...) stand for the socket's key, not a user. */
export function isApiKeyToken(token: string): boolean {
  return token.startsWith('sb_');
}
