import { Hono } from 'hono';
import type { BackendContext } from '../context.ts';
import { InvalidJwtError } from '../config/keys.ts';
import type { Caller } from '../db/types.ts';
import { resolveCaller } from '../http/caller.ts';
import { createGraphqlService } from './service.ts';

/**
 * POST /graphql/v1, as Supabase serves pg_graphql through PostgREST: the caller comes from the bearer JWT
 * (PostgREST's 401 codes when it is bad), the answer is always HTTP 200 with the GraphQL body.
 */
export function graphqlRoutes(ctx: BackendContext): Hono {
  const app = new Hono();
  const service = createGraphqlService(ctx.db);

  app.post('/', async (c) => {
    let caller: Caller;
    try {
      caller = await resolveCaller(c, ctx.config.jwtSecret);
    } catch (err) {
      if (err instanceof InvalidJwtError) {
        return err.reason === 'expired'
          ? c.json({ code: 'PGRST303', details: null, hint: null, message: 'JWT expired' }, 401)
          : c.json({ code: 'PGRST301', details: null, hint: null, message: `JWSError: ${err.message}` }, 401);
      }
      throw err;
    }
    let body: { query?: unknown; variables?: unknown; operationName?: unknown };
    try {
      body = (await c.req.json()) as typeof body;
    } catch {
      return c.json({ data: null, errors: [{ message: 'Invalid JSON body' }] });
    }
    if (typeof body.query !== 'string') return c.json({ data: null, errors: [{ message: 'Missing query' }] });
    const result = await service.execute(caller, {
      query: body.query,
      variables:
        body.variables && typeof body.variables === 'object' ? (body.variables as Record<string, unknown>) : undefined,
      operationName: typeof body.operationName === 'string' ? body.operationName : undefined,
    });
    return c.json(result);
  });

  return app;
}
