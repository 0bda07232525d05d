import { request } from 'node:http';
import { readdir } from 'node:fs/promises';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PHOTO_BUCKET, POST_CREATE_FIELDS, POST_CREATE_FUNCTION } from '@snapshire/contracts';
import pg from 'pg';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SAMPLE_ACCOUNTS } from '../../../../supabase/seed/accounts.ts';
import { SEED_CATEGORIES, SEED_GROUPS } from '../../../../supabase/seed/ids.ts';
import { startBackendProcess, stopBackendProcess, type BackendProcess } from '../../testing/processes.ts';
import { requestLine, startRelay, type HeldRequest, type HoldAt, type Relay } from '../../testing/relay.ts';
import { writeProductProjectWithoutPhotos } from './reliability-project.ts';

/** A noisy (so barely compressible) JPEG of a few megabytes: the function needs a while to take it in. */
async function bigPhoto(): Promise<Buffer> {
  const width = 2400;
  const height = 1600;
  const raw = Buffer.alloc(width * height * 3);
  for (let i = 0; i < raw.length; i++) raw[i] = (i * 2654435761) >>> 24;
  return sharp(raw, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 92 })
    .toBuffer();
}

function multipart(photo: Buffer, description: string): { boundary: string; body: Buffer } {
  const boundary = `----snapshire-kill-${Date.now()}`;
  const field = (name: string, value: string) =>
    `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
  const head =
    field(POST_CREATE_FIELDS.GROUP_ID, SEED_GROUPS.bristol) +
    field(POST_CREATE_FIELDS.DESCRIPTION, description) +
    field(POST_CREATE_FIELDS.PHOTO_TYPE, 'DIGITAL') +
    field(POST_CREATE_FIELDS.WIDTH, '2400') +
    field(POST_CREATE_FIELDS.HEIGHT, '1600') +
    field(POST_CREATE_FIELDS.CATEGORY_IDS, SEED_CATEGORIES.photography) +
    `--${boundary}\r\nContent-Disposition: form-data; name="${POST_CREATE_FIELDS.FILE}"; filename="photo.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`;
  return { boundary, body: Buffer.concat([Buffer.from(head), photo, Buffer.from(`\r\n--${boundary}--\r\n`)]) };
}

/**
 * Where to kill, each reached by construction, and what that point implies. The client holds its body (the
 * backend reads a request whole before the function runs, so the function has not started); or the relay
 * between the function and the backend's API (testing/relay.ts) holds the function's storage upload or its
 * post_create call, before the backend sees it or once it has answered; or the client has its 201.
 * `before` is the upload's state at the kill (its post rows, and objects and files beyond those before it);
 * `after` is what the restart must leave of it.
 */
interface KillPoint {
  label: string;
  at: 'half-body' | 'relay' | 'answer';
  hold?: HoldAt;
  before: { posts: number; objects: number; files: number };
  after: 'nothing stored' | 'photo reconciled away' | 'post kept';
}

const STORAGE_UPLOAD = new RegExp(`^/storage/v1/object/${PHOTO_BUCKET}/posts/`);
const POST_CREATE_RPC = /^\/rest\/v1\/rpc\/post_create$/;

const KILL_POINTS: KillPoint[] = [
  { label: 'half the body sent', at: 'half-body', before: { posts: 0, objects: 0, files: 0 }, after: 'nothing stored' },
  {
    label: 'its photo is on the way to storage',
    at: 'relay',
    hold: { method: 'POST', path: STORAGE_UPLOAD, phase: 'request' },
    before: { posts: 0, objects: 0, files: 0 },
    after: 'nothing stored',
  },
  {
    label: 'storage has stored its photo',
    at: 'relay',
    hold: { method: 'POST', path: STORAGE_UPLOAD, phase: 'answer' },
    before: { posts: 0, objects: 1, files: 1 },
    after: 'photo reconciled away',
  },
  {
    label: 'its post_create is on the way to the database',
    at: 'relay',
    hold: { method: 'POST', path: POST_CREATE_RPC, phase: 'request' },
    before: { posts: 0, objects: 1, files: 1 },
    after: 'photo reconciled away',
  },
  {
    label: 'post_create has committed its post',
    at: 'relay',
    hold: { method: 'POST', path: POST_CREATE_RPC, phase: 'answer' },
    before: { posts: 1, objects: 1, files: 1 },
    after: 'post kept',
  },
  { label: 'the 201 arrived', at: 'answer', before: { posts: 1, objects: 1, files: 1 }, after: 'post kept' },
];

