/**
 * POST /rest/v1/rpc/<function>: the slice of PostgREST that supabase-js `rpc()` uses, so edge functions
 * reach SQL functions the same way here as on Supabase. Named JSON arguments are passed by name to
 * public.<function>, in one transaction as the caller (role and JWT claims, as PostgREST sets them), so the
 * function's own EXECUTE grants decide who may call it. Answers the function's result as JSON, or
 * PostgREST's error shape.
 */
import { Hono, type Context } from 'hono';
import type { BackendContext } from '../context.ts';
import { InvalidJwtError } from '../config/keys.ts';
import type { Caller } from '../db/types.ts';
import { resolveCaller } from '../http/caller.ts';

const IDENTIFIER = /^[a-z_][a-z0-9_]{0,62}$/;

interface PgError {
  code?: string;
  message?: string;
  detail?: string;
  hint?: string;
}

function postgrestError(
  c: Context,
  status: 400 | 401 | 403 | 404 | 500,
  code: string,
  message: string,
  details: string | null = null,
  hint: string | null = null,
): Response {
  return c.json({ code, details, hint, message }, status);
}

export function restRoutes(ctx: BackendContext): Hono {
  const app = new Hono();

  app.post('/rpc/:name', async (c) => {
    const name = c.req.param('name');
    let caller: Caller;
    try {
      caller = await resolveCaller(c, ctx.config.jwtSecret);
    } catch (err) {
      if (err instanceof InvalidJwtError)
        return postgrestError(c, 401, err.reason === 'expired' ? 'PGRST303' : 'PGRST301', err.message);
      throw err;
    }
    let body: unknown;
    try {
      const text = await c.req.text();
      body = text ? JSON.parse(text) : {};
    } catch {
      return postgrestError(c, 400, 'PGRST102', 'Empty or invalid json');
    }
    if (!body || typeof body !== 'object' || Array.isArray(body))
      return postgrestError(c, 400, 'PGRST102', 'Empty or invalid json');
    const args = Object.entries(body as Record<string, unknown>);
    if (!IDENTIFIER.test(name) || args.some(([key]) => !IDENTIFIER.test(key))) {
      return postgrestError(c, 404, 'PGRST202', `Could not find the function public.${name} in the schema cache`);
    }
    // Names are checked identifiers; values travel as parameters and PostgreSQL casts them to the
    // function's argument types, as PostgREST does.
    const call = `public.${name}(${args.map(([key], i) => `${key} => $${i + 1}`).join(', ')})`;
    try {
      const result = await ctx.db.asCaller(caller, (sql) =>
        sql.query<{ result: unknown }>(
          `select to_jsonb(${call}) as result`,
          args.map(([, value]) => value),
        ),
      );
      return c.json(result.rows[0]?.result ?? null);
    } catch (err) {
      const pg = err as PgError;
      if (pg.code === '42883')
        return postgrestError(c, 404, 'PGRST202', `Could not find the function public.${name} in the schema cache`);
      if (pg.code === '42501')
        return postgrestError(c, caller.role === 'anon' ? 401 : 403, '42501', pg.message ?? 'permission denied');
      if (pg.code && /^(22|23)/.test(pg.code))
        return postgrestError(c, 400, pg.code, pg.message ?? 'invalid input', pg.detail ?? null, pg.hint ?? null);
      ctx.log(`rpc ${name} failed: ${pg.message ?? String(err)}`);
      return postgrestError(c, 500, pg.code ?? 'XX000', pg.message ?? 'internal error');
    }
  });

  return app;
}
