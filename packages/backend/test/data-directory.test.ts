import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBackend } from '../src/index.ts';
import { supabaseClient, jpeg } from '../testing/backend.ts';
import { writeTestProject } from '../testing/project.ts';
import pg from 'pg';

const CLI = fileURLToPath(new URL('../src/cli.ts', import.meta.url));

const SEED_TS = `
export default async function seed({ sql, supabase, url, log }) {
  const { data, error } = await supabase.auth.admin.createUser({ email: 'seeded@example.com', password: 'seeded password', email_confirm: true });
  if (error) throw error;
  await sql.query("insert into public.note (owner, body) values ($1, 'public:from seed/index.ts')", [data.user.id]);
  log('seeded ' + url);
}
`;
const FIXTURE_TS = `
export default async function fixture({ sql }) {
  await sql.query("insert into public.note (owner, body) values ('00000000-0000-0000-0000-000000000003', 'public:fixture')");
}
`;

/** Runs the CLI as a second process; resolves with its exit code and output. */
function runCli(env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', CLI], {
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr.on('data', (d: Buffer) => (output += d.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    });
  });
}

async function notes(dbUrl: string): Promise<string[]> {
  const client = new pg.Client({ connectionString: dbUrl });
  await client.connect();
  try {
    return (await client.query<{ body: string }>('select body from public.note order by id')).rows.map((r) => r.body);
  } finally {
    await client.end();
  }
}

describe('a persistent data directory', () => {
  let dataDir: string;
  let projectDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'snapshire-lifecycle-'));
    projectDir = await writeTestProject({
      files: {
        'seed.sql': `insert into public.note (owner, body) values ('00000000-0000-0000-0000-000000000001', 'public:from seed.sql');`,
        'seed/index.ts': SEED_TS,
        'fixtures/extra.ts': FIXTURE_TS,
      },
    });
  });
  afterAll(async () => {
    await rm(dataDir, { recursive: true, force: true });
    await rm(projectDir, { recursive: true, force: true });
  });

  it('is locked against a second process, keeps data across restarts, and seeds once', async () => {
    const first = await startBackend({ port: 0, dataDir, projectDir, log: false, fixtures: ['extra'] });
    let objectPath: string;
    try {
      expect(await notes(first.dbUrl)).toEqual(['public:from seed.sql', 'public:from seed/index.ts', 'public:fixture']);
      const client = supabaseClient(first);
      const { data, error } = await client.auth.signInWithPassword({
        email: 'seeded@example.com',
        password: 'seeded password',
      });
      expect(error).toBeNull();
      objectPath = `${data.user!.id}/kept.jpg`;
      expect(
        (
          await client.storage
            .from('photos')
            .upload(objectPath, new Blob([new Uint8Array(await jpeg(64, 48))], { type: 'image/jpeg' }))
        ).error,
      ).toBeNull();

      const second = await runCli({ DATA_DIR: dataDir, PORT: '0', SUPABASE_PROJECT_DIR: projectDir });
      expect(second.code).toBe(3);
      expect(second.output).toContain('is in use by another process');
    } finally {
      await first.stop();
    }

    const again = await startBackend({ port: 0, dataDir, projectDir, log: false, fixtures: ['extra'] });
    try {
      expect(await notes(again.dbUrl)).toEqual(['public:from seed.sql', 'public:from seed/index.ts', 'public:fixture']);
      const client = supabaseClient(again);
      const { error } = await client.auth.signInWithPassword({
        email: 'seeded@example.com',
        password: 'seeded password',
      });
      expect(error).toBeNull();
      const download = await client.storage.from('photos').download(objectPath);
      expect(download.error).toBeNull();
      expect(download.data!.size).toBeGreaterThan(100);
    } finally {
      await again.stop();
    }
  }, 180_000);
});
