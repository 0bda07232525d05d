/**
 * The sign-photos function's request and answer as zod schemas (the limits and messages they check are in
 * sign-photos.ts): the function checks its requests with them, the photo signers its answers.
 */
import { z } from './zod.ts';
import { LIMITS } from './limits.ts';
import { SIGN_PHOTOS_LIMITS, SIGN_PHOTOS_MESSAGES } from './sign-photos.ts';

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
