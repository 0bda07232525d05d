/** Browsing groups and photos (remote-browse): facts not covered by the shared limits and messages. */
import { LIMITS } from './limits.ts';

/** Local-storage key of the signed image URL cache (docs/product.md, "Signed image URLs"). */
export const SIGNED_URL_STORE_KEY = 'post-store';

/**
 * Query parameter of the group page's category filter: the chosen category ids, comma-joined
 * (e.g. /groups/{groupId}?category=id1,id2), so a filtered page can be shared and survives a reload.
 */
export const CATEGORY_QUERY_PARAM = 'category';

/** Texts of the browse screens (docs/product.md, "Screens and routes") not listed in MESSAGES. */
export const BROWSE_TEXT = {
  ADVERT: 'Advert',
  DESCRIPTION_LABEL: 'Description',
  PHOTO_TYPE_LABEL: 'Photo type',
  /** The post's camera line (make and model, lens, focal length, aperture, exposure, ISO). */
  CAMERA_LABEL: 'Camera',
  CATEGORIES_LABEL: 'Categories',
  GROUP_LABEL: 'Group',
  CATEGORY_FILTER_LABEL: 'Filter by category',
  HOME_LINK: 'Go home',
  /** Error screens lead somewhere: the group list, and back where the visitor came from. */
  GROUPS_LINK: 'Browse groups',
  BACK: 'Go back',
  POSTED_LABEL: 'Posted',
  AUTHOR_LABEL: 'By',
  CLOSE: 'Close',
  PREVIOUS_PHOTO: 'Previous photo',
  NEXT_PHOTO: 'Next photo',
  LIKE: 'Like',
  /** Alt text of a photo posted without a description. */
  PHOTO_ALT_FALLBACK: 'Photo',
} as const;

/**
 * The post modal's position in the gallery, e.g. "3 of 500", from the gallery's total when the server counted
 * it; otherwise the photos loaded so far, marked "3 of 30+" while more remain to be loaded.
 */
export function galleryPositionText(
  position: number,
  gallery: { loaded: number; more: boolean; total: number | undefined },
): string {
  // A photo posted since the count was taken can make the loaded photos outnumber it.
  if (gallery.total !== undefined) return `${position} of ${Math.max(gallery.total, gallery.loaded)}`;
  return `${position} of ${gallery.loaded}${gallery.more ? '+' : ''}`;
}

/**
 * Column count for a viewport width: 1 below the first breakpoint, then 2 from 350px and 3 from 750px
 * (LIMITS.MASONRY_BREAKPOINTS, the widths the original's responsive masonry used). The gallery, the first
 * photos' plan and the e2e checks of the first row all count columns with it.
 */
export function columnCountForWidth(
  width: number,
  breakpoints: Readonly<Record<number, number>> = LIMITS.MASONRY_BREAKPOINTS,
): number {
  let columns = 1;
  for (const [minWidth, count] of Object.entries(breakpoints).sort((a, b) => Number(a[0]) - Number(b[0])))
    if (width >= Number(minWidth)) columns = count;
  return columns;
}
