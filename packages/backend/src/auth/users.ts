import { createHash, randomBytes, randomInt, randomUUID } from 'node:crypto';
import type { SqlClient } from '../db/types.ts';
import { dummyPasswordHash, hashPassword, isScryptHash, verifyScrypt } from './passwords.ts';

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

interface IdentityRow {
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

const USER_COLUMNS = `id, aud, role, email, encrypted_password, email_confirmed_at, confirmation_token,
  confirmation_sent_at, email_change, email_change_token_new, email_change_sent_at, last_sign_in_at,
  raw_app_meta_data, raw_user_meta_data, created_at, updated_at, phone, phone_confirmed_at, banned_until,
  deleted_at, coalesce(is_anonymous, false) as is_anonymous`;

const EMAIL_PATTERN =
  /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)+$/;

export function isValidEmail(email: string): boolean {
  return email.length <= 255 && EMAIL_PATTERN.test(email);
}

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** GoTrue's token hash: hex SHA-224 of e-mail + one-time code. The link carries it; the row stores it. */
export function tokenHash(email: string, otp: string): string {
  return createHash('sha224')
    .update(email + otp)
    .digest('hex');
}

export function generateOtp(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0');
}

/** An opaque refresh token (GoTrue's are short random strings). */
export function generateRefreshToken(): string {
  return randomBytes(16).toString('base64url');
}

export async function findUserByEmail(sql: SqlClient, email: string): Promise<UserRow | undefined> {
  const res = await sql.query<UserRow>(
    `select ${USER_COLUMNS} from auth.users where lower(email) = lower($1) and deleted_at is null`,
    [email],
  );
  return res.rows[0];
}

export async function findUserById(sql: SqlClient, id: string): Promise<UserRow | undefined> {
  if (!/^[0-9a-f-]{36}$/i.test(id)) return undefined;
  const res = await sql.query<UserRow>(`select ${USER_COLUMNS} from auth.users where id = $1 and deleted_at is null`, [
    id,
  ]);
  return res.rows[0];
}

export async function findUserBy(
  sql: SqlClient,
  column: 'confirmation_token' | 'email_change_token_new',
  value: string,
): Promise<UserRow | undefined> {
  if (!value) return undefined;
  const res = await sql.query<UserRow>(
    `select ${USER_COLUMNS} from auth.users where ${column} = $1 and deleted_at is null`,
    [value],
  );
  return res.rows[0];
}

/** Checks a password against the stored hash: ours (scrypt) or bcrypt (pgcrypto's crypt(), as seeds write). */
export async function checkPassword(sql: SqlClient, user: UserRow | undefined, password: string): Promise<boolean> {
  const hash = user?.encrypted_password;
  if (!hash) {
    await verifyScrypt(password, await dummyPasswordHash());
    return false;
  }
  if (isScryptHash(hash)) return verifyScrypt(password, hash);
  if (/^\$2[aby]\$/.test(hash)) {
    // pgcrypto lives in `extensions` on Supabase, but a project may have created it elsewhere.
    await sql.query(`select set_config('search_path', 'extensions, public, pg_catalog', true)`);
    const res = await sql.query<{ ok: boolean }>('select crypt($1, $2) = $2 as ok', [password, hash]);
    return res.rows[0]?.ok === true;
  }
  return false;
}

export interface NewUser {
  email: string;
  password?: string;
  userMetadata?: Record<string, unknown>;
  appMetadata?: Record<string, unknown>;
  confirmed: boolean;
  confirmationToken?: string;
}

