import { request } from 'node:http';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  PHOTO_BUCKET,
  POST_CREATE_FIELDS,
  POST_CREATE_FUNCTION,
  postCreatedResponseSchema,
} from '@snapshire/contracts';
import pg from 'pg';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SAMPLE_ACCOUNTS } from '../../../../supabase/seed/accounts.ts';
import { SEED_CATEGORIES, SEED_GROUPS } from '../../../../supabase/seed/ids.ts';
import { startBackendProcess, stopBackendProcess, type BackendProcess } from '../../testing/processes.ts';
import { requestLine, startRelay, type HeldRequest, type HoldAt, type Relay } from '../../testing/relay.ts';
import { writeProductProjectWithoutPhotos } from './reliability-project.ts';

const PHOTO_WIDTH = 1200;
const PHOTO_HEIGHT = 800;

/**
 * A noisy (so barely compressible) JPEG of about 0.8 MB. Where each upload stands at the kill comes from the relay's
 * holds and from concurrency, not from the photo's size; a larger one only makes the 22 decodes cost more (with
 * 2400x1600 the file took 32-39 s alone, with this one 24 s).
 */
async function bigPhoto(): Promise<Buffer> {
  const width = PHOTO_WIDTH;
  const height = PHOTO_HEIGHT;
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
    field(POST_CREATE_FIELDS.WIDTH, String(PHOTO_WIDTH)) +
    field(POST_CREATE_FIELDS.HEIGHT, String(PHOTO_HEIGHT)) +
    field(POST_CREATE_FIELDS.CATEGORY_IDS, SEED_CATEGORIES.photography) +
    `--${boundary}\r\nContent-Disposition: form-data; name="${POST_CREATE_FIELDS.FILE}"; filename="photo.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`;
  return { boundary, body: Buffer.concat([Buffer.from(head), photo, Buffer.from(`\r\n--${boundary}--\r\n`)]) };
}

/** What the client heard of an upload: the HTTP status if an answer arrived, its body, and whether it all did. */
interface Heard {
  status?: number;
  text: string;
  complete: boolean;
}

/** One upload through the function, as the new-post screen POSTs it: sent whole or half, and what it heard. */
interface Upload {
  send(): void;
  /** Sends the first half of the body and keeps the request open. */
  sendHalf(): Promise<void>;
  /** Settles when the connection ends: answered, or cut (no status when no answer arrived). */
  heard: Promise<Heard>;
}

function startUpload(p: BackendProcess, token: string, photo: Buffer, description: string): Upload {
  const { boundary, body } = multipart(photo, description);
  const req = request(new URL(`${p.url}/functions/v1/${POST_CREATE_FUNCTION}`), {
    method: 'POST',
    headers: {
      apikey: p.anonKey,
      authorization: `Bearer ${token}`,
      'content-type': `multipart/form-data; boundary=${boundary}`,
      'content-length': String(body.length),
    },
  });
  const heard = new Promise<Heard>((resolve) => {
    req.on('response', (res) => {
      let text = '';
      res.on('data', (d: Buffer) => (text += d.toString()));
      res.on('end', () => resolve({ status: res.statusCode, text, complete: true }));
      res.on('error', () => resolve({ status: res.statusCode, text, complete: false }));
      res.on('close', () => resolve({ status: res.statusCode, text, complete: false }));
    });
    req.on('error', () => resolve({ text: '', complete: false }));
  });
  return {
    heard,
    send: () => void req.end(body),
    sendHalf: () => new Promise<void>((resolve) => req.write(body.subarray(0, body.length >> 1), () => resolve())),
  };
}

/**
 * Where to kill, each reached by construction, and what that point implies. The client holds its body (the
 * backend reads a request whole before the function runs, so the function has not started); or the relay
 * between the function and the backend's API (testing/relay.ts) holds the function's storage upload or its
 * post_create call, before the backend sees it or once it has answered; or the client has its 201.
 * `before` is the upload's state at the kill (its post rows, objects and files); `after` is what the restart
 * must leave of it.
 */
interface KillPoint {
  label: string;
  at: 'half-body' | 'relay' | 'answer';
  hold?: HoldAt;
  before: { posts: number; objects: number; files: number };
  after: 'nothing stored' | 'photo reconciled away' | 'post kept';
}

const STORAGE_UPLOAD = new RegExp(`^/storage/v1/object/${PHOTO_BUCKET}/posts/([0-9a-f-]{36})/`);
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

/** What the start's reconciliation logs (src/reconcile/reconcile.ts), for `unclaimed` objects to remove. */
function reconciledAtStart(unclaimed: number): string {
  return unclaimed
    ? `removed 0 unfinished row(s), ${unclaimed} unclaimed object(s), 0 stray file(s)`
    : 'nothing to reconcile';
}

