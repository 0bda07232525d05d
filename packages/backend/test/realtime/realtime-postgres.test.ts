import { afterAll, beforeAll, describe } from 'vitest';
import { startTestBackend, type TestBackend } from '../../testing/backend.ts';
import { shouldRunPostgres, startPostgres, type ThrowawayPostgres } from '../../testing/postgres.ts';
import { REALTIME_FILES } from '../../testing/realtime.ts';
import { realtimeContract } from './realtime.contract.ts';

// Runs wherever PostgreSQL's binaries are installed; REQUIRE_POSTGRES=1 (CI) makes a missing one fail.
describe.runIf(shouldRunPostgres())('realtime postgres_changes on a real PostgreSQL', () => {
  let cluster: ThrowawayPostgres;
  let b: TestBackend;
  beforeAll(async () => {
    cluster = await startPostgres();
    b = await startTestBackend({ postgres: cluster, files: REALTIME_FILES });
  });
  afterAll(async () => {
    await b?.stop();
    await cluster?.stop();
  });

  realtimeContract(() => b);
});
