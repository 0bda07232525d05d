import { afterAll, beforeAll, describe } from 'vitest';
import { startTestBackend, type TestBackend } from '../../testing/backend.ts';
import { REALTIME_FILES } from '../../testing/realtime.ts';
import { realtimeContract } from './realtime.contract.ts';

describe('realtime postgres_changes on PGlite', () => {
  let b: TestBackend;
  beforeAll(async () => {
    b = await startTestBackend({ files: REALTIME_FILES });
  });
  afterAll(async () => {
    await b?.stop();
  });

  realtimeContract(() => b);
});
