/**
 * The whole seed (seed.sql + seed/index.ts) and the large-group fixture on the embedded backend: the sample
 * accounts sign in, the photos are real JPEGs behind the storage policies, private photos stay private.
 */
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { PHOTO_BUCKET, postObjectPath } from '@snapshire/contracts';
import pg from 'pg';
import sharp from 'sharp';
import ws from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBackend, type RunningBackend } from '../../../packages/backend/src/index.ts';
import { SAMPLE_ACCOUNTS } from '../../seed/accounts.ts';
import { LARGE_GROUP_ID, LARGE_GROUP_POST_COUNT, SEED_GROUPS } from '../../seed/ids.ts';
import { SEED_POST_COUNT } from '../../seed/index.ts';

let backend: RunningBackend;
let owner: pg.Pool;
const logs: string[] = [];
let seconds = 0;

const client = (key: string): SupabaseClient =>
  createClient(backend.url, key, {
    auth: { persistSession: false, autoRefreshToken: false },
    realtime: { transport: ws as never },
  });

async function signIn(account: { email: string; password: string }): Promise<SupabaseClient> {
  const c = client(backend.anonKey);
  const { error } = await c.auth.signInWithPassword(account);
  if (error) throw new Error(`${account.email}: ${error.message}`);
  return c;
}

beforeAll(async () => {
  const started = performance.now();
  backend = await startBackend({ port: 0, fixtures: ['large-group'], log: (m) => logs.push(m) });
  seconds = (performance.now() - started) / 1000;
  owner = new pg.Pool({ connectionString: backend.dbUrl, max: 2 });
}, 300_000);

afterAll(async () => {
  await owner?.end();
  await backend?.stop();
});

describe('seed and large-group fixture', () => {
  it('finish in reasonable time and say how long they took', () => {
    const timing = logs.filter((m) => /^(seed|large-group):/.test(m));
    console.log(`backend start with seed + large-group: ${seconds.toFixed(1)} s\n  ${timing.join('\n  ')}`);
    expect(timing).toHaveLength(2);
    expect(seconds).toBeLessThan(240);
  });

  it(`stores ${SEED_POST_COUNT} seeded posts, all shown, each with its photo`, async () => {
    const { rows } = await owner.query<{
      id: string;
      file_name: string;
      has_uploaded_photo: boolean;
      meta_width: number;
      meta_height: number;
    }>(`select id, file_name, has_uploaded_photo, meta_width, meta_height from public.post where group_id <> $1`, [
      LARGE_GROUP_ID,
    ]);
    expect(rows).toHaveLength(SEED_POST_COUNT);
    expect(rows.every((r) => r.has_uploaded_photo)).toBe(true);
    const objects = await owner.query<{ name: string }>(`select name from storage.objects where bucket_id = $1`, [
      PHOTO_BUCKET,
    ]);
    const names = new Set(objects.rows.map((r) => r.name));
    for (const r of rows) expect(names.has(postObjectPath(r.id, r.file_name))).toBe(true);
    // One photo, read back: a JPEG of the recorded size.
    const admin = client(backend.serviceRoleKey);
    const first = rows[0]!;
    const { data } = await admin.storage.from(PHOTO_BUCKET).download(postObjectPath(first.id, first.file_name));
    const meta = await sharp(Buffer.from(await data!.arrayBuffer())).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', first.meta_width, first.meta_height]);
  });

  it('makes every author a member of the groups they post in (posting needs membership)', async () => {
    const { rows } = await owner.query<{ group_id: string; author_id: string }>(
      `select distinct p.group_id, p.author_id from public.post p
       where not exists (select 1 from public.group_member m where m.group_id = p.group_id and m.user_id = p.author_id)`,
    );
    expect(rows).toEqual([]);
    const members = await owner.query<{ n: number }>(
      'select count(*)::int as n from public.group_member where group_id = $1',
      [SEED_GROUPS.bristol],
    );
    expect(members.rows[0]!.n).toBeGreaterThan(0);
  });

  it('lets ada see the family photos, and not ben or anon', async () => {
    const { rows } = await owner.query<{ id: string; file_name: string }>(
      'select id, file_name from public.post where group_id = $1 limit 1',
      [SEED_GROUPS.family],
    );
    const path = postObjectPath(rows[0]!.id, rows[0]!.file_name);
    const ada = await signIn(SAMPLE_ACCOUNTS.ada);
    const ben = await signIn(SAMPLE_ACCOUNTS.ben);
    expect((await ada.storage.from(PHOTO_BUCKET).createSignedUrl(path, 60)).error).toBeNull();
    expect((await ben.storage.from(PHOTO_BUCKET).createSignedUrl(path, 60)).error).not.toBeNull();
    expect((await client(backend.anonKey).storage.from(PHOTO_BUCKET).createSignedUrl(path, 60)).error).not.toBeNull();
  });

  it(`loads the large group with ${LARGE_GROUP_POST_COUNT} shown posts, readable by anyone`, async () => {
    const { rows } = await owner.query<{ n: number; shown: number }>(
      'select count(*)::int as n, count(*) filter (where has_uploaded_photo)::int as shown from public.post where group_id = $1',
      [LARGE_GROUP_ID],
    );
    expect(rows[0]).toEqual({ n: LARGE_GROUP_POST_COUNT, shown: LARGE_GROUP_POST_COUNT });
    const one = await owner.query<{ id: string; file_name: string }>(
      'select id, file_name from public.post where group_id = $1 limit 1',
      [LARGE_GROUP_ID],
    );
    const signed = await client(backend.anonKey)
      .storage.from(PHOTO_BUCKET)
      .createSignedUrl(postObjectPath(one.rows[0]!.id, one.rows[0]!.file_name), 60);
    expect(signed.error).toBeNull();
  });
});
