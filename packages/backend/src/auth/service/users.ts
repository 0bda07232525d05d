import type { SqlClient } from '../../db/types.ts';
import { AuthError, authErrors } from '../errors.ts';
import { sendConfirmationLink } from '../mails.ts';
import { checkPassword, hashPassword } from '../passwords.ts';
import {
  confirmEmail,
  deleteUser,
  findUserByEmail,
  findUserById,
  insertUser,
  pageOfUserIds,
  renewConfirmationToken,
  sessionExists,
  setEmail,
  setMetadata,
  setPasswordHash,
  setPendingEmailChange,
  setRecoveryToken,
  type UserRow,
} from '../repository.ts';
import { generateOtp, isValidEmail, mergeMetadata, normalizeEmail, obfuscatedUser, tokenHash } from '../users.ts';
import { loadUserJson, type AuthDependencies } from './dependencies.ts';
import { createSession, type SessionResponse } from './sessions.ts';

type Json = Record<string, unknown>;

export interface NewUser {
  email: string;
  password?: string;
  userMetadata?: Json;
  appMetadata?: Json;
  confirmed: boolean;
  confirmationToken?: string;
}

/** What PUT /user and PUT /admin/users/:id may change. */
export interface UserChanges {
  password?: string;
  /** Merged key by key into the user's metadata; a null value removes a key. */
  userMetadata?: Json;
  appMetadata?: Json;
  email?: string;
  confirmEmail?: boolean;
}

/**
 * Who changes a user. The user themself: a new password must differ from the old one, and a new address is
 * confirmed by a link sent to it (rate-limited per `ip`) unless sign-ups confirm at once. An admin: applied
 * as given.
 */
export type ChangedBy = { kind: 'self'; ip: string; redirectTo: string } | { kind: 'admin' };

const invalidEmail = () => authErrors.validation('Unable to validate email address: invalid format');

async function createUser(sql: SqlClient, input: NewUser): Promise<UserRow> {
  const id = await insertUser(sql, {
    email: normalizeEmail(input.email),
    passwordHash: input.password ? await hashPassword(input.password) : null,
    userMetadata: input.userMetadata ?? {},
    appMetadata: { provider: 'email', providers: ['email'], ...input.appMetadata },
    confirmed: input.confirmed,
    confirmationToken: input.confirmationToken,
  });
  const user = await findUserById(sql, id);
  if (!user) throw new Error('user vanished after insert');
  return user;
}

