import { afterEach, describe, expect, it, vi } from 'vitest';
import { SIGNED_URL_STORE_KEY, SIGN_PHOTOS_FUNCTION } from '@snapshire/contracts';
import { renditionFor } from '../../shared/photos/renditions.ts';
import { loadedEntry, serializeEntries } from '../../shared/photos/signedUrlCache.ts';
import { planFirstPhotos, plannedPhotos } from './firstPhotos.ts';

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
/** A post of `day` (2026-11-DD, noon UTC), 4000x3000 unless given. */
const post = (n: number, day: number, width = 4000, height = 3000) => ({
  __typename: 'post' as const,
  id: id(n),
  file_name: `p${n}.jpg`,
  meta_width: width,
  meta_height: height,
  created_at: `2026-11-${String(day).padStart(2, '0')}T12:00:${String(60 - n).padStart(2, '0')}Z`,
});
const answer = (posts: ReturnType<typeof post>[], hasNextPage = false) => ({
  data: {
    groupCollection: {
      edges: [{ node: { postCollection: { edges: posts.map((node) => ({ node })), pageInfo: { hasNextPage } } } }],
    },
  },
});
const PROJECT = 'http://127.0.0.1:54321';
const storage = (entries: Record<string, string> = {}) => ({ getItem: (key: string) => entries[key] ?? null });

describe('plannedPhotos: the first page as the gallery lays it out', () => {
  it('on a phone (412 px at 2x): two columns of 184 px, so the 400 step; the first two photos are the first row', () => {
    const planned = plannedPhotos([post(1, 20), post(2, 20), post(3, 20)], false, 412, 2);
    expect(planned.map((p) => [p.post.id, p.step, p.firstRow])).toEqual([
      [id(1), 400, true],
      [id(2), 400, true],
      [id(3), 400, false],
    ]);
  });

  it('on a laptop (1280 px at 1x): three columns of 360 px; a short complete day is one wider row', () => {
    // Day 20: three photos in columns (400); day 19: one photo alone, as a row up to 1.25 columns tall.
    const planned = plannedPhotos([post(1, 20), post(2, 20), post(3, 20), post(4, 19)], false, 1280, 1);
    expect(planned.map((p) => p.step)).toEqual([400, 400, 400, 640]);
    // The last day may still grow (more pages): it keeps columns.
    expect(plannedPhotos([post(1, 20), post(2, 20), post(3, 20), post(4, 19)], true, 1280, 1).at(-1)!.step).toBe(400);
  });

  afterEach(() => vi.restoreAllMocks());

  it('creates no Intl date formatter: the first one on a page costs 235 ms at 4x CPU, before the sign request', () => {
    const created = vi.spyOn(Intl, 'DateTimeFormat');
    expect(plannedPhotos([post(1, 20), post(2, 19), post(3, 18)], false, 412, 2)).toHaveLength(3);
    expect(created).not.toHaveBeenCalled();
  });

  it("a short first day is the first row alone: the next day's photos are under it (and, on a phone, the advert)", () => {
    // Day 20 holds one photo, drawn as a row across both columns; day 19's photos come after its heading.
    const planned = plannedPhotos([post(1, 20), post(2, 19), post(3, 19)], false, 412, 2);
    expect(planned.map((p) => p.firstRow)).toEqual([true, false, false]);
  });

  it('leaves out a photo without its stored size, as the signer does', () => {
    expect(plannedPhotos([post(1, 20, 0, 0), post(2, 20)], false, 412, 2).map((p) => p.post.id)).toEqual([id(2)]);
  });
});

describe('planFirstPhotos', () => {
  const page = { viewportWidth: 412, devicePixelRatio: 2, supabaseUrl: PROJECT, storage: storage() };

  it("asks for the page's photos in one sign-photos request and fetches the first row from its answer", () => {
    const plan = planFirstPhotos(answer([post(1, 20), post(2, 20), post(3, 20)], true), page)!;
    expect(plan.signRequest).toEqual({
      functionName: SIGN_PHOTOS_FUNCTION,
      body: { postIds: [id(1), id(2), id(3)], widths: [400] },
    });
    const signed = (n: number) => [
      { width: 400, height: 300, signedPath: `/render/image/sign/photography/p${n}?token=t${n}` },
    ];
    const response = { expiresIn: 86_400, photos: { [id(1)]: signed(1), [id(3)]: signed(3) } };
    // Photo 2 is missing from the answer (not visible to the caller): nothing to fetch for it.
    expect(plan.urlsToFetch(response)).toEqual([`${PROJECT}/storage/v1/render/image/sign/photography/p1?token=t1`]);
    expect(plan.urlsToFetch(null)).toEqual([]);
  });

  it('signs nothing the screen cached on an earlier visit, and fetches the cached first row at once', () => {
    const posts = [post(1, 20), post(2, 20), post(3, 20)];
    const cached = `${PROJECT}/storage/v1/render/image/sign/photography/cached1`;
    const entries = { [renditionFor(posts[0]!, 400).key]: loadedEntry(cached, Date.now()) };
    const plan = planFirstPhotos(answer(posts), {
      ...page,
      storage: storage({ [SIGNED_URL_STORE_KEY]: serializeEntries(entries, Date.now()) }),
    })!;
    expect(plan.signRequest?.body).toEqual({ postIds: [id(2), id(3)], widths: [400] });
    expect(plan.urlsToFetch(null)).toEqual([cached]);
  });

  it('plans nothing for an answer without photos, or not of the group page', () => {
    expect(planFirstPhotos(answer([]), page)).toBeNull();
    expect(planFirstPhotos({ errors: [{ message: 'x' }] }, page)).toBeNull();
    expect(planFirstPhotos(null, page)).toBeNull();
  });
});
