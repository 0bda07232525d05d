import { readFile } from 'node:fs/promises';
import { PGlite, type Transaction } from '@electric-sql/pglite';
import { pgcrypto } from '@electric-sql/pglite/contrib/pgcrypto';
import { uuid_ossp } from '@electric-sql/pglite/contrib/uuid_ossp';
import type { Caller, Database, QueryResult, SqlClient } from '../../src/db/types.ts';
import type { GraphqlResponse } from '../../src/graphql/errors.ts';
import { createGraphqlService, type GraphqlService } from '../../src/graphql/service.ts';
import { quoteLiteral } from '../../src/graphql/sql.ts';

/**
 * For the GraphQL tests: one in-process PGlite with platform.sql applied, seen through the Database
 * interface (asCaller = one transaction with `set local role` and the caller's claims, as the real database
 * layer does), counting the statements the GraphQL layer sends.
 */
export interface TestDatabase extends Database {
  pg: PGlite;
  /** Statements sent by GraphQL code through asCaller/asOwner (not the role/claims setup). */
  statements: string[];
  /** Runs SQL as the owner, outside any caller transaction. */
  exec(sql: string): Promise<void>;
}

const PLATFORM_SQL = new URL('../../src/db/platform.sql', import.meta.url);

export const ANON: Caller = { role: 'anon', claims: { role: 'anon' } };
export const SERVICE: Caller = { role: 'service_role', claims: { role: 'service_role' } };
export function userCaller(sub: string): Caller {
  return { role: 'authenticated', claims: { sub, role: 'authenticated', aud: 'authenticated' } };
}

export async function createTestDatabase(): Promise<TestDatabase> {
  const pg = await PGlite.create({ extensions: { pgcrypto, uuid_ossp } });
  await pg.exec(await readFile(PLATFORM_SQL, 'utf8'));
  const statements: string[] = [];

  const wrap = (tx: Transaction): SqlClient => ({
    async query<Row>(text: string, params?: unknown[]): Promise<QueryResult<Row>> {
      statements.push(text);
      const res = await tx.query<Row>(text, params);
      return { rows: res.rows, rowCount: res.affectedRows ?? res.rows.length };
    },
  });

  return {
    pg,
    statements,
    async exec(sql) {
      await pg.exec(sql);
    },
    asOwner(fn) {
      return pg.transaction((tx) => fn(wrap(tx)));
    },
    asCaller(caller, fn) {
      return pg.transaction(async (tx) => {
        await tx.query(`set local role ${caller.role}`);
        await tx.query(
          `select set_config('request.jwt.claims', $1, true), set_config('request.jwt.claim.sub', $2, true),
                  set_config('request.jwt.claim.role', $3, true)`,
          [JSON.stringify({ ...caller.claims, role: caller.role }), String(caller.claims.sub ?? ''), caller.role],
        );
        return fn(wrap(tx));
      });
    },
    async close() {
      await pg.close();
    },
  };
}

export interface ScenarioOptions {
  /** SQL run with search_path set to the scenario's own schema (tables land there). */
  sql: string;
  /** The schema's comment directive, e.g. '@graphql({"inflect_names": true})'. */
  schemaComment?: string;
}

export interface Scenario {
  schema: string;
  service: GraphqlService;
  /** Runs a request as `caller` (default anon). */
  run(
    query: string,
    variables?: Record<string, unknown>,
    caller?: Caller,
    operationName?: string,
  ): Promise<GraphqlResponse>;
}

let scenarioCounter = 0;

/**
 * A fresh schema per test in one shared database: tables are created in it, granted to the API roles as
 * Supabase's default privileges would, and a GraphQL service exposes that schema only.
 */
export async function createScenario(
  db: Database & { exec(sql: string): Promise<void> },
  options: ScenarioOptions,
): Promise<Scenario> {
  scenarioCounter += 1;
  const schema = `s${scenarioCounter}_${Math.random().toString(36).slice(2, 7)}`;
  await db.exec(`
    create schema ${schema};
    grant usage on schema ${schema} to anon, authenticated, service_role;
    set search_path to ${schema}, public;
    ${options.sql};
    set search_path to "$user", public;
    grant all on all tables in schema ${schema} to anon, authenticated, service_role;
    grant all on all sequences in schema ${schema} to anon, authenticated, service_role;
    ${options.schemaComment ? `comment on schema ${schema} is ${quoteLiteral(options.schemaComment)};` : ''}
  `);
  const service = createGraphqlService(db, { schemas: [schema] });
  return {
    schema,
    service,
    run: (query, variables, caller = ANON, operationName) =>
      service.execute(caller, { query, variables, operationName }),
  };
}

/** base64 of text, as cursors and node ids are written in pg_graphql's docs. */
export function b64(text: string): string {
  return Buffer.from(text, 'utf8').toString('base64');
}