/** Sign-up, the current user, and the admin calls a seed needs. */
export function createUserService(deps: AuthDependencies) {
  const { db, config, limiter, mail, checkPasswordStrength } = deps;

  /** The user a verified access token names, as GoTrue's requireAuthentication decides it. */
  async function authenticated(sql: SqlClient, claims: Json): Promise<UserRow> {
    if (typeof claims.sub !== 'string' || !claims.sub) throw authErrors.badJwt('invalid claim: missing sub claim');
    const sessionId = typeof claims.session_id === 'string' ? claims.session_id : undefined;
    if (sessionId && !(await sessionExists(sql, sessionId))) throw authErrors.sessionNotFound();
    const user = await findUserById(sql, claims.sub);
    if (!user) throw new AuthError(403, 'user_not_found', 'User from sub claim in JWT does not exist');
    return user;
  }

  /** The one place a user's password, metadata and e-mail change, whoever asks. */
  async function applyChanges(sql: SqlClient, user: UserRow, changes: UserChanges, by: ChangedBy): Promise<Json> {
    if (changes.password !== undefined) {
      checkPasswordStrength(changes.password);
      if (by.kind === 'self' && (await checkPassword(sql, user, changes.password))) throw authErrors.samePassword();
      await setPasswordHash(sql, user.id, await hashPassword(changes.password));
    }
    if (changes.userMetadata)
      await setMetadata(sql, user.id, 'user', mergeMetadata(user.raw_user_meta_data, changes.userMetadata));
    if (changes.appMetadata)
      await setMetadata(sql, user.id, 'app', mergeMetadata(user.raw_app_meta_data, changes.appMetadata));
    if (changes.email !== undefined) {
      const email = normalizeEmail(changes.email);
      if (!isValidEmail(email)) throw invalidEmail();
      if (email !== user.email) {
        const taken = await findUserByEmail(sql, email);
        if (taken && taken.id !== user.id) throw authErrors.emailExists();
        if (by.kind === 'admin' || config.autoconfirm) {
          await setEmail(sql, user.id, email);
        } else {
          // One confirmation, sent to the new address (GoTrue with secure e-mail change off).
          limiter.emailSend(by.ip, user.email_change_sent_at);
          const otp = generateOtp();
          const hash = tokenHash(email, otp);
          await setPendingEmailChange(sql, user.id, email, hash);
          await sendConfirmationLink(sql, mail, 'email_change', { email, otp, hash, redirectTo: by.redirectTo });
        }
      }
    }
    if (changes.confirmEmail) await confirmEmail(sql, user.id);
    return loadUserJson(sql, (await findUserById(sql, user.id))!);
  }

  async function existingUser(sql: SqlClient, id: string): Promise<UserRow> {
    const user = await findUserById(sql, id);
    if (!user) throw authErrors.userNotFound();
    return user;
  }

  return {
    /**
     * POST /signup: a session at once with autoconfirm, else an unconfirmed user and a confirmation e-mail.
     * An address that already has an account answers as GoTrue does (see below) and changes nothing.
     */
    async signUp(
      ip: string,
      input: { email?: string; phone?: string; password?: string; data: Json },
      redirectTo: string,
    ): Promise<SessionResponse | Json> {
      if (!config.enableSignup) throw authErrors.signupDisabled();
      if (!input.email) {
        if (input.phone) throw new AuthError(400, 'phone_provider_disabled', 'Phone signups are disabled');
        throw authErrors.validation('An email address is required');
      }
      const email = normalizeEmail(input.email);
      if (!isValidEmail(email)) throw invalidEmail();
      limiter.signInSignUp(ip);
      const { password, data } = input;
      if (!password) throw authErrors.validation('Signup requires a valid password', 422);
      checkPasswordStrength(password);

      return db.asOwner(async (sql) => {
        const existing = await findUserByEmail(sql, email);
        if (existing?.email_confirmed_at) {
          // GoTrue: an error only when sign-ups confirm at once; otherwise a look-alike user, so the answer
          // does not tell whether the address has an account.
          if (config.autoconfirm) throw authErrors.userAlreadyExists();
          return obfuscatedUser(email, data);
        }
        if (config.autoconfirm) {
          const user = await createUser(sql, { email, password, userMetadata: data, confirmed: true });
          return createSession(deps, sql, user, 'password');
        }
        const otp = generateOtp();
        const hash = tokenHash(email, otp);
        let user: UserRow;
        limiter.emailSend(ip, existing?.confirmation_sent_at);
        if (existing) {
          // Signing up again before confirming: as GoTrue, the account is not changed (the caller's claim to
          // the address is unproven; the first password and data stay); only a new link is sent.
          await renewConfirmationToken(sql, existing.id, hash);
          user = (await findUserById(sql, existing.id))!;
        } else {
          user = await createUser(sql, {
            email,
            password,
            userMetadata: data,
            confirmed: false,
            confirmationToken: hash,
          });
        }
        await sendConfirmationLink(sql, mail, 'signup', { email, otp, hash, redirectTo });
        return loadUserJson(sql, user);
      });
    },

    /**
     * POST /recover (GoTrue's Recover and sendPasswordRecovery): a recovery mail with a link and a code when
     * the address has an account; the same empty answer when it has none, so the answer never tells. Like
     * GoTrue, a mail to one address sooner than max_frequency after the last answers 429, and only mails
     * actually sent count against the per-IP e-mail limit.
     */
    async requestRecovery(ip: string, input: { email?: string }, redirectTo: string): Promise<Json> {
      if (!input.email) throw authErrors.validation('Password recovery requires an email', 422);
      const email = normalizeEmail(input.email);
      if (!isValidEmail(email)) throw invalidEmail();
      return db.asOwner(async (sql) => {
        const user = await findUserByEmail(sql, email);
        if (!user?.email) return {};
        limiter.emailSend(ip, user.recovery_sent_at);
        const otp = generateOtp();
        const hash = tokenHash(user.email, otp);
        await setRecoveryToken(sql, user.id, hash);
        await sendConfirmationLink(sql, mail, 'recovery', { email: user.email, otp, hash, redirectTo });
        return {};
      });
    },

    /** GET /user. */
    current(claims: Json): Promise<Json> {
      return db.asOwner(async (sql) => loadUserJson(sql, await authenticated(sql, claims)));
    },

    /** PUT /user. */
    updateCurrent(claims: Json, changes: UserChanges, by: ChangedBy): Promise<Json> {
      return db.asOwner(async (sql) => applyChanges(sql, await authenticated(sql, claims), changes, by));
    },

    /** POST /admin/users. */
    async create(input: NewUser): Promise<Json> {
      const email = normalizeEmail(input.email);
      if (!isValidEmail(email)) throw invalidEmail();
      if (input.password !== undefined) checkPasswordStrength(input.password);
      return db.asOwner(async (sql) => {
        if (await findUserByEmail(sql, email)) throw authErrors.emailExists();
        return loadUserJson(sql, await createUser(sql, { ...input, email }));
      });
    },

    /** GET /admin/users: a page of users, newest first, and how many there are. */
    list(page: number, perPage: number): Promise<{ users: Json[]; total: number }> {
      return db.asOwner(async (sql) => {
        const { ids, total } = await pageOfUserIds(sql, perPage, (page - 1) * perPage);
        const users: Json[] = [];
        for (const id of ids) {
          const user = await findUserById(sql, id);
          if (user) users.push(await loadUserJson(sql, user));
        }
        return { users, total };
      });
    },

    /** GET /admin/users/:id. */
    get(id: string): Promise<Json> {
      return db.asOwner(async (sql) => loadUserJson(sql, await existingUser(sql, id)));
    },

    /** PUT /admin/users/:id. */
    update(id: string, changes: UserChanges): Promise<Json> {
      return db.asOwner(async (sql) => applyChanges(sql, await existingUser(sql, id), changes, { kind: 'admin' }));
    },

    /** DELETE /admin/users/:id. */
    async remove(id: string): Promise<void> {
      await db.asOwner(async (sql) => deleteUser(sql, (await existingUser(sql, id)).id));
    },
  };
}

export type UserService = ReturnType<typeof createUserService>;
