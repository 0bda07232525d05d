import {
  LIMITS,
  PHOTO_BUCKET,
  SIGNED_URL_STORE_KEY,
  imageTransform,
  postObjectPath,
  signedUrlCacheKey,
  type ImageTransform,
} from '@snapshire/contracts';
import { SignedUrlCache } from './signedUrlCache.ts';

/** What a photo needs to be shown: its storage path parts and its size (for the transform and layout). */
export interface PhotoRef {
  id: string;
  file_name: string;
  meta_width: number;
  meta_height: number;
}

/** The part of the Supabase client this needs (the shared client from @snapshire/data fits). */
export interface PhotoStorageClient {
  storage: {
    from(bucket: string): {
      createSignedUrl(
        path: string,
        expiresIn: number,
        options?: { transform?: ImageTransform },
      ): Promise<{ data: { signedUrl: string } | null; error: unknown }>;
    };
  };
}

/** The one cache every photo of this remote shares (module singleton, persisted in local storage). */
export const signedUrlCache = new SignedUrlCache({
  storageKey: SIGNED_URL_STORE_KEY,
  storage: () => (typeof window === 'undefined' ? undefined : window.localStorage),
});
// URLs signed just before the user leaves or reloads are kept too (the coalesced write waits 250 ms).
if (typeof window !== 'undefined') window.addEventListener('pagehide', () => signedUrlCache.flushPending());

/** Widths are rounded up to this step so small layout changes reuse cached URLs and transformed images. */
export const THUMBNAIL_WIDTH_STEP_PX = 80;

/** Screens denser than this gain nothing visible from more pixels (phones top out at 3x). */
export const MAX_DEVICE_PIXEL_RATIO = 3;

/**
 * The width to request for a photo shown `cssWidth` CSS pixels wide: the device's own pixels (up to 3x)
 * rounded up to the step; never above LIMITS.IMAGE_MAX_WIDTH, the render limit (imageTransform also keeps
 * it within the photo's own width).
 */
export function requestWidthFor(cssWidth: number, devicePixelRatio = 1): number {
  const device = Math.max(1, cssWidth) * Math.min(Math.max(devicePixelRatio, 1), MAX_DEVICE_PIXEL_RATIO);
  return Math.min(LIMITS.IMAGE_MAX_WIDTH, Math.ceil(device / THUMBNAIL_WIDTH_STEP_PX) * THUMBNAIL_WIDTH_STEP_PX);
}

export function photoTransform(photo: PhotoRef, maxWidth?: number): ImageTransform {
  return imageTransform({ width: photo.meta_width, height: photo.meta_height }, maxWidth);
}

export function photoCacheKey(photo: PhotoRef, transform: ImageTransform): string {
  return signedUrlCacheKey(PHOTO_BUCKET, postObjectPath(photo.id, photo.file_name), transform);
}

/** Asks storage for a URL of the transformed photo, valid 24 hours. */
export async function requestSignedPhotoUrl(
  supabase: PhotoStorageClient,
  photo: PhotoRef,
  transform: ImageTransform,
): Promise<string> {
  const { data, error } = await supabase.storage
    .from(PHOTO_BUCKET)
    .createSignedUrl(postObjectPath(photo.id, photo.file_name), LIMITS.SIGNED_URL_EXPIRES_IN_S, { transform });
  if (error) throw error;
  if (!data?.signedUrl) throw new Error('No signed URL in the storage response');
  return data.signedUrl;
}