async function fileCount(dataDir: string): Promise<number> {
  const objectsDir = join(dataDir, 'storage', 'objects');
  let n = 0;
  for (const shard of await readdir(objectsDir).catch(() => [] as string[]))
    n += (await readdir(join(objectsDir, shard)).catch(() => [])).length;
  return n;
}

/** One upload's footprint: its post rows (and how many are unfinished), and every object of the bucket and file. */
interface Footprint {
  posts: number;
  unfinishedPosts: number;
  objects: number;
  files: number;
}

async function footprint(db: pg.Client, dataDir: string, description: string): Promise<Footprint> {
  const { rows } = await db.query<{ posts: number; unfinished: number; objects: number }>(
    `select (select count(*)::int from public.post where description = $1) as posts,
            (select count(*)::int from public.post where description = $1 and not has_uploaded_photo) as unfinished,
            (select count(*)::int from storage.objects where bucket_id = $2) as objects`,
    [description, PHOTO_BUCKET],
  );
  return {
    posts: rows[0]!.posts,
    unfinishedPosts: rows[0]!.unfinished,
    objects: rows[0]!.objects,
    files: await fileCount(dataDir),
  };
}

async function footprintOf(p: BackendProcess, dataDir: string, description: string): Promise<Footprint> {
  const db = new pg.Client({ connectionString: p.dbUrl });
  await db.connect();
  try {
    return await footprint(db, dataDir, description);
  } finally {
    await db.end();
  }
}

/**
 * Sends the upload, brings it to the kill point and SIGKILLs the backend there. Resolves with the HTTP status
 * if an answer arrived before the kill (an acknowledged post when 201), the footprint before the upload
 * (`base`), the upload's state at the kill (objects and files beyond `base`), what the relay held and what it
 * passed on meanwhile.
 */
async function uploadAndKill(
  p: BackendProcess,
  relay: Relay,
  dataDir: string,
  token: string,
  photo: Buffer,
  description: string,
  point: KillPoint,
): Promise<{
  status?: number;
  base: Footprint;
  atKill: KillPoint['before'];
  held?: HeldRequest;
  relayed: string[];
  answer: string;
}> {
  const { boundary, body } = multipart(photo, description);
  const db = new pg.Client({ connectionString: p.dbUrl });
  await db.connect();
  db.on('error', () => undefined);
  const base = await footprint(db, dataDir, description);
  const relayedFrom = relay.requests.length;
  let status: number | undefined;
  let answered!: () => void;
  const answer = new Promise<void>((r) => (answered = r));
  const url = new URL(`${p.url}/functions/v1/${POST_CREATE_FUNCTION}`);
  const req = request(url, {
    method: 'POST',
    headers: {
      apikey: p.anonKey,
      authorization: `Bearer ${token}`,
      'content-type': `multipart/form-data; boundary=${boundary}`,
      'content-length': String(body.length),
    },
  });
  let answerText = '';
  req.on('response', (res) => {
    status = res.statusCode;
    res.on('data', (d: Buffer) => (answerText += d.toString()));
    res.on('end', answered);
    res.on('error', answered);
  });
  req.on('error', () => answered());
  let held: HeldRequest | undefined;
  if (point.at === 'half-body') {
    await new Promise<void>((r) => req.write(body.subarray(0, body.length >> 1), () => r()));
    await new Promise((r) => setTimeout(r, 50));
  } else if (point.at === 'relay') {
    const holding = relay.hold(point.hold!, 60_000);
    req.end(body);
    held = await holding;
  } else {
    req.end(body);
    await answer;
  }
  // The state the point implies, read while the upload stands there (nothing the relay holds is in a
  // transaction, so the database answers).
  const now = await footprint(db, dataDir, description);
  const atKill = { posts: now.posts, objects: now.objects - base.objects, files: now.files - base.files };
  p.child.kill('SIGKILL');
  await p.exited;
  relay.release();
  await db.end().catch(() => undefined);
  // What the backend said about the upload: a refusal's cause is logged there, not in its answer.
  const logged = p
    .output()
    .split('\n')
    .filter((line) => /handle-post-create|cancel|restarted|error/i.test(line))
    .join('\n');
  return {
    status,
    base,
    atKill,
    held,
    relayed: relay.requests.slice(relayedFrom).map(requestLine),
    answer: `${answerText.slice(0, 300)}${logged ? `\n  backend log:\n${logged}` : ''}`,
  };
}

