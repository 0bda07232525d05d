import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { applyPlatformAndMigrations, type Log } from './migrate.ts';
import { openDatabase, type OpenDatabaseOptions, type OpenedDatabase } from './open.ts';

const TEMPLATE_DIR = join(tmpdir(), 'snapshire-pglite-templates');
const KEEP_TEMPLATES = 6;

/** What the migrated schema depends on: PGlite's version, platform/embedded SQL and every migration file. */
async function schemaKey(projectDir: string): Promise<string> {
  const hash = createHash('sha256');
  const require = createRequire(import.meta.url);
  // The package's exports hide package.json; its entry point sits in dist/, one level below it.
  const pglitePkg = JSON.parse(
    await readFile(join(dirname(require.resolve('@electric-sql/pglite')), '..', 'package.json'), 'utf8'),
  ) as {
    version: string;
  };
  hash.update(`pglite ${pglitePkg.version}\n`);
  for (const file of ['platform.sql', 'embedded.sql'])
    hash.update(await readFile(new URL(`./${file}`, import.meta.url)));
  const dir = join(projectDir, 'migrations');
  const files = existsSync(dir) ? (await readdir(dir)).filter((f) => f.endsWith('.sql')).sort() : [];
  for (const f of files) {
    hash.update(`\n-- ${f}\n`);
    hash.update(await readFile(join(dir, f)));
  }
  return hash.digest('hex').slice(0, 32);
}

async function prune(): Promise<void> {
  const names = (await readdir(TEMPLATE_DIR)).filter((n) => n.endsWith('.tar'));
  if (names.length <= KEEP_TEMPLATES) return;
  const withTimes = await Promise.all(names.map(async (n) => ({ n, t: (await stat(join(TEMPLATE_DIR, n))).mtimeMs })));
  withTimes.sort((a, b) => b.t - a.t);
  for (const { n } of withTimes.slice(KEEP_TEMPLATES)) await rm(join(TEMPLATE_DIR, n), { force: true });
}

/**
 * An in-memory PGlite with platform.sql and the project's migrations applied. A fresh PGlite takes seconds
 * to initialise and migrate, so the migrated data directory is kept as a tarball in the OS temp folder,
 * keyed by everything the schema depends on, and later starts load it instead (tests, e2e).
 */
export async function openMigratedMemoryDatabase(
  projectDir: string,
  log: Log,
  openOptions: Pick<OpenDatabaseOptions, 'statementTimeouts' | 'log'> = {},
): Promise<OpenedDatabase> {
  let key: string | undefined;
  try {
    key = await schemaKey(projectDir);
    const file = join(TEMPLATE_DIR, `${key}.tar`);
    if (existsSync(file)) {
      const db = await openDatabase({ ...openOptions, loadDataDir: new Uint8Array(await readFile(file)) });
      try {
        // Idempotent and fast: confirms the template holds what the key promised.
        await applyPlatformAndMigrations(db, projectDir, log);
        return db;
      } catch (err) {
        await db.close();
        await rm(file, { force: true });
        log(`discarded a stale database template: ${(err as Error).message}`);
      }
    }
  } catch (err) {
    log(`database template unavailable: ${(err as Error).message}`);
  }
  const db = await openDatabase(openOptions);
  try {
    await applyPlatformAndMigrations(db, projectDir, log);
  } catch (err) {
    await db.close();
    throw err;
  }
  if (key) {
    try {
      const bytes = await db.dumpDataDir();
      await mkdir(TEMPLATE_DIR, { recursive: true });
      const tmp = join(TEMPLATE_DIR, `${key}.${process.pid}.${Date.now()}.partial`);
      await writeFile(tmp, bytes);
      await rename(tmp, join(TEMPLATE_DIR, `${key}.tar`));
      await prune();
    } catch (err) {
      log(`could not save a database template: ${(err as Error).message}`);
    }
  }
  return db;
}
