import { Hono } from 'hono';
import type { BackendContext } from '../../context.ts';
import { objectField, optionalString, readJson, requireAdmin, userChanges } from '../http.ts';
import type { UserService } from '../service/users.ts';

/** /admin/users: create, list (paged, with GoTrue's Link and X-Total-Count), get, update, delete. */
export function adminRoutes(users: UserService, ctx: BackendContext): Hono {
  const app = new Hono();
  const { jwtSecret } = ctx.config;

  app.post('/admin/users', async (c) => {
    await requireAdmin(c, jwtSecret);
    const body = await readJson(c);
    const user = await users.create({
      email: optionalString(body, 'email') ?? '',
      password: optionalString(body, 'password'),
      userMetadata: objectField(body, 'user_metadata') ?? objectField(body, 'data') ?? {},
      appMetadata: objectField(body, 'app_metadata'),
      confirmed: body.email_confirm === true,
    });
    return c.json(user);
  });

  app.get('/admin/users', async (c) => {
    await requireAdmin(c, jwtSecret);
    const page = Math.max(Number(c.req.query('page')) || 1, 1);
    const perPage = Math.min(Math.max(Number(c.req.query('per_page')) || 50, 1), 1000);
    const { users: list, total } = await users.list(page, perPage);
    const lastPage = Math.max(Math.ceil(total / perPage), 1);
    const base = `${ctx.url}/auth/v1/admin/users`;
    const links = [];
    if (page < lastPage) links.push(`<${base}?page=${page + 1}&per_page=${perPage}>; rel="next"`);
    links.push(`<${base}?page=${lastPage}&per_page=${perPage}>; rel="last"`);
    c.header('x-total-count', String(total));
    c.header('link', links.join(', '));
    return c.json({ users: list, aud: 'authenticated' });
  });

  app.get('/admin/users/:id', async (c) => {
    await requireAdmin(c, jwtSecret);
    return c.json(await users.get(c.req.param('id')));
  });

  app.put('/admin/users/:id', async (c) => {
    await requireAdmin(c, jwtSecret);
    const body = await readJson(c);
    return c.json(await users.update(c.req.param('id'), userChanges(body, 'user_metadata')));
  });

  app.delete('/admin/users/:id', async (c) => {
    await requireAdmin(c, jwtSecret);
    await users.remove(c.req.param('id'));
    return c.json({});
  });

  return app;
}