function reconciled(p: BackendProcess): string {
  return /reconciled uploads at start: (.*)/.exec(p.output())?.[1] ?? 'nothing to reconcile';
}

/** The stored files of the data directory, each named by the version of the object row it holds. */
async function storedFiles(dataDir: string): Promise<Set<string>> {
  const objectsDir = join(dataDir, 'storage', 'objects');
  const files = new Set<string>();
  for (const shard of await readdir(objectsDir).catch(() => [] as string[]))
    for (const name of await readdir(join(objectsDir, shard)).catch(() => [] as string[])) files.add(name);
  return files;
}

async function withDatabase<T>(p: BackendProcess, fn: (db: pg.Client) => Promise<T>): Promise<T> {
  const db = new pg.Client({ connectionString: p.dbUrl });
  db.on('error', () => undefined);
  await db.connect();
  try {
    return await fn(db);
  } finally {
    await db.end().catch(() => undefined);
  }
}

/** The photo bucket's objects (name and version) and the stored files. */
interface Bucket {
  objects: { name: string; version: string | null }[];
  files: Set<string>;
}

async function bucketOf(db: pg.Client, dataDir: string): Promise<Bucket> {
  const { rows } = await db.query<{ name: string; version: string | null }>(
    'select name, version from storage.objects where bucket_id = $1',
    [PHOTO_BUCKET],
  );
  return { objects: rows, files: await storedFiles(dataDir) };
}

/** An upload's footprint: its post rows (and how many are unfinished), the objects under its post and their files. */
interface Footprint {
  posts: number;
  unfinishedPosts: number;
  objects: number;
  files: number;
}

/** `postId`'s objects in the bucket (none when the function never named a post). */
const objectsOf = (bucket: Bucket, postId: string | undefined) =>
  postId ? bucket.objects.filter((o) => o.name.startsWith(`posts/${postId}/`)) : [];

async function footprintOf(
  db: pg.Client,
  bucket: Bucket,
  description: string,
  postId: string | undefined,
  versions: Set<string>,
): Promise<Footprint> {
  const { rows } = await db.query<{ posts: number; unfinished: number }>(
    `select count(*)::int as posts, (count(*) filter (where not has_uploaded_photo))::int as unfinished
       from public.post where description = $1`,
    [description],
  );
  return {
    posts: rows[0]!.posts,
    unfinishedPosts: rows[0]!.unfinished,
    objects: objectsOf(bucket, postId).length,
    files: [...versions].filter((version) => bucket.files.has(version)).length,
  };
}

/** An upload standing at its kill point, and what named its post: the relay's held request or the 201. */
interface Standing {
  point: KillPoint;
  description: string;
  upload: Upload;
  held?: HeldRequest;
  /** How many requests the relay had seen when this upload started. */
  relayedFrom: number;
  heardBeforeKill?: Heard;
  postId?: string;
}

/**
 * Starts the upload and brings it to its kill point: the relay holds the call the point names (each hold is
 * armed just before its upload starts, and the uploads before it stand still at theirs, so it can be none
 * other's), or half its body is sent, or its answer has arrived.
 */
async function bringToKillPoint(
  p: BackendProcess,
  relay: Relay,
  token: string,
  photo: Buffer,
  point: KillPoint,
): Promise<Standing> {
  const description = `kill ${point.label}`;
  const upload = startUpload(p, token, photo, description);
  const relayedFrom = relay.requests.length;
  const standing = { point, description, upload, relayedFrom };
  if (point.at === 'half-body') {
    await upload.sendHalf();
    await new Promise((r) => setTimeout(r, 50));
    return standing;
  }
  if (point.at === 'relay') {
    const holding = relay.hold(point.hold!, 60_000);
    upload.send();
    const held = await holding;
    // The post the function named: in its storage path, or post_create's p_id.
    const postId =
      STORAGE_UPLOAD.exec(held.request.url.pathname)?.[1] ?? (JSON.parse(held.request.body) as { p_id: string }).p_id;
    return { ...standing, held, postId };
  }
  upload.send();
  const heard = await upload.heard;
  const postId = heard.status === 201 ? postCreatedResponseSchema.parse(JSON.parse(heard.text)).post.id : undefined;
  return { ...standing, heardBeforeKill: heard, postId };
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
  await withDatabase(p, (db) =>
    db.query(
      `insert into public.group_member (group_id, user_id, role)
       select $1, id, 'member' from auth.users where email = $2 on conflict do nothing`,
      [SEED_GROUPS.bristol, SAMPLE_ACCOUNTS.ada.email],
    ),
  );
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
  return withDatabase(p, async (db) => {
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
    const files = await storedFiles(dataDir);
    const descriptions = (
      await db.query<{ description: string }>(`select description from public.post where description like 'kill %'`)
    ).rows.map((r) => r.description);
    return {
      ...rows[0]!,
      objectRowsWithoutFile: [...versions].filter((v) => !files.has(v)).length,
      strayFiles: [...files].filter((f) => !versions.has(f)).length,
      descriptions,
    };
  });
}

