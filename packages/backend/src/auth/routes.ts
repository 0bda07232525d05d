import { Hono, type Context } from 'hono';
import type { BackendContext } from '../context.ts';
import type { SqlClient } from '../db/types.ts';
import { verifyProjectJwt } from '../config/keys.ts';
import { bearerToken } from '../http/caller.ts';
import { sendMail } from '../mailbox/mailbox.ts';
import { API_VERSION, API_VERSION_HEADER, AuthError, authErrorResponse, authErrors } from './errors.ts';
import { hashPassword } from './passwords.ts';
import { createAuthRateLimiter, missingCharactersError, requiredCharacterSets } from './rate-limits.ts';
import { safeRedirect, withFragment } from './redirects.ts';
import {
  createSession,
  endSessions,
  refreshSession,
  sessionExists,
  type AuthMethod,
  type TokenSettings,
} from './sessions.ts';
import {
  checkPassword,
  confirmEmail,
  findUserBy,
  findUserByEmail,
  findUserById,
  generateOtp,
  insertUser,
  isValidEmail,
  loadUserJson,
  mergeMetadata,
  normalizeEmail,
  obfuscatedUser,
  setEmail,
  tokenHash,
  type UserRow,
} from './users.ts';

type Json = Record<string, unknown>;

async function readJson(c: Context): Promise<Json> {
  const text = await c.req.text();
  if (!text.trim()) return {};
  try {
    const value: unknown = JSON.parse(text);
    if (value && typeof value === 'object' && !Array.isArray(value)) return value as Json;
  } catch {
    /* fall through */
  }
  throw authErrors.badJson();
}

function optionalString(body: Json, key: string): string | undefined {
  const v = body[key];
  return typeof v === 'string' ? v : undefined;
}

function objectField(body: Json, key: string): Json | undefined {
  const v = body[key];
  return v && typeof v === 'object' && !Array.isArray(v) ? (v as Json) : undefined;
}

interface VerifiedCaller {
  claims: Json;
  user: UserRow;
  sessionId: string | undefined;
}

/**
 * The GoTrue subset supabase-js 2.109 uses: sign-up with e-mail confirmation, password and refresh-token
 * grants, logout scopes, the current user, e-mail verification links, settings, and the admin calls a seed
 * needs. Everything runs as the database owner (GoTrue's own role), in one transaction per request.
 */
