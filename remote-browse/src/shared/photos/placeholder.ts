/**
 * A photo's placeholder as the browser paints it: the post's ThumbHash (base64 without padding, computed by
 * handle-post-create from the decoded photo) rendered to a small PNG data URL by the `thumbhash` package
 * (about 1.5 KB of script, well under a millisecond a photo). Kept per hash, so a tile that renders again,
 * or the same photo in the modal, costs nothing the second time.
 */
import { thumbHashToDataURL } from 'thumbhash';

/** Enough for several pages of a gallery; the oldest entry goes first beyond it (each is a few KB of text). */
const CACHE_LIMIT = 400;
const cache = new Map<string, string | null>();

/** The hash's bytes, or null if it is not base64 (atob accepts a missing padding, as stored). */
function hashBytes(hash: string): Uint8Array | null {
  try {
    const binary = atob(hash);
    return Uint8Array.from(binary, (c) => c.charCodeAt(0));
  } catch {
    return null;
  }
}

/** The placeholder image for a ThumbHash; null when there is none or it cannot be read (the box stays plain). */
export function placeholderDataUrl(hash: string | null | undefined): string | null {
  if (!hash) return null;
  const cached = cache.get(hash);
  if (cached !== undefined) return cached;
  let url: string | null = null;
  const bytes = hashBytes(hash);
  if (bytes && bytes.length >= 5) {
    try {
      url = thumbHashToDataURL(bytes);
    } catch {
      url = null;
    }
  }
  if (cache.size >= CACHE_LIMIT) cache.delete(cache.keys().next().value!);
  cache.set(hash, url);
  return url;
}
