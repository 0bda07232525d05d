import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBackendProcess, stopBackendProcess, type BackendProcess } from '../../testing/processes.ts';
import { writeReliabilityProject } from './reliability-project.ts';

/** Inserts a note through GraphQL as service_role; true only when the backend acknowledged it. */
async function post(p: BackendProcess, body: string): Promise<boolean> {
  try {
    const res = await fetch(`${p.url}/graphql/v1`, {
      method: 'POST',
      headers: {
        apikey: p.serviceRoleKey,
        authorization: `Bearer ${p.serviceRoleKey}`,
        'content-type': 'application/json',
      },
      body: JSON.stringify({
        query: `mutation($body: String!) { insertIntonoteCollection(objects: [{ owner: "00000000-0000-0000-0000-000000000001", body: $body }]) { affectedCount } }`,
        variables: { body },
      }),
      signal: AbortSignal.timeout(10_000),
    });
    const json = (await res.json()) as { data?: { insertIntonoteCollection?: { affectedCount: number } } };
    return res.ok && json.data?.insertIntonoteCollection?.affectedCount === 1;
  } catch {
    return false;
  }
}

async function notes(p: BackendProcess): Promise<string[]> {
  const res = await fetch(`${p.url}/graphql/v1`, {
    method: 'POST',
    headers: {
      apikey: p.serviceRoleKey,
      authorization: `Bearer ${p.serviceRoleKey}`,
      'content-type': 'application/json',
    },
    body: JSON.stringify({ query: '{ noteCollection(first: 100) { edges { node { body } } } }' }),
  });
  const json = (await res.json()) as { data: { noteCollection: { edges: { node: { body: string } }[] } } };
  return json.data.noteCollection.edges.map((e) => e.node.body).sort();
}

describe('one writer per data directory, through a pause', () => {
  let dataDir: string;
  let projectDir: string;
  const running: BackendProcess[] = [];
  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'snapshire-lock-pause-'));
    projectDir = await writeReliabilityProject();
  });
  afterAll(async () => {
    for (const p of running) {
      p.child.kill('SIGCONT');
      await stopBackendProcess(p);
    }
    await rm(dataDir, { recursive: true, force: true });
    await rm(projectDir, { recursive: true, force: true });
  });

  it('a backend paused past its lock stops writing and exits loudly; no acknowledged post is lost', async () => {
    const env = { DATA_DIR: dataDir, SUPABASE_PROJECT_DIR: projectDir, SEED: 'false' };
    const first = await startBackendProcess(env);
    running.push(first);
    const acknowledged: string[] = [];
    if (await post(first, 'public:first before the pause')) acknowledged.push('public:first before the pause');
    expect(acknowledged).toHaveLength(1);

    first.child.kill('SIGSTOP');
    await new Promise((r) => setTimeout(r, 12_000));
    const second = await startBackendProcess(env);
    running.push(second);
    if (await post(second, 'public:second while the first is paused'))
      acknowledged.push('public:second while the first is paused');

    first.child.kill('SIGCONT');
    const resumed = await post(first, 'public:first after it resumed');
    if (resumed) acknowledged.push('public:first after it resumed');
    expect(resumed).toBe(false);
    expect(await first.exited).toBe(4);
    expect(first.output()).toContain('lock on the data directory');

    if (await post(second, 'public:second after the first exited'))
      acknowledged.push('public:second after the first exited');
    expect(acknowledged).toHaveLength(3);
    await stopBackendProcess(second);

    const third = await startBackendProcess(env);
    running.push(third);
    expect(await notes(third)).toEqual([...acknowledged].sort());
    await stopBackendProcess(third);
  }, 240_000);
});
