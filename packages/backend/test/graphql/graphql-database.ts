import { readFile } from 'node:fs/promises';
import { PGlite, type Transaction } from '@electric-sql/pglite';
import { pgcrypto } from '@electric-sql/pglite/contrib/pgcrypto';
import { uuid_ossp } from '@electric-sql/pglite/contrib/uuid_ossp';
import { openDatabase, type OpenedDatabase } from '../../src/db/index.ts';
import { callerSettings } from '../../src/db/transaction-setup.ts';
import type { Caller, Database, QueryResult, SqlClient } from '../../src/db/types.ts';
import { expect } from 'vitest';
import type { GraphqlResponse } from '../../src/graphql/errors.ts';
import { createGraphqlService, type GraphqlService } from '../../src/graphql/service.ts';
import { quoteLiteral } from '../../src/graphql/sql.ts';
import { ANON } from '../../testing/callers.ts';
import { suiteFixture } from '../../testing/suiteFixture.ts';

export { ANON, SERVICE_ROLE, userCaller } from '../../testing/callers.ts';

/** Two users, for the cases whose policies tell owners apart. */
export const ALICE = '00000000-0000-4000-8000-00000000000a';
export const BOB = '00000000-0000-4000-8000-00000000000b';

/** A database scenarios are made in: the Database interface, plus SQL run as the owner outside any caller transaction. */
export interface ScenarioDatabase extends Database {
  exec(sql: string): Promise<void>;
}

/**
 * For the GraphQL tests: one in-process PGlite with platform.sql applied, seen through the Database
 * interface (asCaller = one transaction with `set local role` and the caller's claims, as the real database
 * layer does), counting the statements the GraphQL layer sends.
 */
export interface TestDatabase extends ScenarioDatabase {
  pg: PGlite;
  /** Statements sent by GraphQL code through asCaller/asOwner (not the role/claims setup). */
  statements: string[];
}

const PLATFORM_SQL = new URL('../../src/db/platform.sql', import.meta.url);

async function applyPlatform(db: ScenarioDatabase): Promise<void> {
  await db.exec(await readFile(PLATFORM_SQL, 'utf8'));
}

export async function createTestDatabase(): Promise<TestDatabase> {
  const pg = await PGlite.create({ extensions: { pgcrypto, uuid_ossp } });
  const statements: string[] = [];

  const wrap = (tx: Transaction): SqlClient => ({
    async query<Row>(text: string, params?: unknown[]): Promise<QueryResult<Row>> {
      statements.push(text);
      const res = await tx.query<Row>(text, params);
      return { rows: res.rows, rowCount: res.affectedRows ?? res.rows.length };
    },
  });

  const db: TestDatabase = {
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
        // The claims the backend's own transactions set (src/db/transaction-setup.ts), one by one.
        for (const [name, value] of callerSettings(caller))
          await tx.query('select set_config($1, $2, true)', [name, value]);
        return fn(wrap(tx));
      });
    },
    async close() {
      await pg.close();
    },
  };
  await applyPlatform(db);
  return db;
}

/** The file's (or the enclosing describe's) one PGlite, made before its tests and closed after them. */
export function testDatabaseForSuite(): TestDatabase {
  return suiteFixture(createTestDatabase, (db) => db.close());
}

/**
 * A PostgreSQL database at `databaseUrl` through the production database layer (openDatabase: node-postgres,
 * which parses int8 and timestamps unlike PGlite), with platform.sql applied, as createTestDatabase's is.
 */
export async function openScenarioDatabase(databaseUrl: string): Promise<OpenedDatabase & ScenarioDatabase> {
  const opened = await openDatabase({ databaseUrl, maxConnections: 4 });
  const db = Object.assign(opened, {
    exec: async (sql: string) => {
      await opened.query(sql);
    },
  });
  await applyPlatform(db);
  return db;
}

export interface ScenarioOptions {
  /** SQL run with search_path set to the scenario's own schema (tables land there). */
  sql: string;
  /** The schema's comment directive, e.g. '@graphql({"inflect_names": true})'. */
  schemaComment?: string;
  /** SQL run like `sql` but after the grants to the API roles: privileges a case takes back from a role. */
  afterGrants?: string;
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

/**
 * The "Blog" table of pg_graphql's API docs, empty. Its timestamps default to the docs' value, so answers that
 * show them do not depend on the clock.
 */
export const BLOG_TABLE = `
  create table "Blog"(
    id serial primary key,
    name varchar(255) not null,
    description varchar(255),
    "createdAt" timestamp not null default '2023-07-24T04:01:09.882781',
    "updatedAt" timestamp not null default '2023-07-24T04:01:09.882781'
  );`;

let scenarioCounter = 0;

/**
 * A fresh schema per test in one shared database: tables are created in it, granted to the API roles as
 * Supabase's default privileges would, and a GraphQL service exposes that schema only.
 */
export async function createScenario(db: ScenarioDatabase, options: ScenarioOptions): Promise<Scenario> {
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
    ${options.afterGrants ? `set search_path to ${schema}, public; ${options.afterGrants}; set search_path to "$user", public;` : ''}
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

/** One scenario the enclosing describe's tests share, in order (what one changes, the next sees), made before them. */
export function scenarioForSuite(db: ScenarioDatabase, options: ScenarioOptions): Scenario {
  return suiteFixture(() => createScenario(db, options));
}

/** pg_graphql's answer to a request it refuses as a whole: no data, and the one error. */
export function refusal(message: string): GraphqlResponse {
  return { data: null, errors: [{ message }] };
}

/** Sends each request as anon and expects pg_graphql's refusal with its message. */
export async function expectRefusals(s: Scenario, requests: Array<[query: string, message: string]>): Promise<void> {
  for (const [query, message] of requests) expect(await s.run(query), query).toEqual(refusal(message));
}

/** pg_graphql's answer to a document it runs no operation of: the one error, and no data at all. */
export function documentRefusal(message: string): GraphqlResponse {
  return { errors: [{ message }] };
}

/** base64 of text, as cursors and node ids are written in pg_graphql's docs. */
export function b64(text: string): string {
  return Buffer.from(text, 'utf8').toString('base64');
}
