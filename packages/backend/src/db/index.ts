export {
  openDatabase,
  lockDataDir,
  DataDirLockedError,
  DataDirLockLostError,
  StatementTimeoutError,
  API_ROLES,
  callerSettings,
} from './open.ts';
export type { OpenDatabaseOptions, OpenedDatabase } from './open.ts';
export { applyPlatformAndMigrations, runSeed, runFixture } from './migrate.ts';
export type { SeedContext, SeedFunction, Log } from './migrate.ts';
export type { Caller, Database, QueryResult, SqlClient } from './types.ts';
export { openMigratedMemoryDatabase } from './template.ts';
