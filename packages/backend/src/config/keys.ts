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

/**
 * Verifies a JWT signed with the project's secret: HS256 only (so `alg: none` and every other algorithm is
 * refused), signature, exp and nbf. Returns its payload.
 */
export async function verifyProjectJwt(
  token: string,
  jwtSecret: string,
): Promise<JWTPayload & Record<string, unknown>> {
  try {
    const { payload } = await jwtVerify(token, secretBytes(jwtSecret), { algorithms: ['HS256'] });
    return payload as JWTPayload & Record<string, unknown>;
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
}

/** Signs any payload with the project's secret (HS256): access tokens, signed storage URLs. */
export async function signProjectJwt(
  payload: Record<string, unknown>,
  jwtSecret: string,
  header: Record<string, unknown> = {},
): Promise<string> {
  return new SignJWT(payload).setProtectedHeader({ alg: 'HS256', typ: 'JWT', ...header }).sign(secretBytes(jwtSecret));
}
