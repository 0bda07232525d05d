/**
 * `npm run bench:batch -w @snapshire/backend`: what posting 12 photos as one batch (the new-post screen,
 * issue 25: at most LIMITS.UPLOAD_CONCURRENCY at a time) saves over posting them singly (12 trips through the
 * form, one after the other), and what the placeholder costs per upload.
 *
 * The backend runs in its own process (the CLI: own port, own temporary data folder, no seed) on PGlite, and
 * on a throwaway PostgreSQL when its binaries are installed (as bench.ts decides). A user made with the
 * service role creates a group through the site's own mutation (NewGroup.graphql in remote-browse), so it is
 * a member and may post. Each request is the screen's: the form built by encodePostCreateForm of
 * @snapshire/contracts (functions-harness.ts's postForm), a fresh idempotency key per post, the user's token.
 * The 12 photos are distinct (random grain) 12 MP phone JPEGs of about 3 MB with EXIF (upload-photos.ts's
 * phonePhoto).
 *
 * RUNS rounds (env RUNS, default 3), alternating which mode goes first; each run must have created 12 posts
 * (12 answers with distinct ids, 12 more stored rows in the group) or the benchmark stops. Prints the wall
 * time of each mode (median and min-max over the rounds), the ratio batch / singles (per round), and each
 * photo's latency from its request to its answer (p50 and p95 over every photo of every round). Then the
 * placeholder's cost, measured by placeholder-bench.ts's measurePlaceholder on one of the 12 photos, under
 * Deno as deployed. About a minute and a half with the defaults on 2 shared cores.
 *
 * Loopback: sending a photo costs next to nothing here, so the batch gains only what the backend does at the
 * same time (its function threads, src/functions/functions.ts: one on 2 cores), not the link a phone keeps busy.
 */
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { decodePostCreateResponse, DEFAULT_PHOTO_TYPE, LIMITS, POST_CREATE_FUNCTION } from '@snapshire/contracts';
import pg from 'pg';
import { postForm, signedIn, supabaseClient } from '../testing/functions-harness.ts';
import { phonePhoto } from '../testing/upload-photos.ts';
import { measurePlaceholder, msMedianRange } from './placeholder-bench.ts';
import { startBackendProcess, stopBackendProcess, type BackendProcess } from '../testing/processes.ts';
import { shouldRunPostgres, startPostgres } from '../testing/postgres.ts';

const RUNS = Number(process.env.RUNS || 3);
const PHOTOS = 12;
/** phonePhoto's quality that gives about 3 MB at 4000x3000. */
const JPEG_QUALITY = 86;
/** A post that has not answered in this long fails the run (every wait is bounded). */
const POST_TIMEOUT_MS = 120_000;

type Mode = 'singles' | 'batch';
const MODE_LABELS: Record<Mode, string> = {
  singles: `${PHOTOS} single posts, one after another`,
  batch: `one batch, ${LIMITS.UPLOAD_CONCURRENCY} at a time`,
};
interface Run {
  wallMs: number;
  /** Each photo's time from its request to its answer. */
  latencies: number[];
}

/** What was started, stopped last first: on success, on error and on Ctrl-C alike. */
const cleanups: Array<() => Promise<unknown>> = [];
let cleaning: Promise<void> | undefined;
/** Once, however reached: a signal during a run must not let the run's own error exit before the stops end. */
function cleanUp(): Promise<void> {
  cleaning ??= (async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup().catch((e: unknown) => console.error(e));
  })();
  return cleaning;
}
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.once(signal, () => void cleanUp().finally(() => process.exit(130)));

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? NaN;
}
const median = (values: number[]) =>
  percentile(
    [...values].sort((a, b) => a - b),
    50,
  );
const range = (values: number[], digits: number, scale = 1) =>
  `${(median(values) / scale).toFixed(digits)} (${(Math.min(...values) / scale).toFixed(digits)}-${(Math.max(...values) / scale).toFixed(digits)})`;

