import { Hono } from 'hono';
import type { ResolvedConfig } from '../../config/config.ts';
import { type AuthError, authErrors } from '../errors.ts';
import { optionalString, readJson } from '../http.ts';
import { safeRedirect, withFragment } from '../redirects.ts';
import type { SessionService } from '../service/sessions.ts';
import { isValidEmail, normalizeEmail, tokenHash } from '../users.ts';

/** The types GoTrue's verifyTokenHash looks a link's token up for; any other is "Invalid email verification type". */
const LINK_TYPES = new Set(['email', 'signup', 'invite', 'recovery', 'magiclink', 'email_change']);
/** GoTrue's validatePhone: E.164 once "+" and spaces are removed. */
const E164 = /^[1-9][0-9]{1,14}$/;

/** GoTrue's oauthErrorMap: the `error` of an error redirect, by HTTP status. */
const OAUTH_ERRORS: Record<number, string> = {
  400: 'invalid_request',
  401: 'unauthorized_client',
  403: 'access_denied',
  500: 'server_error',
  503: 'temporarily_unavailable',
};

const invalidLinkType = () => authErrors.validation('Invalid email verification type');

/**
 * GET /verify: a link opened from an e-mail, answered with a redirect carrying the session (or the error) in
 * the fragment. POST /verify: the same token hash, or e-mail and one-time code, answered with the session.
 * Both check their parameters first as GoTrue's VerifyParams.Validate does (400 validation_failed, no redirect).
 */
export function verifyRoutes(sessions: SessionService, config: ResolvedConfig): Hono {
  const app = new Hono();

  app.get('/verify', async (c) => {
    const type = c.req.query('type') ?? '';
    const token = c.req.query('token') ?? '';
    if (!type) throw authErrors.validation('Verify requires a verification type');
    if (!token) throw authErrors.validation('Verify requires a token or a token hash');
    const redirectTo = safeRedirect(c.req.query('redirect_to'), config.siteUrl, config.additionalRedirectUrls);
    // GoTrue's verifyGet turns an error found while verifying (an unknown type too) into an error redirect.
    const failed = (err: AuthError) =>
      c.redirect(
        withFragment(redirectTo, {
          error: OAUTH_ERRORS[err.status] ?? '',
          error_code: err.code,
          error_description: err.message,
          sb: '',
        }),
        303,
      );
    if (!LINK_TYPES.has(type)) return failed(invalidLinkType());
    const session = await sessions.verifyLink(type, token);
    if (!session) return failed(authErrors.linkExpired());
    return c.redirect(
      withFragment(redirectTo, {
        access_token: session.access_token,
        expires_at: session.expires_at,
        expires_in: session.expires_in,
        refresh_token: session.refresh_token,
        token_type: 'bearer',
        type,
        sb: '',
      }),
      303,
    );
  });

  app.post('/verify', async (c) => {
    const body = await readJson(c);
    const type = optionalString(body, 'type') ?? '';
    const token = optionalString(body, 'token') ?? '';
    const hash = optionalString(body, 'token_hash') ?? '';
    const email = optionalString(body, 'email') ?? '';
    const phone = optionalString(body, 'phone') ?? '';
    if (!type) throw authErrors.validation('Verify requires a verification type');
    if (!token === !hash) throw authErrors.validation('Verify requires either a token or a token hash');
    if (hash) {
      if (email || phone || optionalString(body, 'redirect_to'))
        throw authErrors.validation('Only the token_hash and type should be provided');
      if (!LINK_TYPES.has(type)) throw invalidLinkType();
      const session = await sessions.verifyLink(type, hash);
      if (!session) throw authErrors.linkExpired();
      return c.json(session);
    }
    if (phone && !email) {
      if (!E164.test(phone.replace(/^\+/, '').replaceAll(' ', '')))
        throw authErrors.validation('Invalid phone number format (E.164 required)');
      // No account here has a phone: GoTrue finds no user for it.
      throw authErrors.otpExpired();
    }
    if (!email || phone)
      throw authErrors.validation('Only an email address or phone number should be provided on verify');
    if (!isValidEmail(email)) throw authErrors.validation('Invalid email format', 422);
    return c.json(await sessions.verifyCode(type, tokenHash(normalizeEmail(email), token)));
  });

  return app;
}
