import { describe, expect, it } from 'vitest';
import { LIMITS } from './limits.ts';
import { PHOTO_WIDTH_STEPS, signedPhotoUrl } from './photo-urls.ts';
import { SIGN_PHOTOS_LIMITS, SIGN_PHOTOS_MESSAGES } from './sign-photos.ts';
import { signPhotosRequestSchema, signPhotosResponseSchema } from './sign-photos-schemas.ts';

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const ids = (count: number) => Array.from({ length: count }, (_, i) => id(i + 1));

function refusal(body: unknown): string[] {
  const parsed = signPhotosRequestSchema.safeParse(body);
  if (parsed.success) throw new Error(`accepted ${JSON.stringify(body)}`);
  return parsed.error.issues.map((issue) => issue.message);
}

describe('sign-photos request', () => {
  it('takes a page of post ids and the width steps', () => {
    const body = { postIds: ids(SIGN_PHOTOS_LIMITS.MAX_POST_IDS), widths: [320, 480, 800, 1230] };
    expect(signPhotosRequestSchema.parse(body)).toEqual(body);
    expect(SIGN_PHOTOS_LIMITS.MAX_POST_IDS).toBe(LIMITS.GRAPHQL_PAGE_SIZE);
  });

  it('width steps: a few, ascending, at most 1.6x apart, up to the render limit', () => {
    expect(PHOTO_WIDTH_STEPS.length).toBeLessThanOrEqual(8);
    PHOTO_WIDTH_STEPS.slice(1).forEach((step, i) => expect(step / PHOTO_WIDTH_STEPS[i]!).toBeLessThanOrEqual(1.6));
    expect([...PHOTO_WIDTH_STEPS].sort((a, b) => a - b)).toEqual(PHOTO_WIDTH_STEPS);
    expect(Math.max(...PHOTO_WIDTH_STEPS)).toBe(LIMITS.IMAGE_MAX_WIDTH);
  });

  it('refuses more than a page of ids, none, duplicates and non-UUIDs, in the product’s words', () => {
    for (const postIds of [ids(SIGN_PHOTOS_LIMITS.MAX_POST_IDS + 1), [], [id(1), id(1)], ['posts/x.jpg'], 'x'])
      expect(refusal({ postIds, widths: [320] })).toContain(SIGN_PHOTOS_MESSAGES.POST_IDS);
  });

  it('refuses too many widths, duplicates, fractions and widths out of range', () => {
    for (const widths of [
      [...PHOTO_WIDTH_STEPS, 1100],
      [320, 320],
      [320.5],
      [LIMITS.IMAGE_MAX_WIDTH + 1],
      [8],
      [],
      ['320'],
    ])
      expect(refusal({ postIds: [id(1)], widths })).toContain(SIGN_PHOTOS_MESSAGES.WIDTHS);
  });

  it('takes the widths each post needs, so a page of tiles at different steps signs each photo once', () => {
    const body = { postIds: [id(1), id(2)], widths: [400, 800], widthsByPost: { [id(1)]: [400], [id(2)]: [800] } };
    expect(signPhotosRequestSchema.parse(body)).toEqual(body);
    // A post left out of the map is signed at every asked width, as before the map existed.
    expect(signPhotosRequestSchema.parse({ ...body, widthsByPost: { [id(1)]: [400] } }).widthsByPost).toEqual({
      [id(1)]: [400],
    });
  });

  it('refuses per-post widths that are not among the asked widths, empty, repeated, or for a post not asked', () => {
    for (const widthsByPost of [{ [id(1)]: [640] }, { [id(1)]: [] }, { [id(1)]: [400, 400] }, { [id(3)]: [400] }])
      expect(refusal({ postIds: [id(1), id(2)], widths: [400, 800], widthsByPost })).toContain(
        SIGN_PHOTOS_MESSAGES.WIDTHS_BY_POST,
      );
  });

  it('refuses unknown fields (a path or bucket cannot be slipped in)', () => {
    expect(refusal({ postIds: [id(1)], widths: [320], paths: ['posts/a/b.jpg'] })).toEqual([
      SIGN_PHOTOS_MESSAGES.BAD_REQUEST,
    ]);
  });
});

describe('sign-photos response', () => {
  it('maps post ids to renditions with signed render paths', () => {
    const body = {
      expiresIn: 86_400,
      photos: {
        [id(1)]: [{ width: 320, height: 240, signedPath: '/render/image/sign/photography/posts/a/b.jpg?token=t' }],
      },
    };
    expect(signPhotosResponseSchema.parse(body)).toEqual(body);
    expect(
      signPhotosResponseSchema.safeParse({
        ...body,
        photos: { [id(1)]: [{ width: 320, height: 240, signedPath: 'https://elsewhere/x' }] },
      }).success,
    ).toBe(false);
  });

  it('puts a signed path under the project’s storage API, encoded as supabase-js does', () => {
    expect(signedPhotoUrl('http://127.0.0.1:54321/', '/render/image/sign/photography/posts/a b.jpg?token=t')).toBe(
      'http://127.0.0.1:54321/storage/v1/render/image/sign/photography/posts/a%20b.jpg?token=t',
    );
  });
});