/** A signed-in member of a new group, made through the site's own API. */
async function member(backend: BackendProcess): Promise<{ token: string; groupId: string }> {
  const admin = supabaseClient(backend.url, backend.serviceRoleKey);
  const { token } = await signedIn(backend, admin, `batch-bench-${Date.now()}@example.com`);
  // The site's CreateGroup mutation (remote-browse/src/screens/NewGroupPage/NewGroup.graphql): the caller owns it.
  const response = await fetch(`${backend.url}/graphql/v1`, {
    method: 'POST',
    headers: { apikey: backend.anonKey, Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({
      query: `mutation CreateGroup(
        $displayName: String!, $description: String!, $isPrivate: Boolean!, $categoryIds: [UUID]!
      ) {
        create_group(
          display_name: $displayName, description: $description, is_private: $isPrivate, category_ids: $categoryIds
        ) { id }
      }`,
      variables: {
        displayName: 'Batch bench',
        description: 'Photos of the benchmark',
        isPrivate: true,
        categoryIds: [],
      },
    }),
  });
  const body = (await response.json()) as { data?: { create_group: { id: string } | null }; errors?: unknown };
  const groupId = body.data?.create_group?.id;
  if (!groupId) throw new Error(`create_group failed: ${response.status} ${JSON.stringify(body).slice(0, 300)}`);
  return { token, groupId };
}

/** Posts one photo as the new-post screen does; resolves with the new post's id, throws on anything else. */
async function post(backend: BackendProcess, token: string, groupId: string, photo: Uint8Array, index: number) {
  const response = await fetch(`${backend.url}/functions/v1/${POST_CREATE_FUNCTION}`, {
    method: 'POST',
    headers: { apikey: backend.anonKey, Authorization: `Bearer ${token}` },
    body: postForm({
      groupId,
      file: { bytes: photo, name: `IMG_${1000 + index}.jpg`, type: 'image/jpeg' },
      photoType: DEFAULT_PHOTO_TYPE,
      // The preview's size: the browser turns the photo upright (EXIF orientation 6).
      width: 3000,
      height: 4000,
      idempotencyKey: randomUUID(),
    }),
    signal: AbortSignal.timeout(POST_TIMEOUT_MS),
  });
  // Read as the screen reads it (readPostCreateResponse in remote-upload's postCreateTransport.ts).
  const text = await response.text();
  const answer = decodePostCreateResponse(response.status, text);
  if (answer.outcome !== 'created') throw new Error(`post ${index}: ${response.status} ${text.slice(0, 300)}`);
  return answer.postId;
}

/** Stored posts of the group whose photo is in (handle-post-create's last step). */
async function storedPosts(backend: BackendProcess, groupId: string): Promise<number> {
  // A short connection, outside the timed part: on PGlite the socket has one session.
  const sql = new pg.Client({ connectionString: backend.dbUrl });
  await sql.connect();
  try {
    const { rows } = await sql.query<{ n: number }>(
      'select count(*)::int as n from public.post where group_id = $1 and has_uploaded_photo',
      [groupId],
    );
    return rows[0]!.n;
  } finally {
    await sql.end();
  }
}

/**
 * The 12 photos singly (each waits for the previous answer) or as a batch: UPLOAD_CONCURRENCY lanes, each
 * taking the next photo when its last one answered, as runLimited in remote-upload's batchState.ts does
 * (packages/ do not import the apps).
 */
async function postAll(
  backend: BackendProcess,
  token: string,
  groupId: string,
  photos: Uint8Array[],
  mode: Mode,
): Promise<Run> {
  const before = await storedPosts(backend, groupId);
  const ids = new Set<string>();
  const latencies: number[] = [];
  let next = 0;
  const lane = async () => {
    while (next < photos.length) {
      const index = next++;
      const t0 = performance.now();
      ids.add(await post(backend, token, groupId, photos[index]!, index));
      latencies.push(performance.now() - t0);
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: mode === 'batch' ? LIMITS.UPLOAD_CONCURRENCY : 1 }, lane));
  const wallMs = performance.now() - started;
  const created = (await storedPosts(backend, groupId)) - before;
  if (ids.size !== photos.length || created !== photos.length)
    throw new Error(`${mode}: ${ids.size} distinct posts answered and ${created} stored, not ${photos.length}`);
  return { wallMs, latencies };
}

