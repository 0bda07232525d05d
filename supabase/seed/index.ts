/**
 * Seed for local development and tests, run once after seed.sql: the two sample accounts, ada's ownership
 * of the private family group, each author's membership of the groups they post in, and about 60 posts
 * spread over the last 8 days with real JPEG photos painted here (scenes.ts) and stored through the storage
 * API. Deterministic apart from the dates, which are relative to now so the site always looks fresh.
 */
import type { PhotoType } from '@snapshire/contracts';
import { SAMPLE_ACCOUNT_NAMES, SAMPLE_ACCOUNTS } from './accounts.ts';
import { SEED_CATEGORIES, SEED_GROUP_CATEGORIES, SEED_GROUPS, type SeedGroup } from './ids.ts';
import {
  ensureUser,
  fixedUuid,
  inPool,
  insertPosts,
  jpegPlaceholder,
  markUploaded,
  uploadPhoto,
  type SeedContext,
  type SeedPost,
} from './lib.ts';
import { PHOTO_SIZES, random, renderScene, type SceneKind } from './scenes.ts';

export type { SeedContext } from './lib.ts';

/** Ids of the seeded posts: 30000000-0000-4000-8000-000000000001 ... */
export const SEED_POST_ID_PREFIX = '30000000';
export const SEED_POST_COUNT = 60;

interface GroupPlan {
  posts: number;
  scenes: readonly SceneKind[];
  film?: boolean;
  descriptions: readonly string[];
}

const PLAN: Record<SeedGroup, GroupPlan> = {
  bristol: {
    posts: 8,
    scenes: ['street', 'skyline', 'night', 'street'],
    descriptions: [
      'Painted terraces above Cliftonwood, taken from the ferry landing.',
      'The harbour cranes against a pink sky after a long day of rain.',
      'Totterdown on a Sunday morning, before the traffic.',
      'Lights coming on along the Floating Harbour.',
      'Walking home past Wapping Wharf.',
    ],
  },
  edinburgh: {
    posts: 8,
    scenes: ['skyline', 'street', 'night', 'coast'],
    descriptions: [
      'Old Town rooftops from Calton Hill, twenty minutes after sunset.',
      'Circus Lane, the quietest street in Stockbridge.',
      'Haar rolling in over Portobello.',
      'The Royal Mile after closing time.',
      'Cramond causeway at low tide.',
    ],
  },
  york: {
    posts: 7,
    scenes: ['street', 'fields', 'night'],
    descriptions: [
      'Early light along the Shambles, before the shops open.',
      'Looking out from the city walls towards the Vale of York.',
      'Micklegate on a frosty night.',
      'Rowntree Park in late autumn.',
    ],
  },
  brighton: {
    posts: 8,
    scenes: ['pier', 'coast', 'street', 'pier'],
    descriptions: [
      'Starlings gathering over the West Pier at dusk.',
      'The Seven Sisters from Birling Gap.',
      'Beach huts in Hove after a storm.',
      'Palace Pier lights reflecting off the shingle.',
      'Kemptown colours.',
    ],
  },
  manchester: {
    posts: 8,
    scenes: ['night', 'skyline', 'street', 'night'],
    descriptions: [
      'Ancoats after the rain, all reflections.',
      'The skyline from Salford Quays at blue hour.',
      'Terraces in Levenshulme.',
      'Neon on Stevenson Square.',
      'Castlefield viaducts under a full moon.',
    ],
  },
  keswick: {
    posts: 8,
    scenes: ['lake', 'fields', 'coast', 'lake'],
    descriptions: [
      'Derwentwater from Friars Crag, still as glass.',
      'Fields below Skiddaw in early summer.',
      'Catbells reflected at first light.',
      'Walking the old railway path to Threlkeld.',
      'Snow on the high fells, seen from the lakeshore.',
    ],
  },
  film: {
    posts: 9,
    film: true,
    scenes: ['street', 'lake', 'night', 'coast', 'fields', 'skyline', 'pier'],
    descriptions: [
      'Portra 400, shot at box speed, lab scan.',
      'HP5 pushed to 1600 and developed at home in ID-11.',
      'Ektar 100 on a tripod, one frame, one chance.',
      'Tri-X in Rodinal 1+50, a little too much agitation.',
      'CineStill 800T under the streetlights.',
      'Expired Superia from a charity-shop camera.',
    ],
  },
  family: {
    posts: 4,
    scenes: ['coast', 'fields', 'lake', 'pier'],
    descriptions: [
      'Grandad’s favourite walk along the cliffs.',
      'Picnic spot from the summer holiday.',
      'Half-term at the lake.',
      'Fish and chips on the pier, Sunday.',
    ],
  },
};

const DIGITAL_CAMERAS = [
  ['Fujifilm', 'X-T5'],
  ['Sony', 'ILCE-7M4'],
  ['Canon', 'EOS R6'],
  ['Nikon', 'Z 6II'],
  ['Apple', 'iPhone 15 Pro'],
  ['Google', 'Pixel 8'],
  ['Ricoh', 'GR III'],
] as const;
const FILM_CAMERAS = [
  ['Nikon', 'FM2'],
  ['Pentax', 'K1000'],
  ['Canon', 'AE-1 Program'],
  ['Leica', 'M6'],
  ['Mamiya', 'RB67'],
  ['Olympus', 'OM-1'],
] as const;

const DAY_MS = 86_400_000;

