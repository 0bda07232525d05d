/**
 * Who is calling: the bearer token is checked by the project's auth server (auth.getUser), and only a
 * signed-in user's token is accepted (not the anon or service role key, whatever it claims).
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import { HttpError } from './http.ts';

export interface Caller {
  id: string;
  email: string | undefined;
}

/** The JWT's payload; only read after auth.getUser has verified the token. */
function jwtPayload(token: string): Record<string, unknown> {
  const part = token.split('.')[1] ?? '';
  const base64 = part.replace(/-/g, '+').replace(/_/g, '/');
  const text = new TextDecoder().decode(Uint8Array.from(atob(base64), (c) => c.charCodeAt(0)));
  return JSON.parse(text) as Record<string, unknown>;
}

/** The signed-in caller, or HttpError 401 with `message` (the product's words for this function). */
export async function authenticateCaller(req: Request, admin: SupabaseClient, message: string): Promise<Caller> {
  const match = /^Bearer\s+(\S+)$/i.exec(req.headers.get('authorization') ?? '');
  if (!match) throw new HttpError(401, message);
  const token = match[1]!;
  const { data, error } = await admin.auth.getUser(token);
  if (error || !data.user) throw new HttpError(401, message);
  let claims: Record<string, unknown>;
  try {
    claims = jwtPayload(token);
  } catch {
    throw new HttpError(401, message);
  }
  if (claims.sub !== data.user.id || claims.role !== 'authenticated') throw new HttpError(401, message);
  return { id: data.user.id, email: data.user.email };
}
