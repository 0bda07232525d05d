import { SignJWT, errors as joseErrors, jwtVerify, type JWTPayload } from 'jose';

/** Supabase's local-development JWT secret; with it the derived keys are Supabase's well-known local keys. */
export const DEFAULT_JWT_SECRET = 'super-secret-jwt-token-with-at-least-32-characters-long';

/** The expiry Supabase's well-known local keys carry (2032-11-12). */
const API_KEY_EXP = 1983812996;

export interface ProjectKeys {
  anonKey: string;
  serviceRoleKey: string;
}

function secretBytes(secret: string): Uint8Array {
  return new TextEncoder().encode(secret);
}

async function apiKey(secret: string, role: 'anon' | 'service_role'): Promise<string> {
  return new SignJWT({ iss: 'supabase-demo', role, exp: API_KEY_EXP })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .sign(secretBytes(secret));
}

/** The project's anon and service_role API keys, derived from the JWT secret as Supabase's CLI derives them. */
export async function deriveKeys(jwtSecret: string = DEFAULT_JWT_SECRET): Promise<ProjectKeys> {
  return { anonKey: await apiKey(jwtSecret, 'anon'), serviceRoleKey: await apiKey(jwtSecret, 'service_role') };
}

/** Why a JWT was refused, in the words the servers use. */
export class InvalidJwtError extends Error {
  constructor(
    message: string,
    readonly reason: 'expired' | 'invalid',
  ) {
    super(message);
    this.name = 'InvalidJwtError';
  }
}

/** How many verified tokens verifyProjectJwt keeps (a few hundred bytes each). */
const VERIFIED_TOKENS_KEPT = 1_000;
/** Tokens verified with a secret (keyed by both), most recently used last. */
const verifiedTokens = new Map<string, JWTPayload & Record<string, unknown>>();

/**
 * Verifies a JWT signed with the project's secret: HS256 only (so `alg: none` and every other algorithm is
 * refused), signature, exp and nbf. Returns (a copy of) its payload.
 *
 * A token that verified once is kept, with its payload, and only its expiry is checked again: every request
 * carries the same anon key or access token, and verifying it anew through WebCrypto (jose) waits on the thread
 * pool that file writes use, so during an upload burst every visitor's request waited behind them.
 */
export async function verifyProjectJwt(
  token: string,
  jwtSecret: string,
): Promise<JWTPayload & Record<string, unknown>> {
  const key = `${jwtSecret}\n${token}`;
  const kept = verifiedTokens.get(key);
  if (kept) {
    verifiedTokens.delete(key);
    // jose's test: expired once exp is not after the current second.
    if (typeof kept.exp === 'number' && kept.exp <= Math.floor(Date.now() / 1000))
      throw new InvalidJwtError('token is expired', 'expired');
    verifiedTokens.set(key, kept);
    return structuredClone(kept);
  }
  let payload: JWTPayload & Record<string, unknown>;
  try {
    payload = (await jwtVerify(token, secretBytes(jwtSecret), { algorithms: ['HS256'] })).payload as JWTPayload &
      Record<string, unknown>;
  } catch (err) {
    if (err instanceof joseErrors.JWTExpired) throw new InvalidJwtError('token is expired', 'expired');
    if (err instanceof joseErrors.JWSSignatureVerificationFailed)
      throw new InvalidJwtError('signature is invalid', 'invalid');
    if (err instanceof joseErrors.JOSEAlgNotAllowed)
      throw new InvalidJwtError('signing method is not allowed', 'invalid');
    throw new InvalidJwtError(
      err instanceof Error ? err.message || 'token is malformed' : 'token is malformed',
      'invalid',
    );
  }
  verifiedTokens.set(key, structuredClone(payload));
  if (verifiedTokens.size > VERIFIED_TOKENS_KEPT) verifiedTokens.delete(verifiedTokens.keys().next().value!);
  return payload;
}

/** Signs any payload with the project's secret (HS256): access tokens, signed storage URLs. */
export async function signProjectJwt(
  payload: Record<string, unknown>,
  jwtSecret: string,
  header: Record<string, unknown> = {},
): Promise<string> {
  return new SignJWT(payload).setProtectedHeader({ alg: 'HS256', typ: 'JWT', ...header }).sign(secretBytes(jwtSecret));
}