/** Nothing half-made anywhere after a restart: every post with its photo, every photo with its post and file. */
function expectNothingHalfMade(c: Counts, said: string): void {
  expect(c.unfinished, said).toBe(0);
  expect(c.postsWithoutObject, said).toBe(0);
  expect(c.objectsWithoutPost, said).toBe(0);
  expect(c.objectRowsWithoutFile, said).toBe(0);
  expect(c.strayFiles, said).toBe(0);
}

// Each test's limit (600 s) is on a hang, not a speed check: the file's three backend starts and 22 uploads take
// about 24 s alone on a quiet 2-core machine, 60 s on one core shared with a busy loop, and 200-230 s in CI, where
// the other suites share the machine (whatever the photo's size).
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
  const kill = async (p: BackendProcess): Promise<void> => {
    p.child.kill('SIGKILL');
    await p.exited;
    relay.release();
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

  // One upload per kill point, each brought to its point while the ones before stand at theirs, then one SIGKILL
  // for all of them and one restart: each point's state is checked at the kill and after the restart, upload by
  // upload (its post by its description, its objects by its post's id, their files by version), as a start and
  // a kill per point would check it, and nothing of the bucket is anyone else's.
  it('leaves no post without its photo, no photo without its post, and keeps every acknowledged post', async () => {
    const photo = await bigPhoto();
    current = await start();
    const token = await signIn(current);
    const base = await withDatabase(current, (db) => bucketOf(db, dataDir));
    // The answer first: the post acknowledged by then must survive the crash. Half a body last: whatever the
    // relay sees from its start on would be its function's (the uploads before it stand still).
    const order = (['answer', 'relay', 'half-body'] as const).flatMap((at) => KILL_POINTS.filter((p) => p.at === at));
    const standing: Standing[] = [];
    for (const point of order) standing.push(await bringToKillPoint(current, relay, token, photo, point));

    // The state each point implies, read while the uploads stand there (nothing the relay holds is in a
    // transaction, so the database answers).
    const atKill = await withDatabase(current, async (db) => {
      const bucket = await bucketOf(db, dataDir);
      const uploads = [];
      for (const s of standing) {
        const relayed = relay.requests.slice(s.relayedFrom).map(requestLine);
        const versions = new Set(objectsOf(bucket, s.postId).flatMap((o) => (o.version ? [o.version] : [])));
        uploads.push({
          relayed,
          versions,
          footprint: await footprintOf(db, bucket, s.description, s.postId, versions),
        });
      }
      return { bucket, uploads };
    });
    const killedBackend = current;
    await kill(current);
    const heard = await Promise.all(standing.map((s) => s.upload.heard));
    // What the backend said about the uploads: a refusal's cause is logged there, not in its answer.
    const logged = killedBackend
      .output()
      .split('\n')
      .filter((line) => /handle-post-create|cancel|restarted|error/i.test(line))
      .join('\n');

    current = await start();
    const c = await counts(current, dataDir);
    const after = await withDatabase(current, async (db) => {
      const bucket = await bucketOf(db, dataDir);
      const uploads = [];
      for (const [i, s] of standing.entries())
        uploads.push(await footprintOf(db, bucket, s.description, s.postId, atKill.uploads[i]!.versions));
      return { bucket, uploads };
    });
    const report: string[] = [];
    const acknowledged: string[] = [];
    for (const [i, s] of standing.entries()) {
      const { point, held } = s;
      const status = heard[i]!.status;
      if (status === 201) acknowledged.push(s.description);
      const { posts, objects, files } = atKill.uploads[i]!.footprint;
      const stateAtKill = { posts, objects, files };
      const left = after.uploads[i]!;
      const said = `killed when ${point.label}: answer ${status ?? 'none'}${status && status !== 201 ? ` ${heard[i]!.text.slice(0, 300)}\n  backend log:\n${logged}` : ''}; at the kill ${JSON.stringify(stateAtKill)}; after: ${JSON.stringify(left)}`;
      report.push(said);

      // The point was reached, and the upload stood where it says.
      if (point.at === 'answer') expect(s.heardBeforeKill?.status, said).toBe(201);
      else expect(status, `the client heard nothing before the kill: ${said}`).toBeUndefined();
      if (point.at === 'half-body') expect(atKill.uploads[i]!.relayed, 'the function never ran').toEqual([]);
      if (point.hold?.phase === 'answer') expect(held?.answer?.status, said).toBe(200);
      if (point.hold?.path === POST_CREATE_RPC) {
        expect((JSON.parse(held!.request.body) as { p_description?: string }).p_description).toBe(s.description);
        if (point.hold.phase === 'answer') expect(JSON.parse(held!.answer!.body.toString())).toBe('created');
      }
      expect(stateAtKill, said).toEqual(point.before);

      // What the restart left of this upload: what that point implies, nothing half-made.
      expect(left.unfinishedPosts).toBe(0);
      const stored = point.after === 'post kept' ? 1 : 0;
      expect({ posts: left.posts, objects: left.objects, files: left.files }, said).toEqual({
        posts: stored,
        objects: stored,
        files: stored,
      });
    }
    const summary = `${reconciled(current)}; after: ${JSON.stringify({ ...c, descriptions: c.descriptions.length })}`;
    console.log(
      `[upload-kill] photo ${photo.length} bytes, one kill for all six points\n${report.join('\n')}\n${summary}`,
    );

    // Every object and file beyond those before the uploads is one of theirs, at the kill and after the restart.
    const beyondBase = (bucket: Bucket) => ({
      objects: bucket.objects.filter((o) => !base.objects.some((b) => b.name === o.name)).length,
      files: [...bucket.files].filter((f) => !base.files.has(f)).length,
    });
    const sum = (footprints: Footprint[]) => ({
      objects: footprints.reduce((n, f) => n + f.objects, 0),
      files: footprints.reduce((n, f) => n + f.files, 0),
    });
    expect(beyondBase(atKill.bucket), summary).toEqual(sum(atKill.uploads.map((u) => u.footprint)));
    expect(beyondBase(after.bucket), summary).toEqual(sum(after.uploads));
    // The restart removed exactly the photos of the points that imply it.
    expect(reconciled(current), summary).toBe(
      reconciledAtStart(KILL_POINTS.filter((point) => point.after === 'photo reconciled away').length),
    );
    // And nothing half-made anywhere, every acknowledged post kept.
    expectNothingHalfMade(c, summary);
    for (const d of acknowledged) expect(c.descriptions).toContain(d);
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
    /** Answers other than 201, with their bodies (a refusal is a bug: its body says why). */
    const refusals: string[] = [];
    const uploads = descriptions.map((description, i) => {
      const upload = startUpload(current!, token, photo, description);
      upload.send();
      return upload.heard.then(({ status, text, complete }) => {
        if (complete && status !== 201) refusals.push(`${status} ${text.slice(0, 300)}`);
        // Any 201 that arrives, even one read after the kill, was sent by the backend: an acknowledgement.
        statuses[i] = status;
        if (statuses.filter((st) => st === 201).length >= KILL_AFTER_ACKNOWLEDGED) enough();
      });
    });
    // Or after 240 s (a loaded machine), whatever has been acknowledged by then.
    await Promise.race([killTime, new Promise((r) => setTimeout(r, 240_000))]);
    const killedBackend = current;
    await kill(current);
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
    const kept = c.descriptions.filter((d) => d.startsWith('kill concurrent '));
    console.log(
      `[upload-kill] killed during ${UPLOADS} concurrent uploads: ${acknowledged.length} acknowledged (201), ` +
        `${UPLOADS - acknowledged.length - refused.length} in flight, ${refused.length} refused ${JSON.stringify(refused)}; ` +
        `${reconciled(current)}; after restart: ${kept.length} of them kept, ` +
        JSON.stringify({ ...c, descriptions: c.descriptions.length }) +
        (cancelled.length ? `\n${cancelled.join('\n')}` : '') +
        (refusals.length ? `\n${refusals.join('\n')}` : ''),
    );
    // Every answer the backend sent before the kill is a 201: these uploads are valid, so a refusal (printed
    // above with its body and the backend's log) is a bug, a 500 above all.
    expect(refusals, `refused before the kill; the backend logged:\n${cancelled.join('\n')}`).toEqual([]);
    expect(acknowledged.length).toBeGreaterThanOrEqual(1);
    expect(acknowledged.length).toBeLessThan(UPLOADS);
    expectNothingHalfMade(c, 'after the restart');
    for (const d of acknowledged) expect(kept).toContain(d);
  }, 600_000);
});
