import { randomUUID } from 'node:crypto';
import type { SqlClient } from '../db/types.ts';

/**
 * The SQL of the auth deps: auth.users, auth.identities, auth.sessions, auth.mfa_amr_claims and
 * auth.refresh_tokens. Every function runs in the caller's transaction (auth runs as the database owner,
 * GoTrue's own role, one transaction per request).
 */

/** A row of auth.users, as the backend reads it. */
export interface UserRow {
  id: string;
  aud: string | null;
  role: string | null;
  email: string | null;
  encrypted_password: string | null;
  email_confirmed_at: Date | null;
  confirmation_token: string | null;
  confirmation_sent_at: Date | null;
  email_change: string | null;
  email_change_token_new: string | null;
  email_change_sent_at: Date | null;
  recovery_token: string | null;
  recovery_sent_at: Date | null;
  last_sign_in_at: Date | null;
  raw_app_meta_data: Record<string, unknown> | null;
  raw_user_meta_data: Record<string, unknown> | null;
  created_at: Date | null;
  updated_at: Date | null;
  phone: string | null;
  phone_confirmed_at: Date | null;
  banned_until: Date | null;
  deleted_at: Date | null;
  is_anonymous: boolean;
}

export interface IdentityRow {
  id: string;
  provider_id: string;
  user_id: string;
  identity_data: Record<string, unknown>;
  provider: string;
  last_sign_in_at: Date | null;
  created_at: Date | null;
  updated_at: Date | null;
  email: string | null;
}

export interface RefreshTokenRow {
  id: string;
  token: string;
  user_id: string;
  revoked: boolean;
  parent: string | null;
  session_id: string | null;
  revoked_seconds_ago: number;
}

export interface AmrClaim {
  method: string;
  timestamp: number;
}

const USER_COLUMNS = `id, aud, role, email, encrypted_password, email_confirmed_at, confirmation_token,
  confirmation_sent_at, email_change, email_change_token_new, email_change_sent_at, recovery_token, recovery_sent_at, last_sign_in_at,
  raw_app_meta_data, raw_user_meta_data, created_at, updated_at, phone, phone_confirmed_at, banned_until,
  deleted_at, coalesce(is_anonymous, false) as is_anonymous`;

const INSTANCE_ID = '00000000-0000-0000-0000-000000000000';
const UUID = /^[0-9a-f-]{36}$/i;

// --- users --------------------------------------------------------------------------------------------

export async function findUserByEmail(sql: SqlClient, email: string): Promise<UserRow | undefined> {
  const res = await sql.query<UserRow>(
    `select ${USER_COLUMNS} from auth.users where lower(email) = lower($1) and deleted_at is null`,
    [email],
  );
  return res.rows[0];
}

export async function findUserById(sql: SqlClient, id: string): Promise<UserRow | undefined> {
  if (!UUID.test(id)) return undefined;
  const res = await sql.query<UserRow>(`select ${USER_COLUMNS} from auth.users where id = $1 and deleted_at is null`, [
    id,
  ]);
  return res.rows[0];
}

/** The user a confirmation link's token hash belongs to. */
export async function findUserByToken(
  sql: SqlClient,
  column: 'confirmation_token' | 'email_change_token_new' | 'recovery_token',
  value: string,
): Promise<UserRow | undefined> {
  if (!value) return undefined;
  const res = await sql.query<UserRow>(
    `select ${USER_COLUMNS} from auth.users where ${column} = $1 and deleted_at is null`,
    [value],
  );
  return res.rows[0];
}

export interface NewUserRow {
  email: string;
  passwordHash: string | null;
  userMetadata: Record<string, unknown>;
  appMetadata: Record<string, unknown>;
  confirmed: boolean;
  confirmationToken?: string;
}

/** Inserts a user and its e-mail identity; returns the new id. */
export async function insertUser(sql: SqlClient, input: NewUserRow): Promise<string> {
  const id = randomUUID();
  const now = new Date();
  const { email } = input;
  const userMeta = { ...input.userMetadata, sub: id, email, email_verified: input.confirmed, phone_verified: false };
  await sql.query(
    `insert into auth.users (instance_id, id, aud, role, email, encrypted_password, email_confirmed_at, confirmation_token,
       confirmation_sent_at, raw_app_meta_data, raw_user_meta_data, created_at, updated_at, is_anonymous, is_super_admin)
     values ('${INSTANCE_ID}', $1, 'authenticated', 'authenticated', $2, $3, $4, $5, $6, $7, $8, $9, $9, false, false)`,
    [
      id,
      email,
      input.passwordHash,
      input.confirmed ? now : null,
      input.confirmationToken ?? '',
      input.confirmationToken ? now : null,
      JSON.stringify(input.appMetadata),
      JSON.stringify(userMeta),
      now,
    ],
  );
  await sql.query(
    `insert into auth.identities (provider_id, user_id, identity_data, provider, last_sign_in_at, created_at, updated_at)
     values ($1, $4, $2, 'email', $3, $3, $3)`,
    [id, JSON.stringify({ sub: id, email, email_verified: input.confirmed, phone_verified: false }), now, id],
  );
  return id;
}

