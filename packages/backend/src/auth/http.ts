import type { Context } from 'hono';
import { verifyProjectJwt } from '../config/keys.ts';
import { jsonObjectBody } from '../http/body.ts';
import { bearerToken } from '../http/caller.ts';
import { authErrors } from './errors.ts';
import { safeRedirect } from './redirects.ts';
import type { UserChanges } from './service/users.ts';

/** What auth's route files read from requests, with GoTrue's errors for what they cannot read. */

export type Json = Record<string, unknown>;

export async function readJson(c: Context): Promise<Json> {
  const body = await jsonObjectBody(c);
  if (!body) throw authErrors.badJson();
  return body;
}

export function optionalString(body: Json, key: string): string | undefined {
  const v = body[key];
  return typeof v === 'string' ? v : undefined;
}

export function objectField(body: Json, key: string): Json | undefined {
  const v = body[key];
  return v && typeof v === 'object' && !Array.isArray(v) ? (v as Json) : undefined;
}

/** The claims of the bearer token, verified; GoTrue's no_authorization or bad_jwt otherwise. */
export async function bearerClaims(c: Context, jwtSecret: string): Promise<Json> {
  const token = bearerToken(c);
  if (!token) throw authErrors.noAuthorization();
  try {
    return await verifyProjectJwt(token, jwtSecret);
  } catch (err) {
    throw authErrors.badJwt((err as Error).message);
  }
}

/** The admin API's gate: a service_role (or supabase_admin) token. */
export async function requireAdmin(c: Context, jwtSecret: string): Promise<void> {
  const claims = await bearerClaims(c, jwtSecret);
  if (claims.role !== 'service_role' && claims.role !== 'supabase_admin') throw authErrors.notAdmin();
}

/** Where a confirmation link lands: `redirect_to` of the query or body, when allowed. */
export function redirectOf(
  c: Context,
  config: { siteUrl: string; additionalRedirectUrls: string[] },
  body: Json = {},
): string {
  return safeRedirect(
    c.req.query('redirect_to') ?? optionalString(body, 'redirect_to'),
    config.siteUrl,
    config.additionalRedirectUrls,
  );
}

/** The user changes a body asks for; `userMetadataKey` is `data` on PUT /user, `user_metadata` for admins. */
export function userChanges(body: Json, userMetadataKey: 'data' | 'user_metadata'): UserChanges {
  return {
    password: optionalString(body, 'password'),
    userMetadata: objectField(body, userMetadataKey),
    appMetadata: userMetadataKey === 'user_metadata' ? objectField(body, 'app_metadata') : undefined,
    email: optionalString(body, 'email'),
    confirmEmail: userMetadataKey === 'user_metadata' && body.email_confirm === true,
  };
}
