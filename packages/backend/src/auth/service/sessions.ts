import { randomUUID } from 'node:crypto';
import type { SqlClient } from '../../db/types.ts';
import { signAccessToken } from '../access-tokens.ts';
import { AuthError, authErrors } from '../errors.ts';
import { checkPassword } from '../passwords.ts';
import {
  activeRefreshToken,
  amrClaims,
  clearRecoveryToken,
  confirmEmail,
  deleteSessions,
  findUserByEmail,
  findUserById,
  findUserByToken,
  insertRefreshToken,
  insertSession,
  lockRefreshToken,
  revokeRefreshToken,
  revokeSessionTokens,
  sessionExists,
  setEmail,
  touchSession,
  type UserRow,
} from '../repository.ts';
import { generateRefreshToken, normalizeEmail } from '../users.ts';
import { loadUserJson, type AuthDependencies } from './dependencies.ts';

export type AuthMethod = 'password' | 'otp' | 'email/signup' | 'email_change' | 'recovery';

export type LogoutScope = 'global' | 'local' | 'others';

/** The session body supabase-js stores: tokens, lifetimes and the user. */
async function sessionJson(deps: AuthDependencies, sql: SqlClient, user: UserRow, sessionId: string, refreshToken: string) {
  const settings = deps.tokens();
  const { token, exp } = await signAccessToken(user, sessionId, await amrClaims(sql, sessionId), settings);
  return {
    access_token: token,
    token_type: 'bearer',
    expires_in: settings.jwtExpiry,
    expires_at: exp,
    refresh_token: refreshToken,
    user: await loadUserJson(sql, user),
  };
}

export type SessionResponse = Awaited<ReturnType<typeof sessionJson>>;

/** Starts a session for a user who just proved who they are. */
export async function createSession(
  deps: AuthDependencies,
  sql: SqlClient,
  user: UserRow,
  method: AuthMethod,
): Promise<SessionResponse> {
  const sessionId = randomUUID();
  const refreshToken = generateRefreshToken();
  await insertSession(sql, sessionId, user.id, method, refreshToken);
  return sessionJson(deps, sql, { ...user, last_sign_in_at: new Date() }, sessionId, refreshToken);
}

/**
 * The refresh_token grant. The presented token is revoked and a child issued (rotation). A revoked token is
 * honoured when it is the parent of the session's active token (the active one is returned), or within the
 * reuse interval (a new child is issued); any other reuse revokes the session's tokens and is refused.
 */
async function refreshSession(deps: AuthDependencies, sql: SqlClient, presented: string): Promise<SessionResponse | AuthError> {
  const settings = deps.tokens();
  const row = await lockRefreshToken(sql, presented);
  if (!row || !row.session_id) throw authErrors.refreshTokenNotFound();
  const sessionId = row.session_id;
  if (!(await sessionExists(sql, sessionId))) throw authErrors.refreshTokenNotFound();
  const user = await findUserById(sql, row.user_id);
  if (!user) throw authErrors.refreshTokenNotFound();

  if (row.revoked) {
    const active = await activeRefreshToken(sql, sessionId);
    // As GoTrue's RefreshTokenGrant: the parent of the active token (a client that missed the answer to its
    // refresh) gets the active token back, at any time; any other revoked token only within the reuse
    // interval (then it is swapped for a new child); past it the session's token family is revoked.
    if (active && active.parent === row.token) return sessionJson(deps, sql, user, sessionId, active.token);
    if (row.revoked_seconds_ago >= settings.refreshTokenReuseInterval) {
      if (settings.refreshTokenRotation) await revokeSessionTokens(sql, sessionId);
      // Returned, not thrown: the revocation must commit.
      return authErrors.refreshTokenAlreadyUsed();
    }
  }

  let token = row.token;
  if (settings.refreshTokenRotation) {
    // A token reused within the interval stays revoked as it was (its updated_at keeps the interval running).
    if (!row.revoked) await revokeRefreshToken(sql, row.id);
    token = generateRefreshToken();
    await insertRefreshToken(sql, token, user.id, row.token, sessionId);
  }
  await touchSession(sql, sessionId);
  return sessionJson(deps, sql, user, sessionId, token);
}

