/**
 * The same matrix on a real PostgreSQL (Debian's postgresql 15, a throwaway cluster). Runs wherever the
 * server binaries are installed; with REQUIRE_POSTGRES=1 (CI) a missing or broken PostgreSQL fails the run.
 */
import { openDatabase } from '../../../packages/backend/src/db/index.ts';
import { defineOnPostgres } from '../../../packages/backend/testing/postgresSuite.ts';
import { defineGroupRules } from './group-rules.ts';
import { defineRlsMatrix } from './rls-matrix.ts';
import { defineProfileRules } from './profile-rules.ts';
import { defineSocialRules } from './social-rules.ts';

defineOnPostgres('row level security matrix', (engine, createDatabase) => {
  const open = async () => openDatabase({ databaseUrl: await createDatabase() });
  defineRlsMatrix(engine, open);
  defineGroupRules(engine, open);
  defineSocialRules(engine, open);
  defineProfileRules(engine, open);
});
