/**
 * The sign-photos edge function (supabase/functions/sign-photos): signed, transformed image URLs for a page
 * of posts in one request. storage-api's batch signing (createSignedUrls) cannot carry an image transform,
 * and one createSignedUrl per photo made a long group cost one request per photo; this function reads the
 * posts as the caller (row level security decides which they may see), takes the file names from the
 * database, and signs each photo at each asked width with the service role.
 */
import { z } from './zod.ts';
import { LIMITS } from './limits.ts';
import { PHOTO_WIDTH_STEPS } from './photo-urls.ts';

export const SIGN_PHOTOS_LIMITS = {
  /** Posts per request: a page of posts, as GraphQL serves them. */
  MAX_POST_IDS: LIMITS.GRAPHQL_PAGE_SIZE,
  /**
   * Widths per request: every step, so whatever steps one screen's tiles want go in one request (a page of
   * short days laid out as rows wants five or six). With MAX_POST_IDS, at most 210 signatures.
   */
  MAX_WIDTHS: PHOTO_WIDTH_STEPS.length,
  /** Narrowest width worth a signature. */
  MIN_WIDTH: 16,
  /** A request body: 30 ids and 7 widths take about 1.3 KB. */
  MAX_BODY_BYTES: 8 * 1024,
  /** Requests per caller (signed-in user, else client address) per minute: a 500-photo group is 17. */
  REQUESTS_PER_MINUTE: 240,
  /** Signatures the function asks storage for at once. */
  SIGN_CONCURRENCY: 16,
} as const;

export const SIGN_PHOTOS_MESSAGES = {
  BAD_REQUEST: 'The photos to show could not be read from the request.',
  NOT_JSON: 'The request must be JSON: {"postIds": [...], "widths": [...]}.',
  POST_IDS: `Ask for 1 to ${SIGN_PHOTOS_LIMITS.MAX_POST_IDS} different post ids (UUIDs) at once.`,
  WIDTHS: `Ask for 1 to ${SIGN_PHOTOS_LIMITS.MAX_WIDTHS} different whole-number widths from ${SIGN_PHOTOS_LIMITS.MIN_WIDTH} to ${LIMITS.IMAGE_MAX_WIDTH} pixels.`,
  WIDTHS_BY_POST: 'Each post’s own widths must be some of the asked widths, each once, for a post that is asked for.',
  TOO_LARGE: `The request is larger than ${SIGN_PHOTOS_LIMITS.MAX_BODY_BYTES} bytes.`,
  SESSION_INVALID: 'Your session is not valid any more. Sign in again.',
  RATE_LIMITED: 'Too many photo requests. Please wait a minute and try again.',
  METHOD: 'Send the photos to sign with POST.',
  FAILED: 'The photos could not be signed. Please try again.',
} as const;

const unique = (values: readonly unknown[]) => new Set(values).size === values.length;

const byPost = SIGN_PHOTOS_MESSAGES.WIDTHS_BY_POST;

const widthsSchema = z
  .array(
    z
      .int({ error: SIGN_PHOTOS_MESSAGES.WIDTHS })
      .check(
        z.gte(SIGN_PHOTOS_LIMITS.MIN_WIDTH, { error: SIGN_PHOTOS_MESSAGES.WIDTHS }),
        z.lte(LIMITS.IMAGE_MAX_WIDTH, { error: SIGN_PHOTOS_MESSAGES.WIDTHS }),
      ),
    { error: SIGN_PHOTOS_MESSAGES.WIDTHS },
  )
  .check(
    z.minLength(1, { error: SIGN_PHOTOS_MESSAGES.WIDTHS }),
    z.maxLength(SIGN_PHOTOS_LIMITS.MAX_WIDTHS, { error: SIGN_PHOTOS_MESSAGES.WIDTHS }),
    z.refine(unique, { error: SIGN_PHOTOS_MESSAGES.WIDTHS }),
  );

/**
 * A request: the posts, and the widths to sign them at. `widthsByPost` (optional) narrows a post to the
 * widths its tiles want, so a page whose tiles want different steps costs one signature per tile, not one
 * per tile and step; a post it leaves out is signed at every width in `widths`.
 */
export const signPhotosRequestSchema = z
  .strictObject(
    {
      postIds: z
        .array(z.uuid({ error: SIGN_PHOTOS_MESSAGES.POST_IDS }), { error: SIGN_PHOTOS_MESSAGES.POST_IDS })
        .check(
          z.minLength(1, { error: SIGN_PHOTOS_MESSAGES.POST_IDS }),
          z.maxLength(SIGN_PHOTOS_LIMITS.MAX_POST_IDS, { error: SIGN_PHOTOS_MESSAGES.POST_IDS }),
          z.refine(unique, { error: SIGN_PHOTOS_MESSAGES.POST_IDS }),
        ),
      widths: widthsSchema,
      widthsByPost: z.optional(
        z.record(
          z.string({ error: byPost }),
          z
            .array(z.number({ error: byPost }), { error: byPost })
            .check(z.minLength(1, { error: byPost }), z.refine(unique, { error: byPost })),
          { error: byPost },
        ),
      ),
    },
    { error: SIGN_PHOTOS_MESSAGES.BAD_REQUEST },
  )
  .check(
    z.superRefine(({ postIds, widths, widthsByPost }, ctx) => {
      for (const [postId, own] of Object.entries(widthsByPost ?? {}))
        if (!postIds.includes(postId) || own.some((width) => !widths.includes(width))) {
          ctx.addIssue({ code: 'custom', message: byPost, path: ['widthsByPost', postId] });
          return;
        }
    }),
  );
export type SignPhotosRequest = z.infer<typeof signPhotosRequestSchema>;

/** One rendition of a photo: its transform's size and its signed path. */
export const signedRenditionSchema = z.strictObject({
  width: z.int().check(z.positive()),
  height: z.int().check(z.positive()),
  /**
   * Relative to the storage API (`/render/image/sign/{bucket}/{path}?token=...`, as storage-api answers
   * createSignedUrl): the browser prefixes the project URL it knows, which is not always the one the
   * function sees (a local project's functions reach the API through an internal address).
   */
  signedPath: z.string().check(z.startsWith('/render/image/sign/')),
});
export type SignedRendition = z.infer<typeof signedRenditionSchema>;

/**
 * 200 answer: for each asked post the caller may see and that has a photo, its renditions (one per distinct
 * transform of the asked widths, narrowest first). A post the caller may not see is absent, exactly as one
 * that does not exist.
 */
export const signPhotosResponseSchema = z.strictObject({
  expiresIn: z.int().check(z.positive()),
  photos: z.record(z.uuid(), z.array(signedRenditionSchema)),
});
export type SignPhotosResponse = z.infer<typeof signPhotosResponseSchema>;
