/** Browsing groups and photos (remote-browse): facts not covered by the shared limits and messages. */

/** Local-storage key of the signed image URL cache (docs/product.md, "Signed image URLs"). */
export const SIGNED_URL_STORE_KEY = 'post-store';

/** Texts of the browse screens (docs/product.md, "Screens and routes") not listed in MESSAGES. */
export const BROWSE_TEXT = {
  ADVERT: 'Advert',
  DESCRIPTION_LABEL: 'Description',
  PHOTO_TYPE_LABEL: 'Photo type',
  CATEGORIES_LABEL: 'Categories',
  GROUP_LABEL: 'Group',
  CATEGORY_FILTER_LABEL: 'Filter by category',
  HOME_LINK: 'Go home',
  CLOSE: 'Close',
  PREVIOUS_PHOTO: 'Previous photo',
  NEXT_PHOTO: 'Next photo',
  LIKE: 'Like',
  /** Alt text of a photo posted without a description. */
  PHOTO_ALT_FALLBACK: 'Photo',
} as const;
