import type { Caller } from '../src/db/types.ts';

/** A caller with its role's claims only: anon's key, the service role's key, or a role whose schema is printed. */
export function roleCaller(role: Caller['role']): Caller {
  return { role, claims: { role } };
}

/** Who a request with the anon key runs as (src/http/caller.ts). */
export const ANON: Caller = roleCaller('anon');
/** Who a request with the service role key runs as. */
export const SERVICE_ROLE: Caller = roleCaller('service_role');

/** A signed-in user, with the claims of an access token for `sub` (and its e-mail, where a test reads it). */
export function userCaller(sub: string, email?: string): Caller {
  return {
    role: 'authenticated',
    claims: { sub, role: 'authenticated', aud: 'authenticated', ...(email === undefined ? {} : { email }) },
  };
}
