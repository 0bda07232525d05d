import { LIMITS } from './limits.ts';

/** The private storage bucket that holds every post's photo. */
export const PHOTO_BUCKET = 'photography';
/** The edge function that creates a post from a multipart form. */
export const POST_CREATE_FUNCTION = 'handle-post-create';

/** Object path of a post's photo: posts/{postId}/{file_name}. */
export function postObjectPath(postId: string, fileName: string): string {
  return `posts/${postId}/${fileName}`;
}

export interface ImageTransform {
  width: number;
  height: number;
  quality: number;
}

/**
 * The transform for showing a photo at most `maxWidth` wide (default 1230): wider images are scaled down
 * with the height rounded in proportion; narrower ones keep their size. Quality 60.
 */
export function imageTransform(
  meta: { width: number; height: number },
  maxWidth: number = LIMITS.IMAGE_MAX_WIDTH,
): ImageTransform {
  const cap = Math.min(maxWidth, LIMITS.IMAGE_MAX_WIDTH);
  if (meta.width <= cap) return { width: meta.width, height: meta.height, quality: LIMITS.IMAGE_QUALITY };
  return { width: cap, height: Math.round((meta.height * cap) / meta.width), quality: LIMITS.IMAGE_QUALITY };
}

/** Cache key of a signed image URL: bucket, path, width, height and quality. */
export function signedUrlCacheKey(bucket: string, path: string, t: ImageTransform): string {
  return `${bucket}/${path}?w=${t.width}&h=${t.height}&q=${t.quality}`;
}
