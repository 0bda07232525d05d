import { Hono } from 'hono';
import type { BackendContext } from '../context.ts';
import { mailboxPage } from './page.ts';
import { listMail } from './service.ts';

/** GET /mailbox (HTML) and /mailbox/api/messages (JSON, newest first, ?to= filters by recipient). */
export function mailboxRoutes(ctx: BackendContext): Hono {
  const app = new Hono();
  app.get('/api/messages', async (c) => {
    const to = c.req.query('to') || undefined;
    return c.json({ messages: await listMail(ctx.db, to, Number(c.req.query('limit')) || 50) });
  });
  app.get('/', async (c) => {
    const to = c.req.query('to') || undefined;
    return c.html(mailboxPage(await listMail(ctx.db, to, 100), to));
  });
  return app;
}