/** Answers other than 201, with their bodies (a refusal is a bug: its body says why). */
const refusals: string[] = [];

/** Starts one upload through the function; resolves with its HTTP status, or undefined if none arrived. */
function sendUpload(p: BackendProcess, token: string, photo: Buffer, description: string): Promise<number | undefined> {
  const { boundary, body } = multipart(photo, description);
  return new Promise((resolve) => {
    const req = request(new URL(`${p.url}/functions/v1/${POST_CREATE_FUNCTION}`), {
      method: 'POST',
      headers: {
        apikey: p.anonKey,
        authorization: `Bearer ${token}`,
        'content-type': `multipart/form-data; boundary=${boundary}`,
        'content-length': String(body.length),
      },
    });
    req.on('response', (res) => {
      let text = '';
      res.on('data', (d: Buffer) => (text += d.toString()));
      res.on('error', () => resolve(res.statusCode));
      res.on('close', () => resolve(res.statusCode));
      res.on('end', () => {
        if (res.statusCode !== 201) refusals.push(`${res.statusCode} ${text.slice(0, 300)}`);
        resolve(res.statusCode);
      });
    });
    req.on('error', () => resolve(undefined));
    req.end(body);
  });
}

/** The uploader's account (ada's, confirmed) and her membership of the group, made once per data directory. */
async function ensureUploader(p: BackendProcess): Promise<void> {
  const res = await fetch(`${p.url}/auth/v1/admin/users`, {
    method: 'POST',
    headers: {
      apikey: p.serviceRoleKey,
      authorization: `Bearer ${p.serviceRoleKey}`,
      'content-type': 'application/json',
    },
    body: JSON.stringify({ ...SAMPLE_ACCOUNTS.ada, email_confirm: true }),
  });
  // 422: made by an earlier start on this data directory.
  if (!res.ok && res.status !== 422)
    throw new Error(`could not create the uploader: ${res.status} ${await res.text()}`);
  const db = new pg.Client({ connectionString: p.dbUrl });
  await db.connect();
  try {
    await db.query(
      `insert into public.group_member (group_id, user_id, role)
       select $1, id, 'member' from auth.users where email = $2 on conflict do nothing`,
      [SEED_GROUPS.bristol, SAMPLE_ACCOUNTS.ada.email],
    );
  } finally {
    await db.end();
  }
}

async function signIn(p: BackendProcess): Promise<string> {
  const res = await fetch(`${p.url}/auth/v1/token?grant_type=password`, {
    method: 'POST',
    headers: { apikey: p.anonKey, 'content-type': 'application/json' },
    body: JSON.stringify(SAMPLE_ACCOUNTS.ada),
  });
  const json = (await res.json()) as { access_token?: string };
  if (!json.access_token) throw new Error(`sign-in failed: ${JSON.stringify(json)}`);
  return json.access_token;
}

interface Counts {
  posts: number;
  unfinished: number;
  postsWithoutObject: number;
  objectsWithoutPost: number;
  objectRowsWithoutFile: number;
  strayFiles: number;
}

