import type { OpenedDatabase } from '../db/index.ts';
import type { Caller } from '../db/types.ts';
import { callFunction } from './repository.ts';

const IDENTIFIER = /^[a-z_][a-z0-9_]{0,62}$/;

/** PostgREST's error body and the HTTP status it goes with. */
export class PostgrestError extends Error {
  constructor(
    readonly status: 400 | 401 | 403 | 404 | 500,
    readonly code: string,
    message: string,
    readonly details: string | null = null,
    readonly hint: string | null = null,
  ) {
    super(message);
  }
}

interface PgError {
  code?: string;
  message?: string;
  detail?: string;
  hint?: string;
}

const notFound = (name: string) =>
  new PostgrestError(404, 'PGRST202', `Could not find the function public.${name} in the schema cache`);

/**
 * rpc(): only functions of `public` with plain identifiers for name and arguments, run as the caller, so
 * the function's own EXECUTE grants decide who may call it. Database refusals become PostgREST's errors.
 */
export function createRpcService(db: OpenedDatabase, log: (message: string) => void) {
  return {
    async call(caller: Caller, name: string, body: Record<string, unknown>): Promise<unknown> {
      const args = Object.entries(body);
      if (!IDENTIFIER.test(name) || args.some(([key]) => !IDENTIFIER.test(key))) throw notFound(name);
      try {
        return await callFunction(db, caller, name, args);
      } catch (err) {
        const pg = err as PgError;
        if (pg.code === '42883') throw notFound(name);
        if (pg.code === '42501')
          throw new PostgrestError(caller.role === 'anon' ? 401 : 403, '42501', pg.message ?? 'permission denied');
        if (pg.code && /^(22|23)/.test(pg.code))
          throw new PostgrestError(400, pg.code, pg.message ?? 'invalid input', pg.detail ?? null, pg.hint ?? null);
        log(`rpc ${name} failed: ${pg.message ?? String(err)}`);
        throw new PostgrestError(500, pg.code ?? 'XX000', pg.message ?? 'internal error');
      }
    },
  };
}
