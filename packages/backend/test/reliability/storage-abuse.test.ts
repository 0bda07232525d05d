import { afterAll, beforeAll, describe } from 'vitest';
import { startTestBackend, type TestBackend } from '../../testing/backend.ts';
import { shouldRunPostgres, startPostgres, type ThrowawayPostgres } from '../../testing/postgres.ts';
import { storageAbuseContract } from './storage-abuse.contract.ts';

const RENDER_CACHE_MAX_BYTES = 30_000;

describe('storage abuse on PGlite', () => {
  let b: TestBackend;
  beforeAll(async () => {
    b = await startTestBackend({ renderCacheMaxBytes: RENDER_CACHE_MAX_BYTES });
  });
  afterAll(async () => b?.stop());
  storageAbuseContract(() => b, RENDER_CACHE_MAX_BYTES);
});

describe.runIf(shouldRunPostgres())('storage abuse on PostgreSQL', () => {
  let cluster: ThrowawayPostgres;
  let b: TestBackend;
  beforeAll(async () => {
    cluster = await startPostgres();
    b = await startTestBackend({ postgres: cluster, renderCacheMaxBytes: RENDER_CACHE_MAX_BYTES });
  });
  afterAll(async () => {
    await b?.stop();
    await cluster?.stop();
  });
  storageAbuseContract(() => b, RENDER_CACHE_MAX_BYTES);
});
