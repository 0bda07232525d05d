/**
 * POST /rest/v1/rpc/<function>: the slice of PostgREST that supabase-js `rpc()` uses, so edge functions
 * reach SQL functions the same way here as on Supabase. Named JSON arguments are passed by name to
 * public.<function>, in one transaction as the caller (role and JWT claims, as PostgREST sets them).
 * Answers the function's result as JSON, or PostgREST's error shape.
 */
import { Hono } from 'hono';
import type { BackendContext } from '../context.ts';
import { InvalidJwtError } from '../config/keys.ts';
import type { Caller } from '../db/types.ts';
import { resolveCaller } from '../http/caller.ts';
import { createRpcService, PostgrestError } from './service.ts';

export function restRoutes(ctx: BackendContext): Hono {
  const app = new Hono();
  const rpc = createRpcService(ctx.db, ctx.log);

  app.onError((err, c) => {
    if (!(err instanceof PostgrestError)) throw err;
    return c.json({ code: err.code, details: err.details, hint: err.hint, message: err.message }, err.status);
  });

  app.post('/rpc/:name', async (c) => {
    let caller: Caller;
    try {
      caller = await resolveCaller(c, ctx.config.jwtSecret);
    } catch (err) {
      if (err instanceof InvalidJwtError)
        throw new PostgrestError(401, err.reason === 'expired' ? 'PGRST303' : 'PGRST301', err.message);
      throw err;
    }
    let body: unknown;
    try {
      const text = await c.req.text();
      body = text ? JSON.parse(text) : {};
    } catch {
      throw new PostgrestError(400, 'PGRST102', 'Empty or invalid json');
    }
    if (!body || typeof body !== 'object' || Array.isArray(body))
      throw new PostgrestError(400, 'PGRST102', 'Empty or invalid json');
    return c.json(await rpc.call(caller, c.req.param('name'), body as Record<string, unknown>));
  });

  return app;
}
