import { randomUUID } from 'node:crypto';
import type { SqlClient } from '../db/types.ts';
import { signProjectJwt } from '../config/keys.ts';
import { authErrors, type AuthError } from './errors.ts';
import { generateRefreshToken, loadUserJson, type UserRow } from './users.ts';

export interface TokenSettings {
  jwtSecret: string;
  /** `${url}/auth/v1` */
  issuer: string;
  jwtExpiry: number;
  refreshTokenRotation: boolean;
  refreshTokenReuseInterval: number;
}

export type AuthMethod = 'password' | 'otp' | 'email/signup' | 'email_change';

interface SessionRow {
  id: string;
  user_id: string;
  aal: string | null;
}

/** The access token GoTrue issues, with its claims. */
async function accessToken(
  user: UserRow,
  sessionId: string,
  amr: { method: string; timestamp: number }[],
  s: TokenSettings,
) {
  const iat = Math.floor(Date.now() / 1000);
  const exp = iat + s.jwtExpiry;
  const token = await signProjectJwt(
    {
      aud: user.aud ?? 'authenticated',
      exp,
      iat,
      iss: s.issuer,
      sub: user.id,
      email: user.email ?? '',
      phone: user.phone ?? '',
      app_metadata: user.raw_app_meta_data ?? {},
      user_metadata: user.raw_user_meta_data ?? {},
      role: user.role ?? 'authenticated',
      aal: 'aal1',
      amr,
      session_id: sessionId,
      is_anonymous: user.is_anonymous,
    },
    s.jwtSecret,
  );
  return { token, exp };
}

async function amrOf(sql: SqlClient, sessionId: string): Promise<{ method: string; timestamp: number }[]> {
  const res = await sql.query<{ method: string; ts: number }>(
    `select authentication_method as method, extract(epoch from created_at)::int as ts
     from auth.mfa_amr_claims where session_id = $1 order by created_at desc`,
    [sessionId],
  );
  return res.rows.map((r) => ({ method: r.method, timestamp: Number(r.ts) }));
}

/** The session body supabase-js stores: tokens, lifetimes and the user. */
async function sessionJson(sql: SqlClient, user: UserRow, sessionId: string, refreshToken: string, s: TokenSettings) {
  const { token, exp } = await accessToken(user, sessionId, await amrOf(sql, sessionId), s);
  return {
    access_token: token,
    token_type: 'bearer',
    expires_in: s.jwtExpiry,
    expires_at: exp,
    refresh_token: refreshToken,
    user: await loadUserJson(sql, user),
  };
}

export type SessionResponse = Awaited<ReturnType<typeof sessionJson>>;

/** Starts a session for a user who just proved who they are. */
export async function createSession(
  sql: SqlClient,
  user: UserRow,
  method: AuthMethod,
  s: TokenSettings,
): Promise<SessionResponse> {
  const sessionId = randomUUID();
  await sql.query(
    `insert into auth.sessions (id, user_id, created_at, updated_at, aal) values ($1, $2, now(), now(), 'aal1')`,
    [sessionId, user.id],
  );
  await sql.query(
    `insert into auth.mfa_amr_claims (session_id, created_at, updated_at, authentication_method) values ($1, now(), now(), $2)`,
    [sessionId, method],
  );
  const refreshToken = generateRefreshToken();
  await sql.query(
    `insert into auth.refresh_tokens (instance_id, token, user_id, revoked, created_at, updated_at, session_id)
     values ('00000000-0000-0000-0000-000000000000', $1, $2, false, now(), now(), $3)`,
    [refreshToken, user.id, sessionId],
  );
  await sql.query(`update auth.users set last_sign_in_at = now(), updated_at = now() where id = $1`, [user.id]);
  await sql.query(`update auth.identities set last_sign_in_at = now() where user_id = $1`, [user.id]);
  const fresh = { ...user, last_sign_in_at: new Date() };
  return sessionJson(sql, fresh, sessionId, refreshToken, s);
}

interface RefreshTokenRow {
  id: string;
  token: string;
  user_id: string;
  revoked: boolean;
  parent: string | null;
  session_id: string | null;
  revoked_seconds_ago: number;
}