export async function insertUser(sql: SqlClient, input: NewUser): Promise<UserRow> {
  const id = randomUUID();
  const now = new Date();
  const email = normalizeEmail(input.email);
  const userMeta = { ...input.userMetadata, sub: id, email, email_verified: input.confirmed, phone_verified: false };
  const appMeta = { provider: 'email', providers: ['email'], ...input.appMetadata };
  await sql.query(
    `insert into auth.users (instance_id, id, aud, role, email, encrypted_password, email_confirmed_at, confirmation_token,
       confirmation_sent_at, raw_app_meta_data, raw_user_meta_data, created_at, updated_at, is_anonymous, is_super_admin)
     values ('00000000-0000-0000-0000-000000000000', $1, 'authenticated', 'authenticated', $2, $3, $4, $5, $6, $7, $8, $9, $9, false, false)`,
    [
      id,
      email,
      input.password ? await hashPassword(input.password) : null,
      input.confirmed ? now : null,
      input.confirmationToken ?? '',
      input.confirmationToken ? now : null,
      JSON.stringify(appMeta),
      JSON.stringify(userMeta),
      now,
    ],
  );
  await sql.query(
    `insert into auth.identities (provider_id, user_id, identity_data, provider, last_sign_in_at, created_at, updated_at)
     values ($1, $4, $2, 'email', $3, $3, $3)`,
    [id, JSON.stringify({ sub: id, email, email_verified: input.confirmed, phone_verified: false }), now, id],
  );
  const user = await findUserById(sql, id);
  if (!user) throw new Error('user vanished after insert');
  return user;
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

/** GoTrue merges metadata updates key by key; a null value removes the key. */
export function mergeMetadata(
  current: Record<string, unknown> | null,
  update: Record<string, unknown>,
): Record<string, unknown> {
  const merged: Record<string, unknown> = { ...current };
  for (const [key, value] of Object.entries(update)) {
    if (value === null) delete merged[key];
    else merged[key] = value;
  }
  return merged;
}

export async function listIdentities(sql: SqlClient, userId: string): Promise<IdentityRow[]> {
  const res = await sql.query<IdentityRow>(
    `select id, provider_id, user_id, identity_data, provider, last_sign_in_at, created_at, updated_at, email
     from auth.identities where user_id = $1 order by created_at`,
    [userId],
  );
  return res.rows;
}

function iso(d: Date | null | undefined): string | undefined {
  return d ? new Date(d).toISOString() : undefined;
}

/** The user object GoTrue returns (fields it omits when empty are omitted here too). */
export function userJson(user: UserRow, identities: IdentityRow[]): Record<string, unknown> {
  const json: Record<string, unknown> = {
    id: user.id,
    aud: user.aud ?? 'authenticated',
    role: user.role ?? 'authenticated',
    email: user.email ?? '',
    email_confirmed_at: iso(user.email_confirmed_at),
    phone: user.phone ?? '',
    confirmation_sent_at: iso(user.confirmation_sent_at),
    confirmed_at: iso(user.email_confirmed_at ?? user.phone_confirmed_at),
    last_sign_in_at: iso(user.last_sign_in_at),
    app_metadata: user.raw_app_meta_data ?? {},
    user_metadata: user.raw_user_meta_data ?? {},
    identities: identities.map((i) => ({
      identity_id: i.id,
      id: i.provider_id,
      user_id: i.user_id,
      identity_data: i.identity_data,
      provider: i.provider,
      last_sign_in_at: iso(i.last_sign_in_at),
      created_at: iso(i.created_at),
      updated_at: iso(i.updated_at),
      email: i.email ?? undefined,
    })),
    created_at: iso(user.created_at),
    updated_at: iso(user.updated_at),
    is_anonymous: user.is_anonymous,
  };
  if (user.email_change) {
    json.new_email = user.email_change;
    json.email_change_sent_at = iso(user.email_change_sent_at);
  }
  if (user.banned_until) json.banned_until = iso(user.banned_until);
  return json;
}

export async function loadUserJson(sql: SqlClient, user: UserRow): Promise<Record<string, unknown>> {
  return userJson(user, await listIdentities(sql, user.id));
}

/**
 * What GoTrue answers to a sign-up for an already confirmed address when confirmations are on: a
 * plausible user with a fresh id and no identities, so the response does not reveal who has an account.
 */
export function obfuscatedUser(email: string, data: Record<string, unknown>): Record<string, unknown> {
  const now = new Date().toISOString();
  return {
    id: randomUUID(),
    aud: 'authenticated',
    role: '',
    email,
    phone: '',
    confirmation_sent_at: now,
    app_metadata: { provider: 'email', providers: ['email'] },
    user_metadata: data,
    identities: [],
    created_at: now,
    updated_at: now,
    is_anonymous: false,
  };
}
