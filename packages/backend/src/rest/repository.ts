import type { OpenedDatabase } from '../db/index.ts';
import type { Caller } from '../db/types.ts';

/**
 * Calls public.<name>(key => value, ...) as the caller and returns its result as JSON. `name` and the keys
 * must be checked identifiers (see service.ts); values travel as parameters and PostgreSQL casts them to
 * the function's argument types, as PostgREST does.
 */
export async function callFunction(
  db: OpenedDatabase,
  caller: Caller,
  name: string,
  args: [string, unknown][],
): Promise<unknown> {
  const call = `public.${name}(${args.map(([key], i) => `${key} => $${i + 1}`).join(', ')})`;
  const result = await db.asCaller(caller, (sql) =>
    sql.query<{ result: unknown }>(
      `select to_jsonb(${call}) as result`,
      args.map(([, value]) => value),
    ),
  );
  return result.rows[0]?.result ?? null;
}
