/**
 * The sizes photos are signed at and the URL of a signed one: free of zod, so the page's first script's
 * first-photos module (a remote's, e.g. remote-browse's group/firstPhotos.ts) stays a few kilobytes.
 */
import { LIMITS } from './limits.ts';

/** The edge function that signs a page of photos (sign-photos.ts: its request and answer). */
export const SIGN_PHOTOS_FUNCTION = 'sign-photos';

/**
 * The widths photos are signed at: a few steps (about 1.25x apart) from a group-card thumbnail up to the
 * render limit. A screen asks for the step its shown width needs at its pixel density (a 360 px tile takes
 * 400 at 1x, 800 at 2x, 1230 at 3x), so devices alike share signed URLs and rendered images, and the
 * width-described srcset lists the steps signed so far. A photo narrower than a step is signed at its own
 * width instead (imageTransform).
 */
export const PHOTO_WIDTH_STEPS: readonly number[] = [320, 400, 480, 640, 800, 1000, LIMITS.IMAGE_MAX_WIDTH];

/** The full URL of a signed path, under the project's storage API (encoded as supabase-js does). */
export function signedPhotoUrl(supabaseUrl: string, signedPath: string): string {
  return encodeURI(`${supabaseUrl.replace(/\/+$/, '')}/storage/v1${signedPath}`);
}
