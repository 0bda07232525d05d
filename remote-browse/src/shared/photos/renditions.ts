/**
 * The sizes a photo is offered at and the signed-URL cache keys of each: pure, so the group page's
 * first-photos module (screens/GroupPage/firstPhotos.ts, published for the page's first script) computes
 * exactly the renditions the screen's tiles ask for.
 */
import {
  PHOTO_BUCKET,
  PHOTO_WIDTH_STEPS,
  imageTransform,
  postObjectPath,
  signedUrlCacheKey,
  type ImageTransform,
} from '@snapshire/contracts';

/** What a photo needs to be shown: its storage path parts and its size (for the transforms and layout). */
export interface PhotoRef {
  id: string;
  file_name: string;
  meta_width: number;
  meta_height: number;
}

/** One size a photo is offered at in its srcset, and where its signed URL is cached. */
export interface PhotoRendition {
  transform: ImageTransform;
  key: string;
}

export function photoCacheKey(photo: PhotoRef, transform: ImageTransform): string {
  return signedUrlCacheKey(PHOTO_BUCKET, postObjectPath(photo.id, photo.file_name), transform);
}

/**
 * The sizes a photo is offered at: one per width step of @snapshire/contracts (PHOTO_WIDTH_STEPS), each
 * within the render limit and the photo's own width, so a photo narrower than a step has fewer (a 640 px
 * photo: 320, 480 and 640). Narrowest first.
 */
export function photoRenditions(photo: PhotoRef): PhotoRendition[] {
  const renditions: PhotoRendition[] = [];
  for (const step of PHOTO_WIDTH_STEPS) {
    const transform = imageTransform({ width: photo.meta_width, height: photo.meta_height }, step);
    if (renditions.some((r) => r.transform.width === transform.width)) continue;
    renditions.push({ transform, key: photoCacheKey(photo, transform) });
  }
  return renditions;
}

/** Screens denser than this gain nothing visible from more pixels (phones top out at 3x). */
export const MAX_DEVICE_PIXEL_RATIO = 3;

/**
 * The width step a photo shown `cssWidth` CSS pixels wide needs on a screen of `devicePixelRatio` (at most
 * 3x): the narrowest step at least that many device pixels wide, else the widest (the render limit).
 */
export function widthStepFor(cssWidth: number, devicePixelRatio = 1): number {
  const device = Math.max(1, cssWidth) * Math.min(Math.max(devicePixelRatio || 1, 1), MAX_DEVICE_PIXEL_RATIO);
  return PHOTO_WIDTH_STEPS.find((step) => step >= device) ?? PHOTO_WIDTH_STEPS[PHOTO_WIDTH_STEPS.length - 1]!;
}

/** The rendition of `photo` signed for width step `step` (its own width when narrower). */
export function renditionFor(photo: PhotoRef, step: number): PhotoRendition {
  const transform = imageTransform({ width: photo.meta_width, height: photo.meta_height }, step);
  return { transform, key: photoCacheKey(photo, transform) };
}

/**
 * The `sizes` and fallback `src` choice for an image shown `cssWidth` CSS pixels wide: the narrowest
 * rendition at least that wide (what a 1x screen takes), else the widest. Browsers that read srcset pick
 * their own from the width descriptors; this is for those that do not.
 */
export function fallbackRendition<T extends { width: number }>(
  renditions: readonly T[],
  cssWidth: number,
): T | undefined {
  return renditions.find((r) => r.width >= cssWidth) ?? renditions[renditions.length - 1];
}

/** srcset with width descriptors: `url 320w, url 480w, ...`. */
export function widthSrcSet(renditions: readonly { url: string; width: number }[]): string {
  return renditions.map((r) => `${r.url} ${r.width}w`).join(', ');
}
