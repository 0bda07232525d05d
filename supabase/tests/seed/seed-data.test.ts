/**
 * supabase/seed.sql and the seed script's plan agree with the ids tests and e2e rely on (seed/ids.ts), and
 * the planned posts are valid for the schema: categories their group offers, dates over the last 8 days.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  applyPlatformAndMigrations,
  openDatabase,
  type OpenedDatabase,
} from '../../../packages/backend/src/db/index.ts';
import { planPosts, SEED_POST_COUNT } from '../../seed/index.ts';
import { SEED_CATEGORIES, SEED_GROUP_CATEGORIES, SEED_GROUPS } from '../../seed/ids.ts';
import { renderScene, sceneSvg, SCENE_KINDS } from '../../seed/scenes.ts';

/** supabase/, the project whose seed this is. */
const PROJECT_DIR = fileURLToPath(new URL('../..', import.meta.url));
const AUTHORS = { ada: 'e0000000-0000-4000-8000-000000000001', ben: 'e0000000-0000-4000-8000-000000000002' };

describe('seed.sql', () => {
  let db: OpenedDatabase;
  beforeAll(async () => {
    db = await openDatabase();
    await applyPlatformAndMigrations(db, PROJECT_DIR);
    const text = await readFile(join(PROJECT_DIR, 'seed.sql'), 'utf8');
    await db.asOwner((sql) => sql.query(text));
    // Idempotent: a second run changes nothing and does not fail.
    await db.asOwner((sql) => sql.query(text));
  });
  afterAll(async () => {
    await db?.close();
  });

  it('inserts the groups of seed/ids.ts, only the family group private', async () => {
    const { rows } = await db.query<{ id: string; is_private: boolean; description: string }>(
      'select id, is_private, description from public."group"',
    );
    expect(rows.map((r) => r.id).sort()).toEqual(Object.values(SEED_GROUPS).sort());
    expect(rows.filter((r) => r.is_private).map((r) => r.id)).toEqual([SEED_GROUPS.family]);
    expect(rows.every((r) => r.description.length > 40)).toBe(true);
  });

  it('inserts the categories of seed/ids.ts by name, photography among them', async () => {
    const { rows } = await db.query<{ id: string; name: string }>('select id, name from public.category');
    expect(Object.fromEntries(rows.map((r) => [r.name, r.id]))).toEqual(SEED_CATEGORIES);
  });

  it('links each group to the categories seed/ids.ts lists', async () => {
    const { rows } = await db.query<{ group_id: string; name: string }>(
      'select gc.group_id, c.name from public.group_category gc join public.category c on c.id = gc.category_id',
    );
    for (const [group, categories] of Object.entries(SEED_GROUP_CATEGORIES)) {
      const linked = rows
        .filter((r) => r.group_id === SEED_GROUPS[group as keyof typeof SEED_GROUPS])
        .map((r) => r.name);
      expect(linked.sort(), group).toEqual([...categories].sort());
    }
  });
});

describe('the seed script plan', () => {
  const now = new Date('2026-11-22T12:00:00Z');
  const posts = planPosts(AUTHORS, now);

  it(`plans ${SEED_POST_COUNT} posts with unique ids over the last 8 days, some in the private group`, () => {
    expect(posts).toHaveLength(SEED_POST_COUNT);
    expect(new Set(posts.map((p) => p.id)).size).toBe(SEED_POST_COUNT);
    const days = new Set(posts.map((p) => Math.floor((now.getTime() - p.createdAt.getTime()) / 86_400_000)));
    expect(Math.min(...days)).toBe(0);
    expect(Math.max(...days)).toBeLessThanOrEqual(8);
    expect(days.size).toBeGreaterThanOrEqual(6);
    const family = posts.filter((p) => p.groupId === SEED_GROUPS.family);
    expect(family.length).toBeGreaterThanOrEqual(3);
    expect(family.every((p) => p.authorId === AUTHORS.ada)).toBe(true);
    // York is ben's alone: ada, not a member there, is e2e's signed-in non-member (seed/ids.ts).
    expect(posts.filter((p) => p.groupId === SEED_GROUPS.york).every((p) => p.authorId === AUTHORS.ben)).toBe(true);
    expect(new Set(posts.map((p) => p.groupId)).size).toBe(Object.keys(SEED_GROUPS).length);
  });

  it('files each post only under categories its group offers, and varies scenes and shapes', () => {
    for (const p of posts) {
      const group = Object.entries(SEED_GROUPS).find(([, id]) => id === p.groupId)![0] as keyof typeof SEED_GROUPS;
      const offered = SEED_GROUP_CATEGORIES[group].map((c) => SEED_CATEGORIES[c]);
      expect(p.categoryIds.length).toBeGreaterThan(0);
      for (const c of p.categoryIds) expect(offered).toContain(c);
      expect(p.fileName).toMatch(/^[a-z]+-\d+\.jpg$/);
      expect(p.description === null || p.description.length <= 200).toBe(true);
    }
    expect(new Set(posts.map((p) => p.scene)).size).toBe(SCENE_KINDS.length);
    expect(new Set(posts.map((p) => `${p.width}x${p.height}`)).size).toBeGreaterThanOrEqual(4);
    expect(posts.filter((p) => p.groupId === SEED_GROUPS.film).every((p) => p.photoType === 'FILM')).toBe(true);
  });

  it('paints the same photo from the same seed, and a different one from another seed', async () => {
    expect(sceneSvg('lake', 7, 300, 200)).toBe(sceneSvg('lake', 7, 300, 200));
    expect(sceneSvg('lake', 7, 300, 200)).not.toBe(sceneSvg('lake', 8, 300, 200));
    // Painted twice for real: the on-disk cache of painted photos is off for this check.
    const cache = process.env.SNAPSHIRE_SEED_CACHE;
    process.env.SNAPSHIRE_SEED_CACHE = 'off';
    let a: Buffer;
    let b: Buffer;
    try {
      a = await renderScene({ kind: 'street', seed: 3, width: 320, height: 200 });
      b = await renderScene({ kind: 'street', seed: 3, width: 320, height: 200 });
    } finally {
      if (cache === undefined) delete process.env.SNAPSHIRE_SEED_CACHE;
      else process.env.SNAPSHIRE_SEED_CACHE = cache;
    }
    expect(a.equals(b)).toBe(true);
    const meta = await sharp(a).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 320, 200]);
  });
});
