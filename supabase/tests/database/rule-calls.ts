/**
 * Calling the rule functions of supabase/migrations as a caller of the world (rls-world.ts), as pg_graphql
 * calls them: in one transaction as the caller's role with their claims, the arguments by name.
 */
import { readFile } from 'node:fs/promises';
import { expect, it } from 'vitest';
import type { Database } from '../../../packages/backend/src/db/types.ts';
import { callerFor, WHO, type Who } from './rls-world.ts';

/** `name => $1, ...` and the values, for calling a function with named arguments. */
function namedArguments(args: Record<string, unknown>): { list: string; values: unknown[] } {
  const names = Object.keys(args);
  return { list: names.map((name, i) => `${name} => $${i + 1}`).join(', '), values: names.map((name) => args[name]) };
}

/**
 * The calls of a suite on its database `db`: each as a caller of the world, in one transaction as the caller's
 * role with their claims.
 */
export function ruleCallsOn(db: Database) {
  /** Calls public.<fn>(args) as `who` and keeps what it did; resolves with its result as JSON. */
  const call = async <T = unknown>(who: Who, fn: string, args: Record<string, unknown> = {}): Promise<T> => {
    const { list, values } = namedArguments(args);
    const { rows } = await db.asCaller(callerFor(who), (sql) =>
      sql.query<{ r: T }>(`select to_jsonb(public.${fn}(${list})) as r`, values),
    );
    return rows[0]!.r;
  };
  /** Expects the call to be refused with `code`, the message the API answers. */
  const refused = async (who: Who, fn: string, args: Record<string, unknown>, code: string): Promise<void> => {
    await expect(call(who, fn, args), `${who} ${fn}`).rejects.toThrow(new RegExp(`^${code}$`));
  };
  /** Runs a statement as `who`; resolves with its rows (what the policies let that caller see or change). */
  const queryAs = async <Row = Record<string, unknown>>(who: Who, text: string, params: unknown[] = []) =>
    (await db.asCaller(callerFor(who), (sql) => sql.query<Row>(text, params))).rows;
  return { call, refused, queryAs };
}

const ROLLBACK = new Error('rollback');

/** What calling public.<fn>(args) as `who` comes to, nothing kept: 'ok', 'denied' (no EXECUTE) or the code refused with. */
export async function outcomeAs(db: Database, who: Who, fn: string, args: Record<string, unknown>): Promise<string> {
  const { list, values } = namedArguments(args);
  try {
    await db.asCaller(callerFor(who), async (sql) => {
      await sql.query(`select public.${fn}(${list})`, values);
      throw ROLLBACK;
    });
  } catch (err) {
    if (err === ROLLBACK) return 'ok';
    const message = (err as Error).message;
    return /permission denied/.test(message) ? 'denied' : message;
  }
  return 'unreachable';
}

/** Each caller's outcome: `value` for everyone signed in, anon denied, but for those in `except`. */
export function everyone(value: string, except: Partial<Record<Who, string>> = {}): Record<Who, string> {
  return { ...Object.fromEntries(WHO.map((who) => [who, who === 'anon' ? 'denied' : value])), ...except } as Record<
    Who,
    string
  >;
}

/** A call and each caller's outcome of it. */
export type WhoMayCall = [fn: string, args: Record<string, unknown>, outcomes: Record<Who, string>];

/** One test per call of the table: each caller's outcome of it is the one written there. */
export function itTellsWhoMayCall(db: Database, table: WhoMayCall[]): void {
  for (const [fn, args, expected] of table)
    it(`${fn}(${Object.values(args).join(', ').replace(/\s+/g, ' ')})`, async () => {
      const got = {} as Record<Who, string>;
      for (const who of Object.keys(expected) as Who[]) got[who] = await outcomeAs(db, who, fn, args);
      expect(got).toEqual(expected);
    });
}

/** The codes a migration's rules raise (`raise exception '<code>'`), which the API answers as error messages. */
export async function codesRaisedBy(migration: string): Promise<Set<string>> {
  const sql = await readFile(migration, 'utf8');
  return new Set([...sql.matchAll(/raise exception '([a-z_]+)'/g)].map((m) => m[1]!));
}

/** Expects packages/contracts to have words for each code, and `wordsFor` to find them in the API's error. */
export function expectWordsForEach(
  codes: Iterable<string>,
  words: Record<string, string>,
  wordsFor: (error: string) => string,
): void {
  for (const code of codes) {
    expect(Object.keys(words), code).toContain(code);
    expect(wordsFor(`GraphQL error: ${code}`)).toBe(words[code]);
  }
}
