// Apart from postgres.ts, which benchmarks load outside vitest.
import { afterAll, describe, it } from 'vitest';
import { shouldRunPostgres, startPostgres, type ThrowawayPostgres } from './postgres.ts';

/**
 * A suite written for any engine, defined on PostgreSQL: `define` gets the suite's name and a function that makes
 * it a fresh database on one throwaway cluster (started at the first call, stopped after the file). Where
 * PostgreSQL is neither installed nor required, a skipped suite says so (REQUIRE_POSTGRES=1 fails the run instead).
 */
export function defineOnPostgres(
  subject: string,
  define: (engine: string, createDatabase: () => Promise<string>) => void,
): void {
  if (!shouldRunPostgres()) {
    describe.skip(`${subject} on PostgreSQL (server binaries not installed; REQUIRE_POSTGRES=1 makes this fail)`, () => {
      it('needs PostgreSQL', () => {});
    });
    return;
  }
  let cluster: ThrowawayPostgres | undefined;
  afterAll(async () => {
    await cluster?.stop();
  });
  define('PostgreSQL', async () => {
    cluster ??= await startPostgres();
    return cluster.createDatabase();
  });
}