/**
 * The refresh_token grant. The presented token is revoked and a child issued (rotation). A revoked token is
 * honoured when it is the parent of the session's active token (the active one is returned), or within the
 * reuse interval (a new child is issued); any other reuse revokes the session's tokens and is refused.
 */
export async function refreshSession(
  sql: SqlClient,
  presented: string,
  loadUser: (id: string) => Promise<UserRow | undefined>,
  s: TokenSettings,
): Promise<SessionResponse | AuthError> {
  const res = await sql.query<RefreshTokenRow>(
    `select id::text, token, user_id, revoked, parent, session_id,
            extract(epoch from (now() - updated_at))::float8 as revoked_seconds_ago
     from auth.refresh_tokens where token = $1 for update`,
    [presented],
  );
  const row = res.rows[0];
  if (!row || !row.session_id) throw authErrors.refreshTokenNotFound();
  const session = (
    await sql.query<SessionRow>('select id, user_id, aal from auth.sessions where id = $1', [row.session_id])
  ).rows[0];
  if (!session) throw authErrors.refreshTokenNotFound();
  const user = await loadUser(row.user_id);
  if (!user) throw authErrors.refreshTokenNotFound();

  if (row.revoked) {
    const active = (
      await sql.query<{ token: string; parent: string | null }>(
        `select token, parent from auth.refresh_tokens where session_id = $1 and revoked = false order by id desc limit 1`,
        [session.id],
      )
    ).rows[0];
    // As GoTrue's RefreshTokenGrant: the parent of the active token (a client that missed the answer to its
    // refresh) gets the active token back, at any time; any other revoked token only within the reuse
    // interval (then it is swapped for a new child); past it the session's token family is revoked.
    if (active && active.parent === row.token) return sessionJson(sql, user, session.id, active.token, s);
    if (row.revoked_seconds_ago >= s.refreshTokenReuseInterval) {
      if (s.refreshTokenRotation) {
        await sql.query(
          `update auth.refresh_tokens set revoked = true, updated_at = now() where session_id = $1 and revoked = false`,
          [session.id],
        );
      }
      // Returned, not thrown: the revocation must commit.
      return authErrors.refreshTokenAlreadyUsed();
    }
  }

  let token = row.token;
  if (s.refreshTokenRotation) {
    // A token reused within the interval stays revoked as it was (its updated_at keeps the interval running).
    if (!row.revoked)
      await sql.query(`update auth.refresh_tokens set revoked = true, updated_at = now() where id = $1::bigint`, [
        row.id,
      ]);
    token = generateRefreshToken();
    await sql.query(
      `insert into auth.refresh_tokens (instance_id, token, user_id, revoked, created_at, updated_at, parent, session_id)
       values ('00000000-0000-0000-0000-000000000000', $1, $2, false, now(), now(), $3, $4)`,
      [token, user.id, row.token, session.id],
    );
  }
  await sql.query(`update auth.sessions set refreshed_at = now(), updated_at = now() where id = $1`, [session.id]);
  return sessionJson(sql, user, session.id, token, s);
}

export async function sessionExists(sql: SqlClient, sessionId: string): Promise<boolean> {
  if (!/^[0-9a-f-]{36}$/i.test(sessionId)) return false;
  const res = await sql.query('select 1 from auth.sessions where id = $1', [sessionId]);
  return (res.rowCount ?? 0) > 0;
}

/** Ends sessions: `local` this one, `global` all of the user's, `others` all but this one. */
export async function endSessions(
  sql: SqlClient,
  userId: string,
  sessionId: string | undefined,
  scope: 'global' | 'local' | 'others',
) {
  if (scope === 'global') await sql.query('delete from auth.sessions where user_id = $1', [userId]);
  else if (scope === 'local' && sessionId) await sql.query('delete from auth.sessions where id = $1', [sessionId]);
  else if (scope === 'others') {
    await sql.query('delete from auth.sessions where user_id = $1 and id is distinct from $2::uuid', [
      userId,
      sessionId ?? null,
    ]);
  }
}