export function authRoutes(ctx: BackendContext): Hono {
  const app = new Hono();
  const { config } = ctx;
  const limiter = createAuthRateLimiter(config.authRateLimits);
  const requiredSets = requiredCharacterSets(config.passwordRequirements);

  const tokens = (): TokenSettings => ({
    jwtSecret: config.jwtSecret,
    issuer: `${ctx.url}/auth/v1`,
    jwtExpiry: config.jwtExpiry,
    refreshTokenRotation: config.refreshTokenRotation,
    refreshTokenReuseInterval: config.refreshTokenReuseInterval,
  });

  app.use('*', async (c, next) => {
    await next();
    c.header(API_VERSION_HEADER, API_VERSION);
  });
  app.onError((err, c) => {
    if (err instanceof AuthError) return authErrorResponse(c, err);
    ctx.log(`auth error: ${err instanceof Error ? err.message : String(err)}`);
    return authErrorResponse(
      c,
      new AuthError(500, 'unexpected_failure', 'Unexpected failure, please check server logs for more information'),
    );
  });

  function checkPasswordStrength(password: string): void {
    if ([...password].length < config.minimumPasswordLength)
      throw authErrors.weakPassword(config.minimumPasswordLength);
    if (requiredSets.some((set) => ![...password].some((ch) => set.includes(ch))))
      throw missingCharactersError(requiredSets);
  }

  /** The user behind the bearer token, as GoTrue's requireAuthentication decides it. */
  async function requireUser(c: Context, sql: SqlClient): Promise<VerifiedCaller> {
    const token = bearerToken(c);
    if (!token) throw authErrors.noAuthorization();
    let claims: Json;
    try {
      claims = await verifyProjectJwt(token, config.jwtSecret);
    } catch (err) {
      throw authErrors.badJwt((err as Error).message);
    }
    if (typeof claims.sub !== 'string' || !claims.sub) throw authErrors.badJwt('invalid claim: missing sub claim');
    const sessionId = typeof claims.session_id === 'string' ? claims.session_id : undefined;
    if (sessionId && !(await sessionExists(sql, sessionId))) throw authErrors.sessionNotFound();
    const user = await findUserById(sql, claims.sub);
    if (!user) throw new AuthError(403, 'user_not_found', 'User from sub claim in JWT does not exist');
    return { claims, user, sessionId };
  }

  async function requireAdmin(c: Context): Promise<void> {
    const token = bearerToken(c);
    if (!token) throw authErrors.noAuthorization();
    let claims: Json;
    try {
      claims = await verifyProjectJwt(token, config.jwtSecret);
    } catch (err) {
      throw authErrors.badJwt((err as Error).message);
    }
    if (claims.role !== 'service_role' && claims.role !== 'supabase_admin') throw authErrors.notAdmin();
  }

  function confirmationLink(hash: string, type: string, redirectTo: string): string {
    const q = new URLSearchParams({ token: hash, type, redirect_to: redirectTo });
    return `${ctx.url}/auth/v1/verify?${q.toString()}`;
  }

  /** GoTrue's default "Confirm your signup" message, with the one-time code as well as the link. */
  async function sendConfirmation(
    sql: SqlClient,
    email: string,
    otp: string,
    hash: string,
    redirectTo: string,
  ): Promise<void> {
    const link = confirmationLink(hash, 'signup', redirectTo);
    await sendMail(sql, ctx, {
      to: email,
      subject: 'Confirm Your Signup',
      text: `Confirm your signup\n\nFollow this link to confirm your user:\n${link}\n\nAlternatively, enter the code: ${otp}`,
      html: `<h2>Confirm your signup</h2><p>Follow this link to confirm your user:</p><p><a href="${link}">Confirm your mail</a></p><p>Alternatively, enter the code: ${otp}</p>`,
      links: [{ label: 'Confirm your mail', url: link }],
      kind: 'signup',
    });
  }

  async function sendEmailChange(
    sql: SqlClient,
    email: string,
    otp: string,
    hash: string,
    redirectTo: string,
  ): Promise<void> {
    const link = confirmationLink(hash, 'email_change', redirectTo);
    await sendMail(sql, ctx, {
      to: email,
      subject: 'Confirm Email Change',
      text: `Confirm change of email\n\nFollow this link to confirm the update of your email:\n${link}\n\nAlternatively, enter the code: ${otp}`,
      html: `<h2>Confirm change of email</h2><p>Follow this link to confirm the update of your email:</p><p><a href="${link}">Change Email</a></p><p>Alternatively, enter the code: ${otp}</p>`,
      links: [{ label: 'Change Email', url: link }],
      kind: 'email_change',
    });
  }

  const redirectOf = (c: Context, body: Json = {}) =>
    safeRedirect(
      c.req.query('redirect_to') ?? optionalString(body, 'redirect_to'),
      config.siteUrl,
      config.additionalRedirectUrls,
    );

  // --- public: health, settings, keys ------------------------------------------------------------------
  app.get('/health', (c) =>
    c.json({
      version: 'v2.177.0-embedded',
      name: 'GoTrue',
      description: 'GoTrue is a user registration and authentication API',
    }),
  );
  app.get('/settings', (c) =>
    c.json({
      external: { anonymous_users: false, email: true, phone: false },
      disable_signup: !config.enableSignup,
      mailer_autoconfirm: config.autoconfirm,
      phone_autoconfirm: false,
      sms_provider: '',
      saml_enabled: false,
    }),
  );
  // HS256 projects publish no public keys; supabase-js then verifies through GET /user.
  app.get('/.well-known/jwks.json', (c) => c.json({ keys: [] }));

  // --- sign-up -----------------------------------------------------------------------------------------
  app.post('/signup', async (c) => {
    const body = await readJson(c);
    if (!config.enableSignup) throw authErrors.signupDisabled();
    const rawEmail = optionalString(body, 'email');
    if (!rawEmail) {
      if (optionalString(body, 'phone'))
        throw new AuthError(400, 'phone_provider_disabled', 'Phone signups are disabled');
      throw authErrors.validation('An email address is required');
    }
    const email = normalizeEmail(rawEmail);
    if (!isValidEmail(email)) throw authErrors.validation('Unable to validate email address: invalid format');
    limiter.signInSignUp(c, email);
    const password = optionalString(body, 'password');
    if (!password) throw authErrors.validation('Signup requires a valid password', 422);
    checkPasswordStrength(password);
    const data = objectField(body, 'data') ?? {};
    const redirectTo = redirectOf(c, body);

    const result = await ctx.db.asOwner(async (sql) => {
      const existing = await findUserByEmail(sql, email);
      if (existing?.email_confirmed_at) {
        // GoTrue: an error only when sign-ups confirm at once; otherwise a look-alike user, so the answer
        // does not tell whether the address has an account.
        if (config.autoconfirm) throw authErrors.userAlreadyExists();
        return obfuscatedUser(email, data);
      }
      if (config.autoconfirm) {
        const user = await insertUser(sql, { email, password, userMetadata: data, confirmed: true });
        return createSession(sql, user, 'password', tokens());
      }
      const otp = generateOtp();
      const hash = tokenHash(email, otp);
      let user: UserRow;
      limiter.emailSend(c, existing?.confirmation_sent_at);
      if (existing) {
        // Signing up again before confirming: as GoTrue, the account is not changed (the caller's claim to the
        // address is unproven; the first password and data stay); only a new link is sent.
        await sql.query(
          `update auth.users set confirmation_token = $2, confirmation_sent_at = now(), updated_at = now() where id = $1`,
          [existing.id, hash],
        );
        user = (await findUserById(sql, existing.id))!;
      } else {
        user = await insertUser(sql, {
          email,
          password,
          userMetadata: data,
          confirmed: false,
          confirmationToken: hash,
        });
      }
      await sendConfirmation(sql, email, otp, hash, redirectTo);
      return loadUserJson(sql, user);
    });
    return c.json(result);
  });

  // --- tokens ------------------------------------------------------------------------------------------
  app.post('/token', async (c) => {
    const grant = c.req.query('grant_type');
    const body = await readJson(c);
    if (grant === 'password') {
      const rawEmail = optionalString(body, 'email');
      const password = optionalString(body, 'password') ?? '';
      if (!rawEmail) {
        if (optionalString(body, 'phone')) throw authErrors.invalidCredentials();
        throw authErrors.validation('missing email or phone');
      }
      limiter.signInSignUp(c, normalizeEmail(rawEmail));
      const session = await ctx.db.asOwner(async (sql) => {
        const user = await findUserByEmail(sql, normalizeEmail(rawEmail));
        if (!(await checkPassword(sql, user, password)) || !user) throw authErrors.invalidCredentials();
        if (user.banned_until && new Date(user.banned_until) > new Date())
          throw new AuthError(400, 'user_banned', 'User is banned');
        if (!user.email_confirmed_at) throw authErrors.emailNotConfirmed();
        return createSession(sql, user, 'password', tokens());
      });
      return c.json(session);
    }
    if (grant === 'refresh_token') {
      limiter.tokenRefresh(c);
      const presented = optionalString(body, 'refresh_token');
      if (!presented) throw authErrors.refreshTokenNotFound();
      const session = await ctx.db.asOwner((sql) =>
        refreshSession(sql, presented, (id) => findUserById(sql, id), tokens()),
      );
      if (session instanceof AuthError) throw session;
      return c.json(session);
    }
    throw authErrors.unsupportedGrant();
  });

  // --- logout ------------------------------------------------------------------------------------------
  app.post('/logout', async (c) => {
    const scopeParam = c.req.query('scope') ?? 'global';
    if (!['global', 'local', 'others'].includes(scopeParam)) {
      throw authErrors.validation(`Unsupported logout scope "${scopeParam}"`);
    }
    const scope = scopeParam as 'global' | 'local' | 'others';
    const token = bearerToken(c);
    if (!token) throw authErrors.noAuthorization();
    let claims: Json;
    try {
      claims = await verifyProjectJwt(token, config.jwtSecret);
    } catch (err) {
      throw authErrors.badJwt((err as Error).message);
    }
    if (typeof claims.sub !== 'string') throw authErrors.badJwt('invalid claim: missing sub claim');
    const sessionId = typeof claims.session_id === 'string' ? claims.session_id : undefined;
    await ctx.db.asOwner((sql) => endSessions(sql, claims.sub as string, sessionId, scope));
    return c.body(null, 204);
  });

  // --- the current user --------------------------------------------------------------------------------
  app.get('/user', async (c) => {
    const json = await ctx.db.asOwner(async (sql) => loadUserJson(sql, (await requireUser(c, sql)).user));
    return c.json(json);
  });

  app.put('/user', async (c) => {
    const body = await readJson(c);
    const redirectTo = redirectOf(c, body);
    const json = await ctx.db.asOwner(async (sql) => {
      const { user } = await requireUser(c, sql);
      const password = optionalString(body, 'password');
      if (password !== undefined) {
        checkPasswordStrength(password);
        if (await checkPassword(sql, user, password)) throw authErrors.samePassword();
        await sql.query('update auth.users set encrypted_password = $2, updated_at = now() where id = $1', [
          user.id,
          await hashPassword(password),
        ]);
      }
      const data = objectField(body, 'data');
      if (data) {
        await sql.query('update auth.users set raw_user_meta_data = $2, updated_at = now() where id = $1', [
          user.id,
          JSON.stringify(mergeMetadata(user.raw_user_meta_data, data)),
        ]);
      }
      const rawEmail = optionalString(body, 'email');
      if (rawEmail !== undefined) {
        const email = normalizeEmail(rawEmail);
        if (!isValidEmail(email)) throw authErrors.validation('Unable to validate email address: invalid format');
        if (email !== user.email) {
          const taken = await findUserByEmail(sql, email);
          if (taken && taken.id !== user.id) throw authErrors.emailExists();
          if (config.autoconfirm) {
            await setEmail(sql, user.id, email);
          } else {
            // One confirmation, sent to the new address (GoTrue with secure e-mail change off).
            limiter.emailSend(c, user.email_change_sent_at);
            const otp = generateOtp();
            const hash = tokenHash(email, otp);
            await sql.query(
              `update auth.users set email_change = $2, email_change_token_new = $3, email_change_sent_at = now(),
                 email_change_confirm_status = 0, updated_at = now() where id = $1`,
              [user.id, email, hash],
            );
            await sendEmailChange(sql, email, otp, hash, redirectTo);
          }
        }
      }
      return loadUserJson(sql, (await findUserById(sql, user.id))!);
    });
    return c.json(json);
  });

  // --- verification links ------------------------------------------------------------------------------
  /** Consumes a confirmation token; returns the user it confirmed, or undefined when invalid or expired. */
  async function consumeToken(
    sql: SqlClient,
    type: string,
    hash: string,
  ): Promise<{ user: UserRow; method: AuthMethod } | undefined> {
    if (type === 'signup' || type === 'email' || type === 'magiclink' || type === 'invite') {
      const user = await findUserBy(sql, 'confirmation_token', hash);
      if (!user || !user.confirmation_sent_at) return undefined;
      if (Date.now() - new Date(user.confirmation_sent_at).getTime() > config.otpExpiry * 1000) return undefined;
      await confirmEmail(sql, user.id);
      return { user: (await findUserById(sql, user.id))!, method: 'otp' };
    }
    if (type === 'email_change') {
      const user = await findUserBy(sql, 'email_change_token_new', hash);
      if (!user || !user.email_change || !user.email_change_sent_at) return undefined;
      if (Date.now() - new Date(user.email_change_sent_at).getTime() > config.otpExpiry * 1000) return undefined;
      const taken = await findUserByEmail(sql, user.email_change);
      if (taken && taken.id !== user.id) return undefined;
      await setEmail(sql, user.id, user.email_change);
      return { user: (await findUserById(sql, user.id))!, method: 'email_change' };
    }
    return undefined;
  }

  app.get('/verify', async (c) => {
    const type = c.req.query('type') ?? '';
    const token = c.req.query('token') ?? '';
    const redirectTo = safeRedirect(c.req.query('redirect_to'), config.siteUrl, config.additionalRedirectUrls);
    const outcome = await ctx.db.asOwner(async (sql) => {
      const consumed = await consumeToken(sql, type, token);
      if (!consumed) return undefined;
      return createSession(sql, consumed.user, consumed.method, tokens());
    });
    if (!outcome) {
      return c.redirect(
        withFragment(redirectTo, {
          error: 'access_denied',
          error_code: 'otp_expired',
          error_description: 'Email link is invalid or has expired',
        }),
        303,
      );
    }
    return c.redirect(
      withFragment(redirectTo, {
        access_token: outcome.access_token,
        expires_at: outcome.expires_at,
        expires_in: outcome.expires_in,
        refresh_token: outcome.refresh_token,
        token_type: 'bearer',
        type,
      }),
      303,
    );
  });

  app.post('/verify', async (c) => {
    const body = await readJson(c);
    const type = optionalString(body, 'type') ?? '';
    let hash = optionalString(body, 'token_hash');
    if (!hash) {
      const email = optionalString(body, 'email');
      const otp = optionalString(body, 'token');
      if (!email || !otp)
        throw authErrors.validation('Only an email address or phone number should be provided on verify');
      hash = tokenHash(normalizeEmail(email), otp);
    }
    const session = await ctx.db.asOwner(async (sql) => {
      const consumed = await consumeToken(sql, type, hash);
      if (!consumed) throw authErrors.otpExpired();
      return createSession(sql, consumed.user, consumed.method, tokens());
    });
    return c.json(session);
  });

  // --- admin (service_role) ----------------------------------------------------------------------------
  app.post('/admin/users', async (c) => {
    await requireAdmin(c);
    const body = await readJson(c);
    const rawEmail = optionalString(body, 'email');
    if (!rawEmail) throw authErrors.validation('Unable to validate email address: invalid format');
    const email = normalizeEmail(rawEmail);
    if (!isValidEmail(email)) throw authErrors.validation('Unable to validate email address: invalid format');
    const password = optionalString(body, 'password');
    if (password !== undefined) checkPasswordStrength(password);
    const json = await ctx.db.asOwner(async (sql) => {
      if (await findUserByEmail(sql, email)) throw authErrors.emailExists();
      const user = await insertUser(sql, {
        email,
        password,
        userMetadata: objectField(body, 'user_metadata') ?? objectField(body, 'data') ?? {},
        appMetadata: objectField(body, 'app_metadata'),
        confirmed: body.email_confirm === true,
      });
      return loadUserJson(sql, user);
    });
    return c.json(json);
  });

  app.get('/admin/users', async (c) => {
    await requireAdmin(c);
    const page = Math.max(Number(c.req.query('page')) || 1, 1);
    const perPage = Math.min(Math.max(Number(c.req.query('per_page')) || 50, 1), 1000);
    const { users, total } = await ctx.db.asOwner(async (sql) => {
      const count = await sql.query<{ n: number }>(
        'select count(*)::int as n from auth.users where deleted_at is null',
      );
      const ids = await sql.query<{ id: string }>(
        'select id from auth.users where deleted_at is null order by created_at desc, id limit $1 offset $2',
        [perPage, (page - 1) * perPage],
      );
      const list: Json[] = [];
      for (const { id } of ids.rows) {
        const user = await findUserById(sql, id);
        if (user) list.push(await loadUserJson(sql, user));
      }
      return { users: list, total: count.rows[0]?.n ?? 0 };
    });
    const lastPage = Math.max(Math.ceil(total / perPage), 1);
    const base = `${ctx.url}/auth/v1/admin/users`;
    const links = [];
    if (page < lastPage) links.push(`<${base}?page=${page + 1}&per_page=${perPage}>; rel="next"`);
    links.push(`<${base}?page=${lastPage}&per_page=${perPage}>; rel="last"`);
    c.header('x-total-count', String(total));
    c.header('link', links.join(', '));
    return c.json({ users, aud: 'authenticated' });
  });

  app.get('/admin/users/:id', async (c) => {
    await requireAdmin(c);
    const json = await ctx.db.asOwner(async (sql) => {
      const user = await findUserById(sql, c.req.param('id'));
      if (!user) throw authErrors.userNotFound();
      return loadUserJson(sql, user);
    });
    return c.json(json);
  });

  app.put('/admin/users/:id', async (c) => {
    await requireAdmin(c);
    const body = await readJson(c);
    const json = await ctx.db.asOwner(async (sql) => {
      const user = await findUserById(sql, c.req.param('id'));
      if (!user) throw authErrors.userNotFound();
      const password = optionalString(body, 'password');
      if (password !== undefined) {
        checkPasswordStrength(password);
        await sql.query('update auth.users set encrypted_password = $2, updated_at = now() where id = $1', [
          user.id,
          await hashPassword(password),
        ]);
      }
      const userMeta = objectField(body, 'user_metadata');
      if (userMeta) {
        await sql.query('update auth.users set raw_user_meta_data = $2, updated_at = now() where id = $1', [
          user.id,
          JSON.stringify(mergeMetadata(user.raw_user_meta_data, userMeta)),
        ]);
      }
      const appMeta = objectField(body, 'app_metadata');
      if (appMeta) {
        await sql.query('update auth.users set raw_app_meta_data = $2, updated_at = now() where id = $1', [
          user.id,
          JSON.stringify(mergeMetadata(user.raw_app_meta_data, appMeta)),
        ]);
      }
      const rawEmail = optionalString(body, 'email');
      if (rawEmail !== undefined && normalizeEmail(rawEmail) !== user.email) {
        const email = normalizeEmail(rawEmail);
        if (!isValidEmail(email)) throw authErrors.validation('Unable to validate email address: invalid format');
        if (await findUserByEmail(sql, email)) throw authErrors.emailExists();
        await setEmail(sql, user.id, email);
      }
      if (body.email_confirm === true) await confirmEmail(sql, user.id);
      return loadUserJson(sql, (await findUserById(sql, user.id))!);
    });
    return c.json(json);
  });

  app.delete('/admin/users/:id', async (c) => {
    await requireAdmin(c);
    await ctx.db.asOwner(async (sql) => {
      const user = await findUserById(sql, c.req.param('id'));
      if (!user) throw authErrors.userNotFound();
      await sql.query('delete from auth.users where id = $1', [user.id]);
    });
    return c.json({});
  });

  app.notFound((c) => authErrorResponse(c, authErrors.notFound()));
  return app;
}
