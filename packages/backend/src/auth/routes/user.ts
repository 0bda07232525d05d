import { Hono } from 'hono';
import type { ResolvedConfig } from '../../config/config.ts';
import { bearerClaims, readJson, redirectOf, userChanges } from '../http.ts';
import { clientIp } from '../rate-limits.ts';
import type { UserService } from '../service/users.ts';

/** The signed-in user: GET /user, PUT /user { password?, data?, email? }. */
export function userRoutes(users: UserService, config: ResolvedConfig): Hono {
  const app = new Hono();

  app.get('/user', async (c) => c.json(await users.current(await bearerClaims(c, config.jwtSecret))));

  app.put('/user', async (c) => {
    const body = await readJson(c);
    const redirectTo = redirectOf(c, config, body);
    const claims = await bearerClaims(c, config.jwtSecret);
    return c.json(
      await users.updateCurrent(claims, userChanges(body, 'data'), { kind: 'self', ip: clientIp(c), redirectTo }),
    );
  });

  return app;
}
