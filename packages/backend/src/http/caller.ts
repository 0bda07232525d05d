import type { Context } from 'hono';
import type { Caller } from '../db/types.ts';
import { API_ROLES } from '../db/open.ts';
import { InvalidJwtError, verifyProjectJwt } from '../config/keys.ts';

/** The bearer token of the Authorization header, if any. */
export function bearerToken(c: Context): string | undefined {
  const header = c.req.header('authorization');
  const m = header ? /^bearer\s+(.+)$/i.exec(header.trim()) : null;
  return m?.[1]?.trim() || undefined;
}

/** The API key: `apikey` header, else `?apikey=` (as Kong's key-auth accepts). */
export function apiKeyOf(c: Context): string | undefined {
  return c.req.header('apikey') || c.req.query('apikey') || undefined;
}

/**
 * The API gateway's answer (Kong's key-auth on Supabase, HTTP 401) to a request whose API key is missing or not
 * a JWT signed with this project's secret; undefined when the key is good.
 */
export async function apiKeyRefusal(
  key: string | undefined,
  jwtSecret: string,
): Promise<{ message: string; hint: string } | undefined> {
  if (!key)
    return { message: 'No API key found in request', hint: 'No `apikey` request header or url param was found.' };
  try {
    await verifyProjectJwt(key, jwtSecret);
    return undefined;
  } catch {
    return { message: 'Invalid API key', hint: 'Double check your Supabase `anon` or `service_role` API key.' };
  }
}

/**
 * Who a data request (storage, GraphQL, functions) runs as, as PostgREST and storage-api decide it: the
 * Authorization bearer JWT if present, else the apikey; the role comes from its `role` claim.
 * Throws InvalidJwtError for a forged, expired, alg-none or unknown-role token.
 */
export async function resolveCaller(c: Context, jwtSecret: string): Promise<Caller> {
  const token = bearerToken(c) ?? apiKeyOf(c);
  if (!token) return { role: 'anon', claims: { role: 'anon' } };
  const claims = await verifyProjectJwt(token, jwtSecret);
  const role = claims.role as Caller['role'];
  if (!API_ROLES.has(role)) throw new InvalidJwtError(`role "${String(claims.role)}" does not exist`, 'invalid');
  return { role, claims };
}