/**
 * Who posted the n-th post: ada in the family group; ben alone in York (ids.ts: ada stays out of it); elsewhere
 * both, ada more often. Each author is made a member of the groups they post in (posting needs membership).
 */
function authorOf(group: SeedGroup, n: number, authors: { ada: string; ben: string }): string {
  if (group === 'family') return authors.ada;
  if (group === 'york') return authors.ben;
  return n % 3 !== 0 ? authors.ada : authors.ben;
}

/** The posts the seed makes, in a fixed order. Dates fall over the 8 days before `now`. */
export function planPosts(
  authors: { ada: string; ben: string },
  now: Date = new Date(),
): Array<SeedPost & { scene: SceneKind; seed: number; mono: boolean; film: boolean }> {
  const r = random(2026);
  const out: Array<SeedPost & { scene: SceneKind; seed: number; mono: boolean; film: boolean }> = [];
  let n = 0;
  for (const group of Object.keys(PLAN) as SeedGroup[]) {
    const plan = PLAN[group];
    const offered = SEED_GROUP_CATEGORIES[group];
    for (let i = 0; i < plan.posts; i++) {
      n++;
      const scene = plan.scenes[i % plan.scenes.length]!;
      const [width, height] = PHOTO_SIZES[Math.floor(r() * PHOTO_SIZES.length)]!;
      const film = Boolean(plan.film) || r() < 0.1;
      const mono = film && r() < 0.35;
      const photoType: PhotoType = film ? 'FILM' : 'DIGITAL';
      const [cameraMake, cameraModel] = (film ? FILM_CAMERAS : DIGITAL_CAMERAS)[
        Math.floor(r() * (film ? FILM_CAMERAS : DIGITAL_CAMERAS).length)
      ]!;
      // Each post: photography most of the time, plus one or two of the group's other categories.
      const categories = new Set<string>();
      if (r() < 0.6) categories.add('photography');
      const others = offered.filter((c) => c !== 'photography');
      categories.add(others[Math.floor(r() * others.length)]!);
      if (mono && offered.includes('black-and-white')) categories.add('black-and-white');
      if (r() < 0.3) categories.add(others[Math.floor(r() * others.length)]!);
      // Spread over the last 8 days, at varied hours.
      const dayOffset = Math.floor(r() * 8);
      const createdAt = new Date(now.getTime() - dayOffset * DAY_MS - Math.floor((1 + r() * 10) * 3_600_000));
      const seed = 1000 + n * 7;
      out.push({
        id: fixedUuid(SEED_POST_ID_PREFIX, n),
        groupId: SEED_GROUPS[group],
        authorId: authorOf(group, n, authors),
        fileName: `${scene}-${seed}.jpg`,
        width,
        height,
        photoType,
        description: r() < 0.85 ? plan.descriptions[i % plan.descriptions.length]! : null,
        cameraMake: r() < 0.8 ? cameraMake : null,
        cameraModel: r() < 0.8 ? cameraModel : null,
        createdAt,
        categoryIds: [...categories].map((c) => SEED_CATEGORIES[c as keyof typeof SEED_CATEGORIES]),
        scene,
        seed,
        mono,
        film,
      });
    }
  }
  return out;
}

export default async function seed(ctx: SeedContext): Promise<void> {
  const started = performance.now();
  const ada = await ensureUser(ctx, SAMPLE_ACCOUNTS.ada.email, SAMPLE_ACCOUNTS.ada.password, SAMPLE_ACCOUNT_NAMES.ada);
  const ben = await ensureUser(ctx, SAMPLE_ACCOUNTS.ben.email, SAMPLE_ACCOUNTS.ben.password, SAMPLE_ACCOUNT_NAMES.ben);
  await ctx.sql.query(
    `insert into public.group_member (group_id, user_id, role) values ($1, $2, 'owner') on conflict do nothing`,
    [SEED_GROUPS.family, ada],
  );

  const posts = planPosts({ ada, ben });
  // Posting needs membership: every author belongs to the groups they post in, so no group shows photos
  // and "0 members".
  await ctx.sql.query(
    `insert into public.group_member (group_id, user_id, role)
     select distinct g, u, 'member' from unnest($1::uuid[], $2::uuid[]) as t(g, u) on conflict do nothing`,
    [posts.map((p) => p.groupId), posts.map((p) => p.authorId)],
  );
  await insertPosts(ctx, posts);
  const pending = await ctx.sql.query<{ id: string }>(
    'select id from public.post where id = any ($1::uuid[]) and not has_uploaded_photo',
    [posts.map((p) => p.id)],
  );
  const todo = new Set(pending.rows.map((row) => row.id));
  const uploaded: string[] = [];
  const placeholders: Record<string, string> = {};
  // Painting is CPU work in libvips threads; two at a time keeps both cores busy while uploads wait on I/O.
  await inPool(
    posts.filter((p) => todo.has(p.id)),
    2,
    async (post) => {
      const jpeg = await renderScene({
        kind: post.scene,
        seed: post.seed,
        width: post.width,
        height: post.height,
        film: post.film,
        mono: post.mono,
      });
      await uploadPhoto(ctx, post, jpeg);
      placeholders[post.id] = await jpegPlaceholder(jpeg);
      uploaded.push(post.id);
    },
  );
  await markUploaded(ctx, uploaded, placeholders);
  ctx.log(
    `seed: ${posts.length} posts (${uploaded.length} photos stored) in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
}
