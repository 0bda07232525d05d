import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { startTestBackend, type TestBackend } from '../../testing/backend.ts';
import { shouldRunPostgres, startPostgres, type ThrowawayPostgres } from '../../testing/postgres.ts';
import { writeTestProject } from '../../testing/project.ts';
import { newHeard, realtimeClient, subscribe, until, REALTIME_FILES } from '../../testing/realtime.ts';

/** A stop that hangs on open sockets is what this guards against: far below the test timeout. */
const STOP_WITHIN_MS = 5_000;

async function timedStop(b: TestBackend): Promise<number> {
  const started = performance.now();
  await b.stop();
  return performance.now() - started;
}

/**
 * A backend stopped with sockets open (supabase-js tabs, and a raw socket that never answers a close) stops at
 * once; started again on the same port and data, the tabs reconnect and rejoin by themselves (realtime-js) and
 * hear new changes.
 */
async function restartCase(start: (port: number) => Promise<TestBackend>): Promise<void> {
  let b = await start(0);
  const port = Number(new URL(b.url).port);
  const tab = realtimeClient(b);
  try {
    const heard = newHeard();
    const channel = tab
      .channel('restart')
      .on('postgres_changes', { event: 'INSERT', schema: 'public', table: 'message' }, (p) => heard.changes.push(p));
    await subscribe(channel, heard);
    await b.sql(`insert into public.message (room, body) values (1, 'before the restart')`);
    await until(() => heard.changes.length === 1, 'the change before the restart');

    const silent = new WebSocket(`${b.url.replace('http', 'ws')}/realtime/v1/websocket?apikey=${b.anonKey}&vsn=2.0.0`);
    await new Promise((resolve, reject) => silent.once('open', resolve).once('error', reject));
    // Reads nothing and answers nothing from now on.
    silent.pause();

    expect(await timedStop(b)).toBeLessThan(STOP_WITHIN_MS);
    silent.terminate();

    b = await start(port);
    await until(() => heard.statuses.filter((s) => s === 'SUBSCRIBED').length === 2, 'the rejoin', 15_000);
    await b.sql(`insert into public.message (room, body) values (1, 'after the restart')`);
    await until(() => heard.changes.length === 2, 'the change after the restart');
    expect(heard.changes.map((c) => (c as { new: { body: string } }).new.body)).toEqual([
      'before the restart',
      'after the restart',
    ]);
  } finally {
    await tab.removeAllChannels();
    expect(await timedStop(b)).toBeLessThan(STOP_WITHIN_MS);
  }
}

describe('realtime across a backend restart', () => {
  const cleanup: Array<() => Promise<void>> = [];
  afterAll(async () => {
    for (const fn of cleanup.reverse()) await fn();
  });

  it('on PGlite: same port and data directory', async () => {
    const projectDir = await writeTestProject({ files: REALTIME_FILES });
    const dataDir = await mkdtemp(join(tmpdir(), 'snapshire-realtime-'));
    cleanup.push(
      () => rm(projectDir, { recursive: true, force: true }),
      () => rm(dataDir, { recursive: true, force: true }),
    );
    await restartCase((port) => startTestBackend({ projectDir, dataDir, port }));
  });

  it.runIf(shouldRunPostgres())('on PostgreSQL: same port and database', async () => {
    const cluster: ThrowawayPostgres = await startPostgres();
    cleanup.push(() => cluster.stop());
    const projectDir = await writeTestProject({ files: REALTIME_FILES });
    cleanup.push(() => rm(projectDir, { recursive: true, force: true }));
    const databaseUrl = await cluster.createDatabase();
    await restartCase((port) => startTestBackend({ projectDir, databaseUrl, port }));
  });
});
