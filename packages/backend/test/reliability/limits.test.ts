import { rm } from 'node:fs/promises';
import { afterAll, beforeAll, describe } from 'vitest';
import { startTestBackend, type TestBackend } from '../../testing/backend.ts';
import { shouldRunPostgres, startPostgres, type ThrowawayPostgres } from '../../testing/postgres.ts';
import { limitsContract, TEST_TIMEOUTS } from './limits.contract.ts';
import { writeReliabilityProject } from './reliability-project.ts';

describe('resource limits on PGlite', () => {
  let b: TestBackend;
  let projectDir: string;
  beforeAll(async () => {
    projectDir = await writeReliabilityProject();
    b = await startTestBackend({ projectDir, statementTimeouts: TEST_TIMEOUTS });
  });
  afterAll(async () => {
    await b?.stop();
    await rm(projectDir, { recursive: true, force: true });
  });
  limitsContract(() => b);
});

describe.runIf(shouldRunPostgres())('resource limits on PostgreSQL', () => {
  let cluster: ThrowawayPostgres;
  let b: TestBackend;
  let projectDir: string;
  beforeAll(async () => {
    cluster = await startPostgres();
    projectDir = await writeReliabilityProject();
    b = await startTestBackend({ projectDir, postgres: cluster, statementTimeouts: TEST_TIMEOUTS });
  });
  afterAll(async () => {
    await b?.stop();
    await cluster?.stop();
    await rm(projectDir, { recursive: true, force: true });
  });
  limitsContract(() => b);
});