/** Sign-in, refresh, sign-out and the confirmation links that sign a user in. */
export function createSessionService(deps: AuthDependencies) {
  const { db, config, limiter } = deps;

  /** Consumes a confirmation token; returns the user it confirmed, or undefined when invalid or expired. */
  async function consumeToken(
    sql: SqlClient,
    type: string,
    hash: string,
  ): Promise<{ user: UserRow; method: AuthMethod } | undefined> {
    const fresh = (sentAt: Date) => Date.now() - new Date(sentAt).getTime() <= config.otpExpiry * 1000;
    if (type === 'signup' || type === 'email' || type === 'magiclink' || type === 'invite') {
      const user = await findUserByToken(sql, 'confirmation_token', hash);
      if (!user || !user.confirmation_sent_at || !fresh(user.confirmation_sent_at)) return undefined;
      await confirmEmail(sql, user.id);
      return { user: (await findUserById(sql, user.id))!, method: 'otp' };
    }
    if (type === 'recovery') {
      // GoTrue's recoverVerify: the token is consumed, and an address not yet confirmed is confirmed by it
      // (the link reached the mailbox); the session's method is "recovery".
      const user = await findUserByToken(sql, 'recovery_token', hash);
      if (!user || !user.recovery_sent_at || !fresh(user.recovery_sent_at)) return undefined;
      await clearRecoveryToken(sql, user.id);
      if (!user.email_confirmed_at) await confirmEmail(sql, user.id);
      return { user: (await findUserById(sql, user.id))!, method: 'recovery' };
    }
    if (type === 'email_change') {
      const user = await findUserByToken(sql, 'email_change_token_new', hash);
      if (!user || !user.email_change || !user.email_change_sent_at || !fresh(user.email_change_sent_at))
        return undefined;
      const taken = await findUserByEmail(sql, user.email_change);
      if (taken && taken.id !== user.id) return undefined;
      await setEmail(sql, user.id, user.email_change);
      return { user: (await findUserById(sql, user.id))!, method: 'email_change' };
    }
    return undefined;
  }

  /** A link opened from an e-mail: a session, or undefined when the link is invalid or expired. */
  function verifyLink(type: string, hash: string): Promise<SessionResponse | undefined> {
    return db.asOwner(async (sql) => {
      const consumed = await consumeToken(sql, type, hash);
      if (!consumed) return undefined;
      return createSession(deps, sql, consumed.user, consumed.method);
    });
  }

  return {
    /** grant_type=password; e-mail sign-ins only (a phone is never a known account here). */
    async passwordGrant(
      ip: string,
      input: { email?: string; phone?: string; password: string },
    ): Promise<SessionResponse> {
      if (!input.email) {
        if (input.phone) throw authErrors.invalidCredentials();
        throw authErrors.validation('missing email or phone');
      }
      const email = normalizeEmail(input.email);
      limiter.signInSignUp(ip);
      // Outside the transaction: a slowed guess holds no database session.
      await limiter.slowGuessing(email);
      return db.asOwner(async (sql) => {
        const user = await findUserByEmail(sql, email);
        if (!(await checkPassword(sql, user, input.password)) || !user) {
          limiter.failedSignIn(email);
          throw authErrors.invalidCredentials();
        }
        if (user.banned_until && new Date(user.banned_until) > new Date())
          throw new AuthError(400, 'user_banned', 'User is banned');
        if (!user.email_confirmed_at) throw authErrors.emailNotConfirmed();
        return createSession(deps, sql, user, 'password');
      });
    },

    /** grant_type=refresh_token. */
    async refreshGrant(ip: string, presented: string | undefined): Promise<SessionResponse> {
      limiter.tokenRefresh(ip);
      if (!presented) throw authErrors.refreshTokenNotFound();
      const session = await db.asOwner((sql) => refreshSession(deps, sql, presented));
      if (session instanceof AuthError) throw session;
      return session;
    },

    async logout(userId: string, sessionId: string | undefined, scope: LogoutScope): Promise<void> {
      await db.asOwner((sql) => deleteSessions(sql, userId, sessionId, scope));
    },

    verifyLink,

    /** A token hash or one-time code typed into the app: a session, or otp_expired. */
    async verifyCode(type: string, hash: string): Promise<SessionResponse> {
      const session = await verifyLink(type, hash);
      if (!session) throw authErrors.otpExpired();
      return session;
    },
  };
}

export type SessionService = ReturnType<typeof createSessionService>;
