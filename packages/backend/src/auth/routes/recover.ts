import { Hono } from 'hono';
import type { ResolvedConfig } from '../../config/config.ts';
import { optionalString, readJson, redirectOf } from '../http.ts';
import { clientIp } from '../rate-limits.ts';
import type { UserService } from '../service/users.ts';

/**
 * POST /recover { email } (supabase-js resetPasswordForEmail; redirect_to in the query): always `{}` with 200
 * whether or not the address has an account. PKCE (code_challenge) is not supported by this backend.
 */
export function recoverRoutes(users: UserService, config: ResolvedConfig): Hono {
  const app = new Hono();
  app.post('/recover', async (c) => {
    const body = await readJson(c);
    const email = optionalString(body, 'email');
    return c.json(await users.requestRecovery(clientIp(c), { email }, redirectOf(c, config, body)));
  });
  return app;
}
