import { Hono } from 'hono';
import type { ResolvedConfig } from '../../config/config.ts';
import { objectField, optionalString, readJson, redirectOf } from '../http.ts';
import { clientIp } from '../rate-limits.ts';
import type { UserService } from '../service/users.ts';

/** POST /signup: { email, password, data? } -> a session (autoconfirm) or the unconfirmed user. */
export function signupRoutes(users: UserService, config: ResolvedConfig): Hono {
  const app = new Hono();
  app.post('/signup', async (c) => {
    const body = await readJson(c);
    const input = {
      email: optionalString(body, 'email'),
      phone: optionalString(body, 'phone'),
      password: optionalString(body, 'password'),
      data: objectField(body, 'data') ?? {},
    };
    return c.json(await users.signUp(clientIp(c), input, redirectOf(c, config, body)));
  });
  return app;
}
