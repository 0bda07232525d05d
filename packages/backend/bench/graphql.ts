/**
 * GraphQL benchmark (not a test): `npm run bench:graphql -w @snapshire/backend [-- --engines pglite,postgres]`.
 *
 * The frontend's own GroupById (a group with 30 of its 40 posts + its categories) and AllGroups documents,
 * sent to createGraphqlService over the real database layer (openDatabase: a `pg` pool to PGlite behind
 * pglite-socket, or to a throwaway PostgreSQL 15 cluster), at concurrency 1, 4 and 16. Prints p50/p95 latency,
 * throughput, the SQL statements the GraphQL layer sends per request and the round trips to the database each
 * request costs (those statements plus the transaction's setup and commit). Bounded: each cell stops after its request count or 8 s, whichever comes first.
 */
import { readFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { applyPlatformAndMigrations, openDatabase, type OpenedDatabase } from '../src/db/index.ts';
import type { Caller, Database, SqlClient } from '../src/db/types.ts';
import { createGraphqlService } from '../src/graphql/service.ts';
import { startPostgres, type ThrowawayPostgres } from '../testing/postgres.ts';

const REPO = new URL('../../../', import.meta.url);
const PROJECT_DIR = new URL('supabase/', REPO).pathname;
// The browse remote's own operations that several of its screens read (remote-browse/src/shared/data).
const DOCUMENTS = new URL('remote-browse/src/shared/data/', REPO);
const GROUP_ID = '10000000-0000-4000-8000-000000000001';
const AUTHOR_ID = '40000000-0000-4000-8000-000000000001';
const CONCURRENCY = [1, 4, 16];
const REQUESTS_PER_CELL = 400;
const CELL_TIME_LIMIT_MS = 8_000;

const { values } = parseArgs({ options: { engines: { type: 'string', default: 'pglite,postgres' } } });
const engines = values.engines.split(',').map((e) => e.trim());

const ANON: Caller = { role: 'anon', claims: { role: 'anon' } };

/**
 * Counts every query any pg client sends (a round trip each): with the GraphQL layer's own statements, what the
 * transaction around them costs (its setup and commit).
 */
let roundTrips = 0;
const clientQuery = pg.Client.prototype.query as (...args: unknown[]) => unknown;
pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
  roundTrips += 1;
  return clientQuery.apply(this, args);
} as never;

/** Counts the statements the GraphQL layer sends inside asCaller. */
function counting(db: Database): { db: Database; count: () => number } {
  let n = 0;
  const wrap = (sql: SqlClient): SqlClient => ({
    query: (text, params) => {
      n += 1;
      return sql.query(text, params);
    },
  });
  return {
    db: {
      asCaller: (caller, fn) => db.asCaller(caller, (sql) => fn(wrap(sql))),
      asOwner: (fn) => db.asOwner((sql) => fn(wrap(sql))),
      close: () => db.close(),
    },
    count: () => n,
  };
}

/** seed.sql's groups and categories, plus 40 uploaded posts in the benchmark group and 5 in every other. */
async function loadData(db: OpenedDatabase): Promise<void> {
  await db.asOwner(async (sql) => {
    await sql.query(await readFile(new URL('seed.sql', new URL('supabase/', REPO)), 'utf8'));
    await sql.query(
      `insert into auth.users (id, email, aud, role, created_at) values ($1, 'bench@snapshire.test', 'authenticated', 'authenticated', now())
       on conflict (id) do nothing`,
      [AUTHOR_ID],
    );
    await sql.query(
      `insert into public.post (group_id, author_id, file_name, meta_width, meta_height, description, created_at, has_uploaded_photo)
       select g.id, $1, 'photo-' || n || '.jpg', 1200, 800, 'Benchmark photo ' || n, now() - n * interval '1 hour', true
       from public."group" g
       cross join generate_series(1, case when g.id = $2 then 40 else 5 end) n`,
      [AUTHOR_ID, GROUP_ID],
    );
    await sql.query(
      `insert into public.post_category (post_id, category_id)
       select p.id, gc.category_id from public.post p join public.group_category gc on gc.group_id = p.group_id
       on conflict do nothing`,
    );
  });
}

