/**
 * The sign-photos edge function (supabase/functions/sign-photos): signed, transformed image URLs for a page
 * of posts in one request. storage-api's batch signing (createSignedUrls) cannot carry an image transform,
 * and one createSignedUrl per photo made a long group cost one request per photo; this function reads the
 * posts as the caller (row level security decides which they may see), takes the file names from the
 * database, and signs each photo at each asked width with the service role.
 */
import { LIMITS } from './limits.ts';
import { PHOTO_WIDTH_STEPS } from './photo-urls.ts';

export const SIGN_PHOTOS_LIMITS = {
  /** Posts per request: a page of posts, as GraphQL serves them. */
  MAX_POST_IDS: LIMITS.GRAPHQL_PAGE_SIZE,
  /**
   * Widths per request: every step, so whatever steps one screen's tiles want go in one request (a page of
   * short days laid out as rows wants five or six). With MAX_POST_IDS, at most 210 signatures.
   */
  MAX_WIDTHS: PHOTO_WIDTH_STEPS.length,
  /** Narrowest width worth a signature. */
  MIN_WIDTH: 16,
  /** A request body: 30 ids and 7 widths take about 1.3 KB. */
  MAX_BODY_BYTES: 8 * 1024,
  /** Requests per caller (signed-in user, else client address) per minute: a 500-photo group is 17. */
  REQUESTS_PER_MINUTE: 240,
  /** Signatures the function asks storage for at once. */
  SIGN_CONCURRENCY: 16,
} as const;

export const SIGN_PHOTOS_MESSAGES = {
  BAD_REQUEST: 'The photos to show could not be read from the request.',
  NOT_JSON: 'The request must be JSON: {"postIds": [...], "widths": [...]}.',
  POST_IDS: `Ask for 1 to ${SIGN_PHOTOS_LIMITS.MAX_POST_IDS} different post ids (UUIDs) at once.`,
  WIDTHS: `Ask for 1 to ${SIGN_PHOTOS_LIMITS.MAX_WIDTHS} different whole-number widths from ${SIGN_PHOTOS_LIMITS.MIN_WIDTH} to ${LIMITS.IMAGE_MAX_WIDTH} pixels.`,
  WIDTHS_BY_POST: 'Each post’s own widths must be some of the asked widths, each once, for a post that is asked for.',
  TOO_LARGE: `The request is larger than ${SIGN_PHOTOS_LIMITS.MAX_BODY_BYTES} bytes.`,
  SESSION_INVALID: 'Your session is not valid any more. Sign in again.',
  RATE_LIMITED: 'Too many photo requests. Please wait a minute and try again.',
  METHOD: 'Send the photos to sign with POST.',
  FAILED: 'The photos could not be signed. Please try again.',
} as const;

// The schemas, with the types of the request and answer, are their own module (sign-photos-schemas.ts): code
// that needs only these limits and messages does not carry zod with them (a bundler keeps a module's top-level
// .check() chains as possible side effects, so they came with any constant of this file).
