import { Hono } from 'hono';
import type { BackendContext } from './context.ts';
import { InvalidJwtError } from './config/keys.ts';
import type { Caller } from './db/types.ts';
import { resolveCaller } from './http/caller.ts';

interface GraphqlServiceLike {
  execute(
    caller: Caller,
    request: { query: string; variables?: Record<string, unknown>; operationName?: string },
  ): Promise<unknown>;
}

/**
 * POST /graphql/v1, as Supabase serves pg_graphql through PostgREST: the caller comes from the bearer JWT
 * (PostgREST's 401 codes when it is bad), the answer is always HTTP 200 with the GraphQL body. The GraphQL
 * service is imported on first use, so the server starts even while that module is missing or broken.
 */
export function graphqlRoutes(ctx: BackendContext): Hono {
  const app = new Hono();
  let service: Promise<GraphqlServiceLike> | undefined;

  function load(): Promise<GraphqlServiceLike> {
    service ??= (async () => {
      const mod = (await import('./graphql/index.ts')) as {
        createGraphqlService?: (db: unknown) => GraphqlServiceLike;
      };
      if (typeof mod.createGraphqlService !== 'function')
        throw new Error('src/graphql does not export createGraphqlService');
      return mod.createGraphqlService(ctx.db);
    })();
    service.catch(() => {
      service = undefined;
    });
    return service;
  }

  app.post('/', async (c) => {
    let caller;
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
    let gql: GraphqlServiceLike;
    try {
      gql = await load();
    } catch (err) {
      ctx.log(`graphql unavailable: ${(err as Error).message}`);
      return c.json(
        { code: 'graphql_unavailable', message: `GraphQL is not available: ${(err as Error).message}` },
        503,
      );
    }
    const result = await gql.execute(caller, {
      query: body.query,
      variables:
        body.variables && typeof body.variables === 'object' ? (body.variables as Record<string, unknown>) : undefined,
      operationName: typeof body.operationName === 'string' ? body.operationName : undefined,
    });
    return c.json(result as Record<string, unknown>);
  });

  return app;
}
