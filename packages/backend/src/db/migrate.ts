import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { SupabaseClient } from '@supabase/supabase-js';
import { tsImport } from 'tsx/esm/api';
import type { OpenedDatabase } from './open.ts';
import type { SqlClient } from './types.ts';

const PLATFORM_SQL = new URL('./platform.sql', import.meta.url);
const EMBEDDED_SQL = new URL('./embedded.sql', import.meta.url);

export type Log = (message: string) => void;

/** Serialises schema changes when several backends start on one PostgreSQL at once. */
const MIGRATION_LOCK_KEY = 7_270_201;

/**
 * Applies platform.sql (what Supabase already has; idempotent, every start), the embedded backend's own
 * bookkeeping, then `<projectDir>/migrations/*.sql` in file-name order, each once, recorded in
 * supabase_migrations.schema_migrations as the Supabase CLI records them (version = the prefix before `_`).
 */
export async function applyPlatformAndMigrations(
  db: OpenedDatabase,
  projectDir: string,
  log: Log = () => {},
): Promise<string[]> {
  const platform = await readFile(PLATFORM_SQL, 'utf8');
  const embedded = await readFile(EMBEDDED_SQL, 'utf8');
  await db.asOwner(async (sql) => {
    await sql.query(`select pg_advisory_xact_lock(${MIGRATION_LOCK_KEY})`);
    await sql.query(platform);
    await sql.query(embedded);
  });

  const dir = join(projectDir, 'migrations');
  const files = existsSync(dir) ? (await readdir(dir)).filter((f) => f.endsWith('.sql')).sort() : [];
  const applied: string[] = [];
  for (const file of files) {
    const { version, name } = migrationVersion(file);
    const text = await readFile(join(dir, file), 'utf8');
    const ran = await db.asOwner(async (sql) => {
      await sql.query(`select pg_advisory_xact_lock(${MIGRATION_LOCK_KEY})`);
      const done = await sql.query('select 1 from supabase_migrations.schema_migrations where version = $1', [version]);
      if (done.rowCount) return false;
      try {
        await sql.query(text);
      } catch (err) {
        throw new Error(`Migration ${file} failed: ${(err as Error).message}`, { cause: err });
      }
      await sql.query(
        'insert into supabase_migrations.schema_migrations (version, name, statements) values ($1, $2, $3)',
        [version, name, [text]],
      );
      return true;
    });
    if (ran) {
      applied.push(file);
      log(`applied migration ${file}`);
    }
  }
  return applied;
}

function migrationVersion(file: string): { version: string; name: string } {
  const base = file.replace(/\.sql$/, '');
  const cut = base.indexOf('_');
  return cut > 0 ? { version: base.slice(0, cut), name: base.slice(cut + 1) } : { version: base, name: base };
}

/** What a seed script or fixture receives. */
export interface SeedContext {
  /** Owner connection, autocommit per statement (no RLS). Not one long transaction: the seed may also call
   * the HTTP API, which needs the database while the seed runs. */
  sql: SqlClient;
  /** supabase-js client with the service_role key, pointed at this backend. */
  supabase: SupabaseClient;
  /** The backend's base URL. */
  url: string;
  log: Log;
}

export type SeedFunction = (ctx: SeedContext) => Promise<void> | void;

async function recordedHash(db: OpenedDatabase, path: string): Promise<string | undefined> {
  const res = await db.query<{ hash: string }>('select hash from supabase_migrations.seed_files where path = $1', [
    path,
  ]);
  return res.rows[0]?.hash;
}

async function record(db: OpenedDatabase, path: string, hash: string): Promise<void> {
  await db.query(
    'insert into supabase_migrations.seed_files (path, hash) values ($1, $2) on conflict (path) do update set hash = excluded.hash',
    [path, hash],
  );
}

/** Imports a TypeScript module (tsx) and returns its default export as a seed function. */
async function importSeedFunction(file: string): Promise<SeedFunction> {
  const mod = (await tsImport(pathToFileURL(file).href, import.meta.url)) as { default?: unknown };
  // tsImport may wrap a CommonJS-looking module: default.default.
  let fn = mod.default;
  if (fn && typeof fn === 'object' && 'default' in fn) fn = (fn as { default: unknown }).default;
  if (typeof fn !== 'function') throw new Error(`${file} must default-export a seed function`);
  return fn as SeedFunction;
}

/**
 * Runs the project's seed once per database: `<projectDir>/seed.sql`, then `<projectDir>/seed/index.ts`'s
 * default export. Each is recorded in supabase_migrations.seed_files and skipped when already there.
 */
export async function runSeed(
  db: OpenedDatabase,
  projectDir: string,
  ctx: Omit<SeedContext, 'sql'>,
): Promise<string[]> {
  const ran: string[] = [];
  const seedSql = join(projectDir, 'seed.sql');
  if (existsSync(seedSql) && !(await recordedHash(db, 'seed.sql'))) {
    const text = await readFile(seedSql, 'utf8');
    await db.asOwner(async (sql) => {
      await sql.query(text);
    });
    await record(db, 'seed.sql', sha256(text));
    ran.push('seed.sql');
    ctx.log('ran seed.sql');
  }
  const seedTs = join(projectDir, 'seed', 'index.ts');
  if (existsSync(seedTs) && !(await recordedHash(db, 'seed/index.ts'))) {
    const fn = await importSeedFunction(seedTs);
    await fn({ ...ctx, sql: { query: db.query } });
    await record(db, 'seed/index.ts', sha256(await readFile(seedTs, 'utf8')));
    ran.push('seed/index.ts');
    ctx.log('ran seed/index.ts');
  }
  return ran;
}

/** Loads `<projectDir>/fixtures/<name>.ts` once per database (recorded like a seed file). */
export async function runFixture(
  db: OpenedDatabase,
  projectDir: string,
  name: string,
  ctx: Omit<SeedContext, 'sql'>,
): Promise<boolean> {
  if (!/^[\w-]+$/.test(name)) throw new Error(`Bad fixture name: ${name}`);
  const file = join(projectDir, 'fixtures', `${name}.ts`);
  if (!existsSync(file)) throw new Error(`Fixture not found: ${file}`);
  const key = `fixtures/${name}.ts`;
  if (await recordedHash(db, key)) return false;
  const fn = await importSeedFunction(file);
  await fn({ ...ctx, sql: { query: db.query } });
  await record(db, key, sha256(await readFile(file, 'utf8')));
  ctx.log(`loaded fixture ${name}`);
  return true;
}

function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}