async function counts(p: BackendProcess, dataDir: string): Promise<Counts & { descriptions: string[] }> {
  const db = new pg.Client({ connectionString: p.dbUrl });
  await db.connect();
  try {
    const { rows } = await db.query<Omit<Counts, 'objectRowsWithoutFile' | 'strayFiles'>>(
      `select (select count(*)::int from public.post) as posts,
              (select count(*)::int from public.post where not has_uploaded_photo) as unfinished,
              (select count(*)::int from public.post p where not exists (
                 select from storage.objects o where o.bucket_id = $1 and o.name = 'posts/' || p.id || '/' || p.file_name)) as "postsWithoutObject",
              (select count(*)::int from storage.objects o where o.bucket_id = $1 and o.name like 'posts/%' and not exists (
                 select from public.post p where o.name = 'posts/' || p.id || '/' || p.file_name)) as "objectsWithoutPost"`,
      [PHOTO_BUCKET],
    );
    const versions = new Set(
      (await db.query<{ version: string }>('select version from storage.objects where version is not null')).rows.map(
        (r) => r.version,
      ),
    );
    const objectsDir = join(dataDir, 'storage', 'objects');
    const files = new Set<string>();
    for (const shard of await readdir(objectsDir).catch(() => [] as string[])) {
      for (const name of await readdir(join(objectsDir, shard))) files.add(name);
    }
    const descriptions = (
      await db.query<{ description: string }>(`select description from public.post where description like 'kill %'`)
    ).rows.map((r) => r.description);
    return {
      ...rows[0]!,
      objectRowsWithoutFile: [...versions].filter((v) => !files.has(v)).length,
      strayFiles: [...files].filter((f) => !versions.has(f)).length,
      descriptions,
    };
  } finally {
    await db.end();
  }
}

