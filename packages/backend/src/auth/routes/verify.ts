import { Hono } from 'hono';
import type { ResolvedConfig } from '../../config/config.ts';
import { authErrors } from '../errors.ts';
import { optionalString, readJson } from '../http.ts';
import { safeRedirect, withFragment } from '../redirects.ts';
import type { SessionService } from '../service/sessions.ts';
import { normalizeEmail, tokenHash } from '../users.ts';

/**
 * GET /verify: a link opened from an e-mail, answered with a redirect carrying the session (or the error) in
 * the fragment. POST /verify: the same token hash, or e-mail and one-time code, answered with the session.
 */
export function verifyRoutes(sessions: SessionService, config: ResolvedConfig): Hono {
  const app = new Hono();

  app.get('/verify', async (c) => {
    const type = c.req.query('type') ?? '';
    const redirectTo = safeRedirect(c.req.query('redirect_to'), config.siteUrl, config.additionalRedirectUrls);
    const session = await sessions.verifyLink(type, c.req.query('token') ?? '');
    if (!session) {
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
        access_token: session.access_token,
        expires_at: session.expires_at,
        expires_in: session.expires_in,
        refresh_token: session.refresh_token,
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
    return c.json(await sessions.verifyCode(type, hash));
  });

  return app;
}
