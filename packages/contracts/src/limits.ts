/** Business constants and limits, the single source (docs/product.md, "Limits", says what they are for). */
export const LIMITS = {
  PASSWORD_MIN_LENGTH: 8,
  /** 10MB: the largest photo a post may carry. */
  UPLOAD_MAX_BYTES: 10_485_760,
  UPLOAD_MAX_LABEL: '10MB',
  UPLOAD_ACCEPTED_MIME_TYPES: ['image/jpg', 'image/jpeg'] as readonly string[],
  /**
   * Largest width x height the server accepts, read from the JPEG header: bigger ones (a 10000x10000
   * decompression bomb) are refused before any pixel work. 50 MP, where Supabase's image transformations
   * stop; IMAGE_TOO_MANY_PIXELS says it in the product's words.
   */
  UPLOAD_MAX_PIXELS: 50_000_000,
  /**
   * Longest side of a photo, in pixels: libjpeg's JPEG_MAX_DIMENSION, beyond which neither the function's
   * decoder nor the browser's can read a JPEG (the format itself allows 65,535). PHOTO_SIDE_TOO_LONG says it.
   */
  PHOTO_MAX_SIDE_PX: 65_500,
  /**
   * Largest width x height the server stores: bigger photos are scaled down while they are decoded
   * (libjpeg-turbo's DCT scaling by M/8: a 12 MP photo to 5/8, 2500x1875; a 48 MP one to 1/4, 2000x1500),
   * which keeps the edge function within the Edge Runtime's 150 MB (figures: supabase/README.md). The site
   * shows photos at most IMAGE_MAX_WIDTH (1230) pixels wide.
   */
  STORED_MAX_PIXELS: 5_000_000,
  DESCRIPTION_MAX_LENGTH: 200,
  /** Most photos the new-post screen takes in one go (a day's photos); the rest of a bigger drop is left out. */
  UPLOAD_MAX_FILES: 30,
  /** Photos of one batch uploading at the same time: enough to keep the link busy, few enough for the function. */
  UPLOAD_CONCURRENCY: 3,
  /** Delay before step two of the new-post screen scrolls into view. */
  SCROLL_INTO_VIEW_DELAY_MS: 200,
  SIGNED_URL_EXPIRES_IN_S: 86_400,
  SIGNED_URL_CACHE_TTL_MS: 86_400_000,
  IMAGE_MAX_WIDTH: 1230,
  IMAGE_QUALITY: 60,
  GROUPS_LIST_POSTS_PER_GROUP: 2,
  GROUP_CARD_THUMBNAIL_SLOTS: 3,
  /** pg_graphql's default maximum page size. */
  GRAPHQL_PAGE_SIZE: 30,
  MASONRY_BREAKPOINTS: { 350: 2, 750: 3 } as Readonly<Record<number, number>>,
  MASONRY_GUTTER_PX: 12,
  ADVERT_WIDTH_PX: 320,
  ADVERT_HEIGHT_PX: 250,
  LANDING_DECORATIVE_IMAGES: 3,
  LANDING_MAX_WIDTH_PX: 700,
  THEME_STORAGE_KEY: 'theme',
  /** A remote that has not loaded after this long is shown as unavailable (runtime config may override). */
  REMOTE_LOAD_TIMEOUT_MS: 120_000,
  /**
   * A remote that accepted the connection but has sent no response headers after this long is treated as
   * down (runtime config may override); REMOTE_LOAD_TIMEOUT_MS stays the ceiling for a slow, progressing load.
   */
  REMOTE_FIRST_BYTE_TIMEOUT_MS: 8_000,
  /** A navigation into a remote re-reads its manifest at most this often, to pick up a new build. */
  REMOTE_UPDATE_CHECK_INTERVAL_MS: 5_000,
  /** Unused cached query data is released after this long. */
  QUERY_CACHE_GC_MS: 30_000,
} as const;