async function benchDatabase(label: string, photos: Uint8Array[], databaseUrl?: string): Promise<Record<Mode, Run[]>> {
  const dataDir = await mkdtemp(join(tmpdir(), 'snapshire-batch-bench-'));
  cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
  console.error(`${label}: starting the backend...`);
  const backend = await startBackendProcess({
    DATA_DIR: dataDir,
    SEED: 'false',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  });
  cleanups.push(() => stopBackendProcess(backend));
  const { token, groupId } = await member(backend);
  // One post first, not measured: the first decode in a function thread is slower than the rest.
  await post(backend, token, groupId, photos[0]!, 0);
  const runs: Record<Mode, Run[]> = { singles: [], batch: [] };
  for (let round = 0; round < RUNS; round++) {
    const order: Mode[] = round % 2 ? ['batch', 'singles'] : ['singles', 'batch'];
    for (const mode of order) {
      const run = await postAll(backend, token, groupId, photos, mode);
      runs[mode].push(run);
      console.error(`  round ${round + 1} of ${RUNS}, ${mode}: ${(run.wallMs / 1000).toFixed(1)} s`);
    }
  }
  await stopBackendProcess(backend);
  return runs;
}

try {
  console.error(`making ${PHOTOS} photos...`);
  const photos: Uint8Array[] = [];
  for (let i = 0; i < PHOTOS; i++) photos.push(new Uint8Array(await phonePhoto(4000, 3000, JPEG_QUALITY)));
  const sizes = photos.map((p) => p.length);

  const results = new Map<string, Record<Mode, Run[]>>();
  results.set('PGlite', await benchDatabase('PGlite', photos));
  if (shouldRunPostgres()) {
    const cluster = await startPostgres();
    cleanups.push(() => cluster.stop());
    results.set('PostgreSQL', await benchDatabase('PostgreSQL', photos, await cluster.createDatabase()));
  } else {
    console.error('PostgreSQL binaries not found: PostgreSQL rows skipped.');
  }
  // Alone on the machine: the backends have stopped.
  await cleanUp();
  console.error('measuring the placeholder...');
  const placeholder = [...(await measurePlaceholder({ photo: photos[0]! })).values()][0]!;

  console.log(
    `\n${PHOTOS} photos, 4000x3000 JPEG with EXIF (orientation 6, GPS), ${range(sizes, 2, 1e6)} MB each; ` +
      `batch at most ${LIMITS.UPLOAD_CONCURRENCY} at a time; ${availableParallelism()} cores, loopback. ` +
      `${RUNS} rounds: wall time median (min-max); ` +
      `per photo, p50 and p95 of all ${PHOTOS * RUNS} posts of each mode.`,
  );
  console.log(`| database | mode | ${PHOTOS} photos, s | batch / singles | per photo p50, ms | per photo p95, ms |`);
  console.log('|---|---|---:|---:|---:|---:|');
  for (const [label, runs] of results) {
    const ratios = runs.batch.map((b, i) => b.wallMs / runs.singles[i]!.wallMs);
    for (const mode of ['singles', 'batch'] as Mode[]) {
      const latencies = runs[mode].flatMap((r) => r.latencies).sort((a, b) => a - b);
      const wall = range(
        runs[mode].map((r) => r.wallMs),
        1,
        1000,
      );
      const ratio = mode === 'batch' ? range(ratios, 2) : '';
      const [p50, p95] = [percentile(latencies, 50).toFixed(0), percentile(latencies, 95).toFixed(0)];
      console.log(`| ${label} | ${MODE_LABELS[mode]} | ${wall} | ${ratio} | ${p50} | ${p95} |`);
    }
  }
  console.log(
    `\nPlaceholder (ThumbHash) per upload, under Deno with FFI denied, from the ${placeholder.decoded} pixels ` +
      `the image step decodes of one of these photos: ${msMedianRange(placeholder.all)}; ` +
      `the first of a fresh process (a worker's first upload) ${msMedianRange(placeholder.first)}; ` +
      `${placeholder.first.length} processes x ${placeholder.all.length / placeholder.first.length} runs.`,
  );
} finally {
  await cleanUp();
}
