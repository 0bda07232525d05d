import { spawn } from 'node:child_process';
import { readdirSync, readFileSync, readlinkSync, statSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type OpenedDatabase } from '../../src/db/index.ts';
import { PGLITE_IDLE_HOLD_MS } from '../../src/db/pglite-server.ts';

/** TCP sockets this process listens on (pglite-socket runs in a worker thread of this process). */
function listeningTcpSockets(): string[] {
  const listening = new Map<string, string>();
  for (const file of ['/proc/net/tcp', '/proc/net/tcp6']) {
    let text: string;
    try {
      text = readFileSync(file, 'utf8');
    } catch {
      continue;
    }
    for (const line of text.split('\n').slice(1)) {
      const cols = line.trim().split(/\s+/);
      // st 0A = LISTEN; column 9 is the socket's inode.
      if (cols[3] === '0A') listening.set(cols[9]!, cols[1]!);
    }
  }
  const mine: string[] = [];
  for (const fd of readdirSync('/proc/self/fd')) {
    let target: string;
    try {
      target = readlinkSync(`/proc/self/fd/${fd}`);
    } catch {
      continue;
    }
    const inode = /^socket:\[(\d+)\]$/.exec(target)?.[1];
    if (inode && listening.has(inode)) mine.push(listening.get(inode)!);
  }
  return mine;
}

/** Tries to open the database socket as another local user (nobody); resolves with the error code, or 'connected'. */
function connectAs(uid: number, path: string): Promise<string> {
  const script = `const s = require('node:net').connect(${JSON.stringify(path)});
    s.on('connect', () => { console.log('connected'); s.destroy(); });
    s.on('error', (e) => console.log(e.code));`;
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['-e', script], { uid, gid: uid, stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.once('error', reject);
    child.once('exit', () => resolve(out.trim()));
  });
}

describe('the PGlite socket', () => {
  let db: OpenedDatabase;
  beforeAll(async () => {
    db = await openDatabase({ log: () => {} });
  });
  afterAll(async () => db?.close());

  it('is a Unix socket in a directory only this user can enter, with no TCP port', async () => {
    // postgresql:///db?host=/dir: node-postgres and psql connect to /dir/.s.PGSQL.5432.
    const url = new URL(db.url);
    expect(url.hostname).toBe('');
    const host = url.searchParams.get('host') ?? '';
    expect(host).toMatch(/^\//);
    expect(statSync(host).mode & 0o777).toBe(0o700);
    const socketPath = `${host}/.s.PGSQL.${url.port || 5432}`;
    expect(statSync(socketPath).isSocket()).toBe(true);
    expect(listeningTcpSockets()).toEqual([]);
    const { rows } = await db.query<{ x: number }>('select 1 as x');
    expect(rows[0]!.x).toBe(1);
  });

  // Connecting as another user needs root (CI runs as root): elsewhere this shows as skipped, not passed.
  it.runIf(process.getuid?.() === 0)('refuses a process of another user at the socket', async () => {
    const url = new URL(db.url);
    const socketPath = `${url.searchParams.get('host') ?? ''}/.s.PGSQL.${url.port || 5432}`;
    expect(await connectAs(65534, socketPath)).toBe('EACCES');
    expect(await connectAs(0, socketPath)).toBe('connected');
  });

  it('disconnects a client that holds a transaction open and idle while others wait', async () => {
    const idle = new pg.Client({ connectionString: db.url });
    const ended = new Promise<string>((resolve) => idle.on('error', (err) => resolve(err.message)));
    await idle.connect();
    await idle.query('begin');
    await idle.query('create temporary table held (x int)');
    const started = performance.now();
    const { rows } = await db.query<{ x: number }>('select 1 as x');
    const waited = performance.now() - started;
    expect(rows[0]!.x).toBe(1);
    expect(await ended).toMatch(/terminated/);
    expect(waited).toBeGreaterThanOrEqual(PGLITE_IDLE_HOLD_MS - 100);
    console.log(`[pglite-socket] a request behind an idle transaction answered after ${waited.toFixed(0)} ms`);
  }, 30_000);

  it('lets others run while a client that has connected sends nothing yet', async () => {
    const quiet = new pg.Client({ connectionString: db.url });
    let dropped = false;
    quiet.on('error', () => (dropped = true));
    await quiet.connect();
    try {
      // Answered while the quiet client stays connected: had it held the engine, this query would have waited
      // until the quiet client was dropped for holding it (the order tells, not the machine's speed).
      await db.query('select 1');
      expect(dropped).toBe(false);
      expect((await quiet.query<{ x: number }>('select 2 as x')).rows[0]!.x).toBe(2);
    } finally {
      await quiet.end();
    }
  });
});