// Each test's limit (600 s) is on a hang, not a speed check: seven backend starts and six uploads of a few
// megabytes take 40-75 s alone, and took 263 s in a fresh-clone CI run with the other suites on both cores.
describe('crash-consistent uploads: SIGKILL at points of an upload, then restart', () => {
  let dataDir: string;
  let projectDir: string;
  let env: Record<string, string>;
  let current: BackendProcess | undefined;
  /** Between handle-post-create and the backend's API, for every start. */
  let relay: Relay;
  /** A start on the shared data directory, with the uploader in place. */
  const start = async (): Promise<BackendProcess> => {
    const p = await startBackendProcess(env);
    relay.target = p.url;
    await ensureUploader(p);
    return p;
  };
  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'snapshire-upload-kill-'));
    relay = await startRelay();
    projectDir = await writeProductProjectWithoutPhotos({ functionsApiUrl: relay.url });
    env = { DATA_DIR: dataDir, SUPABASE_PROJECT_DIR: projectDir, AUTOCONFIRM: 'false' };
  });
  afterAll(async () => {
    if (current) await stopBackendProcess(current);
    await relay?.stop();
    await rm(dataDir, { recursive: true, force: true });
    await rm(projectDir, { recursive: true, force: true });
  });

  it('leaves no post without its photo, no photo without its post, and keeps every acknowledged post', async () => {
    const photo = await bigPhoto();
    current = await start();
    const acknowledged: string[] = [];
    const report: string[] = [];
    // The answer comes first: every post acknowledged by then must survive every later crash.
    for (const point of [...KILL_POINTS.slice(-1), ...KILL_POINTS.slice(0, -1)]) {
      const description = `kill ${point.label}`;
      const killed = await uploadAndKill(current, relay, dataDir, await signIn(current), photo, description, point);
      const { status, base, atKill, held, relayed } = killed;
      if (status === 201) acknowledged.push(description);
      current = await start();
      const c = await counts(current, dataDir);
      const left = await footprintOf(current, dataDir, description);
      const reconciled = /reconciled uploads at start: (.*)/.exec(current.output())?.[1] ?? 'nothing to reconcile';
      const said = `killed when ${point.label}: answer ${status ?? 'none'}${status && status !== 201 ? ` ${killed.answer}` : ''}; at the kill ${JSON.stringify(atKill)}; ${reconciled}; after: ${JSON.stringify({ ...c, descriptions: c.descriptions.length })}`;
      report.push(said);

      // The point was reached, and the upload stood where it says.
      if (point.at === 'answer') expect(status, said).toBe(201);
      else expect(status, `the client heard nothing before the kill: ${said}`).toBeUndefined();
      if (point.at === 'half-body') expect(relayed, 'the function never ran').toEqual([]);
      if (point.hold?.phase === 'answer') expect(held?.answer?.status, said).toBe(200);
      if (point.hold?.path === POST_CREATE_RPC) {
        expect((JSON.parse(held!.request.body) as { p_description?: string }).p_description).toBe(description);
        if (point.hold.phase === 'answer') expect(JSON.parse(held!.answer!.body.toString())).toBe('created');
      }
      expect(atKill, said).toEqual(point.before);

      // What the restart left of this upload: what that point implies, nothing half-made.
      expect(left.unfinishedPosts).toBe(0);
      const stored = point.after === 'post kept' ? 1 : 0;
      expect({ posts: left.posts, objects: left.objects - base.objects, files: left.files - base.files }, said).toEqual(
        { posts: stored, objects: stored, files: stored },
      );
      expect(reconciled, said).toBe(
        point.after === 'photo reconciled away'
          ? 'removed 0 unfinished row(s), 1 unclaimed object(s), 0 stray file(s)'
          : 'nothing to reconcile',
      );
      // And nothing half-made anywhere, every acknowledged post kept.
      expect(c.unfinished).toBe(0);
      expect(c.postsWithoutObject).toBe(0);
      expect(c.objectsWithoutPost).toBe(0);
      expect(c.objectRowsWithoutFile).toBe(0);
      expect(c.strayFiles).toBe(0);
      for (const d of acknowledged) expect(c.descriptions).toContain(d);
    }
    console.log(`[upload-kill] photo ${photo.length} bytes\n${report.join('\n')}`);
  }, 600_000);

  it('leaves nothing half-made when killed during 16 concurrent uploads, and keeps every acknowledged one', async () => {
    const photo = await bigPhoto();
    current ??= await start();
    const token = await signIn(current);
    const UPLOADS = 16;
    /** Kill at the first acknowledgement: one post to keep, the others at every stage of their upload. */
    const KILL_AFTER_ACKNOWLEDGED = 1;
    const statuses: (number | undefined)[] = new Array(UPLOADS).fill(undefined);
    let enough!: () => void;
    const killTime = new Promise<void>((r) => (enough = r));
    const descriptions = Array.from({ length: UPLOADS }, (_, i) => `kill concurrent ${i + 1} of ${UPLOADS}`);
    const uploads = descriptions.map((description, i) =>
      sendUpload(current!, token, photo, description).then((status) => {
        // Any 201 that arrives, even one read after the kill, was sent by the backend: an acknowledgement.
        statuses[i] = status;
        if (statuses.filter((st) => st === 201).length >= KILL_AFTER_ACKNOWLEDGED) enough();
      }),
    );
    // Or after 240 s (a loaded machine), whatever has been acknowledged by then.
    await Promise.race([killTime, new Promise((r) => setTimeout(r, 240_000))]);
    const killedBackend = current;
    current.child.kill('SIGKILL');
    await current.exited;
    await Promise.all(uploads);
    // What the backend logged about cancellations, restarts and failed uploads.
    const cancelled = killedBackend
      .output()
      .split('\n')
      .filter((line) => /cancel|error|restarted|handle-post-create/i.test(line));
    const acknowledged = descriptions.filter((_, i) => statuses[i] === 201);
    const refused = statuses.filter((st) => st !== undefined && st !== 201);

    current = await start();
    const c = await counts(current, dataDir);
    const reconciled = /reconciled uploads at start: (.*)/.exec(current.output())?.[1] ?? 'nothing to reconcile';
    const kept = c.descriptions.filter((d) => d.startsWith('kill concurrent '));
    console.log(
      `[upload-kill] killed during ${UPLOADS} concurrent uploads: ${acknowledged.length} acknowledged (201), ` +
        `${UPLOADS - acknowledged.length - refused.length} in flight, ${refused.length} refused ${JSON.stringify(refused)}; ` +
        `${reconciled}; after restart: ${kept.length} of them kept, ` +
        JSON.stringify({ ...c, descriptions: c.descriptions.length }) +
        (cancelled.length ? `\n${cancelled.join('\n')}` : '') +
        (refusals.length ? `\n${refusals.join('\n')}` : ''),
    );
    // Every answer the backend sent before the kill is a 201: these uploads are valid, so a refusal (printed
    // above with its body and the backend's log) is a bug, a 500 above all.
    expect(refusals).toEqual([]);
    expect(acknowledged.length).toBeGreaterThanOrEqual(1);
    expect(acknowledged.length).toBeLessThan(UPLOADS);
    expect(c.unfinished).toBe(0);
    expect(c.postsWithoutObject).toBe(0);
    expect(c.objectsWithoutPost).toBe(0);
    expect(c.objectRowsWithoutFile).toBe(0);
    expect(c.strayFiles).toBe(0);
    for (const d of acknowledged) expect(kept).toContain(d);
  }, 600_000);
});
