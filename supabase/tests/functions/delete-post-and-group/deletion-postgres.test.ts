/** The deletion functions on a real PostgreSQL; with REQUIRE_POSTGRES=1 a missing PostgreSQL fails the run. */
import { afterAll, describe, it } from 'vitest';
import {
  shouldRunPostgres,
  startPostgres,
  type ThrowawayPostgres,
} from '../../../../packages/backend/testing/postgres.ts';
import { defineDeletionSuite } from './deletion-cases.ts';

if (shouldRunPostgres()) {
  let cluster: ThrowawayPostgres | undefined;
  afterAll(async () => {
    await cluster?.stop();
  });
  defineDeletionSuite('PostgreSQL', async () => {
    cluster ??= await startPostgres();
    return cluster.createDatabase();
  });
} else {
  describe.skip('delete-post and delete-group on PostgreSQL (server binaries not installed; REQUIRE_POSTGRES=1 makes this fail)', () => {
    it('needs PostgreSQL', () => {});
  });
}
