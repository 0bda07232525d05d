import { afterAll, beforeAll, describe } from 'vitest';
import { shouldRunPostgres, startPostgres, type ThrowawayPostgres } from '../../testing/postgres.ts';
import { startTestBackend, type TestBackend } from '../../testing/backend.ts';
import { authContract } from './auth.contract.ts';
import { storageContract } from './storage.contract.ts';

// Runs wherever PostgreSQL's binaries are installed; with REQUIRE_POSTGRES=1 (CI) it runs regardless, so a
// missing PostgreSQL fails the suite instead of skipping it.
describe.runIf(shouldRunPostgres())('backend contract on a real PostgreSQL', () => {
  let cluster: ThrowawayPostgres;
  let b: TestBackend;
  beforeAll(async () => {
    cluster = await startPostgres();
    b = await startTestBackend({ postgres: cluster });
  });
  afterAll(async () => {
    await b?.stop();
    await cluster?.stop();
  });

  describe('auth', () => authContract(() => b));
  describe('storage', () => storageContract(() => b));
});
