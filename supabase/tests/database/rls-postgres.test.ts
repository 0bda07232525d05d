/**
 * The same matrix on a real PostgreSQL (Debian's postgresql 15, a throwaway cluster). Runs wherever the
 * server binaries are installed; with REQUIRE_POSTGRES=1 (CI) a missing or broken PostgreSQL fails the run.
 */
import { afterAll, describe, it } from 'vitest';
import { openDatabase } from '../../../packages/backend/src/db/index.ts';
import {
  shouldRunPostgres,
  startPostgres,
  type ThrowawayPostgres,
} from '../../../packages/backend/testing/postgres.ts';
import { defineGroupRules } from './group-rules.ts';
import { defineRlsMatrix } from './rls-matrix.ts';
import { defineProfileRules } from './profile-rules.ts';
import { defineSocialRules } from './social-rules.ts';

if (shouldRunPostgres()) {
  let cluster: ThrowawayPostgres | undefined;
  afterAll(async () => {
    await cluster?.stop();
  });
  const open = async () => {
    cluster ??= await startPostgres();
    return openDatabase({ databaseUrl: await cluster.createDatabase() });
  };
  defineRlsMatrix('PostgreSQL', open);
  defineGroupRules('PostgreSQL', open);
  defineSocialRules('PostgreSQL', open);
  defineProfileRules('PostgreSQL', open);
} else {
  describe.skip('row level security matrix on PostgreSQL (server binaries not installed; REQUIRE_POSTGRES=1 makes this fail)', () => {
    it('needs PostgreSQL', () => {});
  });
}
