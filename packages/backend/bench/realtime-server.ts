/**
 * The backend under measurement for realtime-bench.ts, in a process of its own so that its memory is its own:
 * started with the realtime test tables, it tells its parent its URL and keys, and answers `memory` and `stop`.
 */
import { startTestBackend } from '../testing/backend.ts';
import { startPostgres, type ThrowawayPostgres } from '../testing/postgres.ts';
import { REALTIME_FILES } from '../testing/realtime.ts';

const engine = process.argv[2] ?? 'pglite';
const cluster: ThrowawayPostgres | undefined = engine === 'postgres' ? await startPostgres() : undefined;
const backend = await startTestBackend({ files: REALTIME_FILES, postgres: cluster });

// The benchmark went away (it failed, or was stopped): so does its backend.
process.on('disconnect', () => {
  void backend
    .stop()
    .then(() => cluster?.stop())
    .finally(() => process.exit(1));
});

process.on('message', (message: { type: string }) => {
  if (message.type === 'memory') {
    globalThis.gc?.();
    const { rss, heapUsed, heapTotal, external } = process.memoryUsage();
    process.send?.({ type: 'memory', rss, heapUsed, heapTotal, external });
  } else if (message.type === 'stop') {
    void backend
      .stop()
      .then(() => cluster?.stop())
      .then(() => process.exit(0));
  }
});
process.send?.({
  type: 'ready',
  url: backend.url,
  anonKey: backend.anonKey,
  serviceRoleKey: backend.serviceRoleKey,
  dbUrl: backend.dbUrl,
});
