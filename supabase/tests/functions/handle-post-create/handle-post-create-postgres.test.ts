/** The function suite on a real PostgreSQL; with REQUIRE_POSTGRES=1 a missing PostgreSQL fails the run. */
import { afterAll, describe, it } from 'vitest';
import {
  shouldRunPostgres,
  startPostgres,
  type ThrowawayPostgres,
} from '../../../../packages/backend/testing/postgres.ts';
import { defineHandlePostCreateSuite } from './handle-post-create-cases.ts';

if (shouldRunPostgres()) {
  let cluster: ThrowawayPostgres | undefined;
  afterAll(async () => {
    await cluster?.stop();
  });
  defineHandlePostCreateSuite('PostgreSQL', async () => {
    cluster ??= await startPostgres();
    return cluster.createDatabase();
  });
} else {
  describe.skip('handle-post-create on PostgreSQL (server binaries not installed; REQUIRE_POSTGRES=1 makes this fail)', () => {
    it('needs PostgreSQL', () => {});
  });
}
