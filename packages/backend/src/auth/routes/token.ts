import { Hono } from 'hono';
import { authErrors } from '../errors.ts';
import { bearerClaims, optionalString, readJson } from '../http.ts';
import { clientIp } from '../rate-limits.ts';
import type { LogoutScope, SessionService } from '../service/sessions.ts';

const LOGOUT_SCOPES: readonly LogoutScope[] = ['global', 'local', 'others'];

/** POST /token (grant_type password or refresh_token) and POST /logout?scope=. */
export function tokenRoutes(sessions: SessionService, jwtSecret: string): Hono {
  const app = new Hono();

  app.post('/token', async (c) => {
    const grant = c.req.query('grant_type');
    const body = await readJson(c);
    if (grant === 'password') {
      const input = {
        email: optionalString(body, 'email'),
        phone: optionalString(body, 'phone'),
        password: optionalString(body, 'password') ?? '',
      };
      return c.json(await sessions.passwordGrant(clientIp(c), input));
    }
    if (grant === 'refresh_token')
      return c.json(await sessions.refreshGrant(clientIp(c), optionalString(body, 'refresh_token')));
    throw authErrors.unsupportedGrant();
  });

  app.post('/logout', async (c) => {
    const requested = c.req.query('scope') ?? 'global';
    const scope = LOGOUT_SCOPES.find((s) => s === requested);
    if (!scope) throw authErrors.validation(`Unsupported logout scope "${requested}"`);
    const claims = await bearerClaims(c, jwtSecret);
    if (typeof claims.sub !== 'string') throw authErrors.badJwt('invalid claim: missing sub claim');
    const sessionId = typeof claims.session_id === 'string' ? claims.session_id : undefined;
    await sessions.logout(claims.sub, sessionId, scope);
    return c.body(null, 204);
  });

  return app;
}