interface Cell {
  engine: string;
  query: string;
  concurrency: number;
  requests: number;
  p50: number;
  p95: number;
  throughput: number;
  statements: number;
  roundTrips: number;
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

async function benchEngine(engine: string, db: OpenedDatabase): Promise<Cell[]> {
  await applyPlatformAndMigrations(db, PROJECT_DIR);
  await loadData(db);
  const counted = counting(db);
  const service = createGraphqlService(counted.db);
  const requests = {
    'GroupById (30 posts + categories)': {
      query: await readFile(new URL('group/GroupById.graphql', DOCUMENTS), 'utf8'),
      variables: { id: GROUP_ID, withPosts: true, withCategories: true },
      check: (data: unknown) =>
        (data as { groupCollection: { edges: { node: { postCollection: { edges: unknown[] } } }[] } }).groupCollection
          .edges[0]!.node.postCollection.edges.length === 30,
    },
    AllGroups: {
      query: await readFile(new URL('groups/AllGroups.graphql', DOCUMENTS), 'utf8'),
      variables: {},
      check: (data: unknown) => (data as { groupCollection: { edges: unknown[] } }).groupCollection.edges.length >= 7,
    },
  };

  const cells: Cell[] = [];
  for (const [name, req] of Object.entries(requests)) {
    // Warm up: the schema is reflected once per role, plans and caches settle.
    for (let i = 0; i < 20; i++) {
      const res = await service.execute(ANON, req);
      if (res.errors || !req.check(res.data))
        throw new Error(`${name} answered unexpectedly: ${JSON.stringify(res).slice(0, 300)}`);
    }
    for (const concurrency of CONCURRENCY) {
      const latencies: number[] = [];
      const statementsBefore = counted.count();
      const roundTripsBefore = roundTrips;
      let issued = 0;
      const started = performance.now();
      const deadline = started + CELL_TIME_LIMIT_MS;
      const worker = async () => {
        while (issued < REQUESTS_PER_CELL && performance.now() < deadline) {
          issued += 1;
          const t = performance.now();
          const res = await service.execute(ANON, req);
          latencies.push(performance.now() - t);
          if (res.errors) throw new Error(`${name}: ${res.errors[0]?.message}`);
        }
      };
      await Promise.all(Array.from({ length: concurrency }, worker));
      const elapsed = performance.now() - started;
      latencies.sort((a, b) => a - b);
      cells.push({
        engine,
        query: name,
        concurrency,
        requests: latencies.length,
        p50: percentile(latencies, 50),
        p95: percentile(latencies, 95),
        throughput: (latencies.length / elapsed) * 1000,
        statements: (counted.count() - statementsBefore) / latencies.length,
        roundTrips: (roundTrips - roundTripsBefore) / latencies.length,
      });
      const c = cells.at(-1)!;
      console.log(
        `${engine.padEnd(8)} ${name.padEnd(34)} c=${String(concurrency).padEnd(3)} n=${String(c.requests).padEnd(4)} ` +
          `p50 ${c.p50.toFixed(1).padStart(6)} ms  p95 ${c.p95.toFixed(1).padStart(6)} ms  ${c.throughput.toFixed(0).padStart(5)} req/s  ` +
          `${c.statements} GraphQL statement(s) in ${c.roundTrips} round trips/request`,
      );
    }
  }
  return cells;
}

const all: Cell[] = [];
for (const engine of engines) {
  let pgServer: ThrowawayPostgres | undefined;
  let db: OpenedDatabase | undefined;
  try {
    if (engine === 'pglite') {
      db = await openDatabase({ maxConnections: 10 });
    } else if (engine === 'postgres') {
      pgServer = await startPostgres();
      db = await openDatabase({ databaseUrl: await pgServer.createDatabase('bench'), maxConnections: 10 });
    } else {
      throw new Error(`unknown engine ${engine} (pglite, postgres)`);
    }
    all.push(...(await benchEngine(engine, db)));
  } catch (err) {
    console.error(`${engine}: ${(err as Error).message}`);
    process.exitCode = 1;
  } finally {
    await db?.close();
    await pgServer?.stop();
  }
}

console.log(
  '\n| engine | query | concurrency | p50 ms | p95 ms | req/s | GraphQL statements per request | round trips per request |',
);
console.log('|---|---|---|---|---|---|---|---|');
for (const c of all) {
  console.log(
    `| ${c.engine} | ${c.query} | ${c.concurrency} | ${c.p50.toFixed(1)} | ${c.p95.toFixed(1)} | ${c.throughput.toFixed(0)} | ` +
      `${c.statements} | ${c.roundTrips} |`,
  );
}