/** A fresh confirmation link for a user who signs up again before confirming. */
export async function renewConfirmationToken(sql: SqlClient, userId: string, hash: string): Promise<void> {
  await sql.query(
    `update auth.users set confirmation_token = $2, confirmation_sent_at = now(), updated_at = now() where id = $1`,
    [userId, hash],
  );
}

/** A password-recovery link just sent: its token hash replaces any earlier one (GoTrue's sendPasswordRecovery). */
export async function setRecoveryToken(sql: SqlClient, userId: string, hash: string): Promise<void> {
  await sql.query(
    `update auth.users set recovery_token = $2, recovery_sent_at = now(), updated_at = now() where id = $1`,
    [userId, hash],
  );
}

/** Consumes the recovery token (GoTrue's User.Recover). */
export async function clearRecoveryToken(sql: SqlClient, userId: string): Promise<void> {
  await sql.query(`update auth.users set recovery_token = '', updated_at = now() where id = $1`, [userId]);
}

/** Marks the e-mail confirmed (user row, metadata and identity), consuming the confirmation token. */
export async function confirmEmail(sql: SqlClient, userId: string): Promise<void> {
  await sql.query(
    `update auth.users set email_confirmed_at = coalesce(email_confirmed_at, now()), confirmation_token = '',
       raw_user_meta_data = coalesce(raw_user_meta_data, '{}'::jsonb) || '{"email_verified": true}'::jsonb, updated_at = now()
     where id = $1`,
    [userId],
  );
  await sql.query(
    `update auth.identities set identity_data = identity_data || '{"email_verified": true}'::jsonb, updated_at = now()
     where user_id = $1 and provider = 'email'`,
    [userId],
  );
}

export async function setEmail(sql: SqlClient, userId: string, email: string): Promise<void> {
  await sql.query(
    `update auth.users set email = $2::text, email_change = '', email_change_token_new = '', email_change_sent_at = null,
       email_change_confirm_status = 0, email_confirmed_at = coalesce(email_confirmed_at, now()),
       raw_user_meta_data = coalesce(raw_user_meta_data, '{}'::jsonb) || jsonb_build_object('email', $2::text),
       updated_at = now()
     where id = $1`,
    [userId, email],
  );
  await sql.query(
    `update auth.identities set identity_data = identity_data || jsonb_build_object('email', $2::text), updated_at = now()
     where user_id = $1 and provider = 'email'`,
    [userId, email],
  );
}

/** An e-mail change waiting for the link sent to the new address. */
export async function setPendingEmailChange(
  sql: SqlClient,
  userId: string,
  email: string,
  hash: string,
): Promise<void> {
  await sql.query(
    `update auth.users set email_change = $2, email_change_token_new = $3, email_change_sent_at = now(),
       email_change_confirm_status = 0, updated_at = now() where id = $1`,
    [userId, email, hash],
  );
}

export async function setPasswordHash(sql: SqlClient, userId: string, hash: string): Promise<void> {
  await sql.query('update auth.users set encrypted_password = $2, updated_at = now() where id = $1', [userId, hash]);
}

export async function setMetadata(
  sql: SqlClient,
  userId: string,
  which: 'user' | 'app',
  metadata: Record<string, unknown>,
): Promise<void> {
  const column = which === 'user' ? 'raw_user_meta_data' : 'raw_app_meta_data';
  await sql.query(`update auth.users set ${column} = $2, updated_at = now() where id = $1`, [
    userId,
    JSON.stringify(metadata),
  ]);
}

/** Whether a bcrypt hash (pgcrypto's crypt(), as SQL seeds write them) matches the password. */
export async function bcryptMatches(sql: SqlClient, password: string, hash: string): Promise<boolean> {
  // pgcrypto lives in `extensions` on Supabase, but a project may have created it elsewhere.
  await sql.query(`select set_config('search_path', 'extensions, public, pg_catalog', true)`);
  const res = await sql.query<{ ok: boolean }>('select crypt($1, $2) = $2 as ok', [password, hash]);
  return res.rows[0]?.ok === true;
}

export async function listIdentities(sql: SqlClient, userId: string): Promise<IdentityRow[]> {
  const res = await sql.query<IdentityRow>(
    `select id, provider_id, user_id, identity_data, provider, last_sign_in_at, created_at, updated_at, email
     from auth.identities where user_id = $1 order by created_at`,
    [userId],
  );
  return res.rows;
}

