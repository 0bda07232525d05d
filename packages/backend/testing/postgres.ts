import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chmod, chown, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';

const run = promisify(execFile);

/** Where Debian's postgresql package puts the server binaries (override with POSTGRES_BIN). */
export function postgresBinDir(): string | undefined {
  const candidates = [
    process.env.POSTGRES_BIN,
    '/usr/lib/postgresql/15/bin',
    '/usr/lib/postgresql/16/bin',
    '/usr/lib/postgresql/17/bin',
  ];
  return candidates.find(
    (dir): dir is string => !!dir && existsSync(join(dir, 'initdb')) && existsSync(join(dir, 'pg_ctl')),
  );
}

/** True when the suite was asked to run on PostgreSQL (CI): missing binaries then fail the run, not skip it. */
export function postgresRequired(): boolean {
  return process.env.REQUIRE_POSTGRES === '1';
}

/** Whether PostgreSQL tests should run here: binaries present, or required (and then they fail loudly). */
export function shouldRunPostgres(): boolean {
  return postgresRequired() || postgresBinDir() !== undefined;
}

export interface ThrowawayPostgres {
  /** postgresql:///postgres?host=<its private folder>&user=postgres */
  url: string;
  /** A new, empty database on this cluster; returns its URL. */
  createDatabase(name?: string): Promise<string>;
  stop(): Promise<void>;
}

/**
 * Starts a throwaway PostgreSQL cluster in a temporary folder: trust auth, so it listens on a Unix socket in
 * that 0700 folder only (no TCP port another local user could reach), fsync off (tests only). As root it runs initdb/pg_ctl as the `postgres` user (PostgreSQL refuses root).
 */
export async function startPostgres(): Promise<ThrowawayPostgres> {
  const bin = postgresBinDir();
  if (!bin) {
    throw new Error(
      'PostgreSQL server binaries not found (looked in POSTGRES_BIN and /usr/lib/postgresql/<15|16|17>/bin). ' +
        'Install them with: apt-get install -y postgresql',
    );
  }
  const dir = await mkdtemp(join(tmpdir(), 'snapshire-pg-'));
  const dataDir = join(dir, 'data');
  const asRoot = userInfo().uid === 0;
  const exec = async (cmd: string, args: string[]) => {
    const full = join(bin, cmd);
    try {
      return asRoot ? await run('runuser', ['-u', 'postgres', '--', full, ...args]) : await run(full, args);
    } catch (err) {
      const e = err as { stderr?: string; message: string };
      throw new Error(`${cmd} failed: ${(e.stderr || e.message).trim().slice(0, 2000)}`, { cause: err });
    }
  };
  if (asRoot) {
    const { stdout } = await run('id', ['-u', 'postgres']);
    const { stdout: gid } = await run('id', ['-g', 'postgres']);
    await chown(dir, Number(stdout.trim()), Number(gid.trim()));
    await chmod(dir, 0o700);
  }
  try {
    await exec('initdb', ['-D', dataDir, '-A', 'trust', '-U', 'postgres', '--no-sync', '-E', 'UTF8', '--locale=C']);
    const serverOptions = [
      `-k ${dir}`,
      `-c listen_addresses=''`,
      '-c fsync=off',
      '-c synchronous_commit=off',
      '-c full_page_writes=off',
      '-c max_connections=100',
    ].join(' ');
    await exec('pg_ctl', [
      '-D',
      dataDir,
      '-o',
      serverOptions,
      '-l',
      join(dir, 'server.log'),
      '-w',
      '-t',
      '60',
      'start',
    ]);
  } catch (err) {
    await rm(dir, { recursive: true, force: true });
    throw err;
  }
  const urlOf = (db: string) =>
    `postgresql:///${db}?host=${encodeURIComponent(dir).replaceAll('%2F', '/')}&user=postgres`;
  const url = urlOf('postgres');
  let counter = 0;
  let stopped = false;
  return {
    url,
    async createDatabase(name) {
      const db = name ?? `t${Date.now().toString(36)}_${++counter}`;
      if (!/^[a-z_][a-z0-9_]*$/.test(db)) throw new Error(`bad database name ${db}`);
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      try {
        await client.query(`create database ${db}`);
      } finally {
        await client.end();
      }
      return urlOf(db);
    },
    async stop() {
      if (stopped) return;
      stopped = true;
      try {
        await exec('pg_ctl', ['-D', dataDir, '-m', 'immediate', '-w', 'stop']);
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    },
  };
}
