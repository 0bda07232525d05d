/**
 * What one request may spend on the backend (the embedded one enforces these; Supabase's gateway and
 * pg_graphql have their own). Clients see them as errors, so they live here once.
 */
export const SERVER_LIMITS = {
  /**
   * Deepest field nesting a GraphQL operation may have. The product's deepest query (a group's posts with
   * their categories) nests 10 fields; the standard introspection query 13.
   */
  GRAPHQL_MAX_DEPTH: 16,
  /**
   * Most work a GraphQL operation may ask for: every selected field counts once per row it is read for,
   * a collection multiplying what is under it by its page size (`first`/`last`, else the default page of
   * 30). The product's largest query costs about 3,000; three nested default pages (27,000 rows) of a few
   * fields each fit; a fourth level, or more fields at three, does not (the six levels: billions).
   */
  GRAPHQL_MAX_COST: 100_000,
  /** Longest a signed storage URL may live (7 days, as S3's presigned URLs); the product signs for 1 day. */
  SIGNED_URL_MAX_EXPIRES_IN_S: 7 * 86_400,
  /** Request body sizes, each sized for its route's job. */
  BODY_MAX_BYTES: {
    /** A GraphQL query with its variables: the product's largest is under 2 KB. */
    GRAPHQL: 100 * 1024,
    /** Sign-up, sign-in, refresh, user updates: small JSON. */
    AUTH: 64 * 1024,
    /** Storage: the largest object (10 MiB) plus multipart framing; JSON routes are far smaller. */
    STORAGE: 10 * 1024 * 1024 + 64 * 1024,
    /**
     * Functions: well above one photo (10 MiB) and its form, so the post-create function reads the body
     * itself and refuses an oversized photo in the product's words; only absurd bodies stop here.
     */
    FUNCTION: 32 * 1024 * 1024,
  },
} as const;

/** The GraphQL errors the limits above produce (pg_graphql's error shape: `{ data: null, errors: [{ message }] }`). */
export const SERVER_LIMIT_MESSAGES = {
  graphqlDepth: (depth: number, max: number) => `Query depth ${depth} exceeds the maximum depth of ${max}`,
  graphqlCost: (max: number) =>
    `Query cost exceeds the maximum cost of ${max} (fields times rows read); ask for fewer rows or less nesting`,
  bodyTooLarge: (max: number) => `Request body exceeds the maximum size of ${max} bytes`,
  statementTimeout: 'canceling statement due to statement timeout',
} as const;
