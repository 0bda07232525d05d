/** Business constants and limits, the single source (docs/product.md, "Limits", says what they are for). */
export const LIMITS = {
  PASSWORD_MIN_LENGTH: 8,
  /** 10MB: the largest photo a post may carry. */
  UPLOAD_MAX_BYTES: 10_485_760,
  UPLOAD_MAX_LABEL: '10MB',
  UPLOAD_ACCEPTED_MIME_TYPES: ['image/jpg', 'image/jpeg'] as readonly string[],
  /** Largest width x height the server decodes; bigger headers are refused before any pixel work. */
  UPLOAD_MAX_PIXELS: 100_000_000,
  DESCRIPTION_MAX_LENGTH: 200,
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
  /** Unused cached query data is released after this long. */
  QUERY_CACHE_GC_MS: 30_000,
} as const;