/** One page of users, newest first, with the count of all. */
export async function pageOfUserIds(
  sql: SqlClient,
  perPage: number,
  offset: number,
): Promise<{ ids: string[]; total: number }> {
  const count = await sql.query<{ n: number }>('select count(*)::int as n from auth.users where deleted_at is null');
  const ids = await sql.query<{ id: string }>(
    'select id from auth.users where deleted_at is null order by created_at desc, id limit $1 offset $2',
    [perPage, offset],
  );
  return { ids: ids.rows.map((r) => r.id), total: count.rows[0]?.n ?? 0 };
}

export async function deleteUser(sql: SqlClient, userId: string): Promise<void> {
  await sql.query('delete from auth.users where id = $1', [userId]);
}

// --- sessions and refresh tokens ----------------------------------------------------------------------

/** A new session with its first authentication method and refresh token; records the sign-in. */
export async function insertSession(
  sql: SqlClient,
  sessionId: string,
  userId: string,
  method: string,
  refreshToken: string,
): Promise<void> {
  await sql.query(
    `insert into auth.sessions (id, user_id, created_at, updated_at, aal) values ($1, $2, now(), now(), 'aal1')`,
    [sessionId, userId],
  );
  await sql.query(
    `insert into auth.mfa_amr_claims (session_id, created_at, updated_at, authentication_method) values ($1, now(), now(), $2)`,
    [sessionId, method],
  );
  await insertRefreshToken(sql, refreshToken, userId, null, sessionId);
  await sql.query(`update auth.users set last_sign_in_at = now(), updated_at = now() where id = $1`, [userId]);
  await sql.query(`update auth.identities set last_sign_in_at = now() where user_id = $1`, [userId]);
}

export async function amrClaims(sql: SqlClient, sessionId: string): Promise<AmrClaim[]> {
  const res = await sql.query<{ method: string; ts: number }>(
    `select authentication_method as method, extract(epoch from created_at)::int as ts
     from auth.mfa_amr_claims where session_id = $1 order by created_at desc`,
    [sessionId],
  );
  return res.rows.map((r) => ({ method: r.method, timestamp: Number(r.ts) }));
}

export async function insertRefreshToken(
  sql: SqlClient,
  token: string,
  userId: string,
  parent: string | null,
  sessionId: string,
): Promise<void> {
  await sql.query(
    `insert into auth.refresh_tokens (instance_id, token, user_id, revoked, created_at, updated_at, parent, session_id)
     values ('${INSTANCE_ID}', $1, $2, false, now(), now(), $3, $4)`,
    [token, userId, parent, sessionId],
  );
}

/** A presented refresh token, locked until the transaction ends (concurrent refreshes queue). */
export async function lockRefreshToken(sql: SqlClient, token: string): Promise<RefreshTokenRow | undefined> {
  const res = await sql.query<RefreshTokenRow>(
    `select id::text, token, user_id, revoked, parent, session_id,
            extract(epoch from (now() - updated_at))::float8 as revoked_seconds_ago
     from auth.refresh_tokens where token = $1 for update`,
    [token],
  );
  return res.rows[0];
}

export async function sessionExists(sql: SqlClient, sessionId: string): Promise<boolean> {
  if (!UUID.test(sessionId)) return false;
  const res = await sql.query('select 1 from auth.sessions where id = $1', [sessionId]);
  return (res.rowCount ?? 0) > 0;
}

/** The session's newest unrevoked refresh token. */
export async function activeRefreshToken(
  sql: SqlClient,
  sessionId: string,
): Promise<{ token: string; parent: string | null } | undefined> {
  const res = await sql.query<{ token: string; parent: string | null }>(
    `select token, parent from auth.refresh_tokens where session_id = $1 and revoked = false order by id desc limit 1`,
    [sessionId],
  );
  return res.rows[0];
}

export async function revokeSessionTokens(sql: SqlClient, sessionId: string): Promise<void> {
  await sql.query(
    `update auth.refresh_tokens set revoked = true, updated_at = now() where session_id = $1 and revoked = false`,
    [sessionId],
  );
}

export async function revokeRefreshToken(sql: SqlClient, id: string): Promise<void> {
  await sql.query(`update auth.refresh_tokens set revoked = true, updated_at = now() where id = $1::bigint`, [id]);
}

export async function touchSession(sql: SqlClient, sessionId: string): Promise<void> {
  await sql.query(`update auth.sessions set refreshed_at = now(), updated_at = now() where id = $1`, [sessionId]);
}

/** Ends sessions: `local` this one, `global` all of the user's, `others` all but this one. */
export async function deleteSessions(
  sql: SqlClient,
  userId: string,
  sessionId: string | undefined,
  scope: 'global' | 'local' | 'others',
): Promise<void> {
  if (scope === 'global') await sql.query('delete from auth.sessions where user_id = $1', [userId]);
  else if (scope === 'local' && sessionId) await sql.query('delete from auth.sessions where id = $1', [sessionId]);
  else if (scope === 'others') {
    await sql.query('delete from auth.sessions where user_id = $1 and id is distinct from $2::uuid', [
      userId,
      sessionId ?? null,
    ]);
  }
}
