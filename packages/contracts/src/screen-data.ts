/**
 * A screen's first query, started by the page's first script before any JavaScript has loaded. A remote
 * declares, per exposed screen, the query its screen asks first and how the route gives its variables, and
 * publishes them beside its manifest (SCREEN_DATA_FILE, written by its build); the host's inline script
 * (host/src/features/remotes/earlyRemote.ts) reads that file for the address being opened, sends the query,
 * and leaves the answer where @snapshire/data's Apollo link hands it to the screen's own query. The query stays
 * the remote's: a remote changes it with its own deploy.
 */

import type { SignPhotosRequest } from './sign-photos-schemas.ts';

/** Beside the remote's mf-manifest.json. */
export const SCREEN_DATA_FILE = 'screen-data.json';

/** Where the early answer waits for the Apollo link (a Symbol.for registry key on window). */
export const EARLY_SCREEN_DATA_KEY = 'snapshire.earlyScreenData';

/** An answer older than this is not handed over (the screen asks again). */
export const EARLY_SCREEN_DATA_MAX_AGE_MS = 30_000;

/** A variable: a constant, or the value of a route parameter ({ param: 'groupId' }). */
export type ScreenVariable = string | number | boolean | null | { param: string };

/** One screen's first query, as published. */
export interface ScreenQuery {
  /** The route pattern (ROUTES) the screen is drawn at; the host starts the query only on that route. */
  route: string;
  operationName: string;
  /** The query text as Apollo Client sends it (with __typename), so the answer fills the cache as its own. */
  query: string;
  variables: Record<string, ScreenVariable>;
  /** Query parameters that make the screen ask another query (a filter): with one, nothing starts early. */
  unlessSearchParams?: string[];
  /**
   * The screen's first-photos module (FirstPhotosModule), a file beside the manifest: given the query's answer
   * it says which photos the screen shows first and at what size, so the first script signs them in the
   * screen's own sign request and starts their downloads before the screen's code has arrived.
   */
  firstPhotos?: string;
  /**
   * The screen's first render (its loading state, drawn at build time by the remote's build): the page's first
   * script draws it in the shell's content area as soon as this file arrives, and the host's slot for the screen
   * shows it until the screen's code has loaded, so its title and text paint before any of the site's
   * JavaScript has run.
   */
  firstRender?: FirstRender;
  /**
   * The screen drawn at build time with a marked answer to its first query (the marks are the remote's own):
   * its first-photos module (FirstPhotosModule.fillFirstRender) fills it with the real answer and the signed
   * photos, and the first script draws that in place of firstRender, so the page's first photos paint in their
   * final boxes before the screen's code has arrived.
   */
  firstRenderTemplate?: FirstRender;
}

/** A screen drawn at build time, as HTML with the styles it needs. */
export interface FirstRender {
  html: string;
  /** Emotion's style elements for the rules the HTML uses. */
  css: string;
}

/** Where the first script leaves the first render it drew (a Symbol.for registry key on window). */
export const EARLY_FIRST_RENDER_KEY = 'snapshire.earlyFirstRender';

/** Told on window when the first script has left a first render there (the host's slot may be waiting). */
export const EARLY_FIRST_RENDER_EVENT = 'snapshire:early-first-render';

/** What the first script leaves for the host's slot: the first render of one screen, at one address. */
export interface EarlyFirstRender {
  remote: string;
  /** The exposed module (GroupsPage). */
  screen: string;
  /** location.pathname when it was drawn: the slot shows it at that address only. */
  pathname: string;
  html: string;
}

/** screen-data.json: the exposed module's name (GroupPage) to its first query. */
export type ScreenData = Record<string, ScreenQuery>;

/** The variables of a screen's first query for the route's parameters (undefined when one is missing). */
export function screenVariables(
  template: Record<string, ScreenVariable>,
  params: Record<string, string | undefined>,
): Record<string, string | number | boolean | null> | undefined {
  const variables: Record<string, string | number | boolean | null> = {};
  for (const [name, value] of Object.entries(template)) {
    if (value !== null && typeof value === 'object') {
      const param = params[value.param];
      if (param === undefined) return undefined;
      variables[name] = param;
    } else variables[name] = value;
  }
  return variables;
}

/** What the page's first script leaves for the Apollo link: the query it sent and, in time, the answer. */
export interface EarlyScreenAnswer {
  /** Date.now() when the query was sent. */
  sentAt: number;
  operationName: string;
  /**
   * The query text sent (ScreenQuery.query): a browser may hold the remote's screen-data.json of the build before
   * (it is used while revalidated), whose query only a screen asking the same text may take the answer of.
   */
  query: string;
  variables: Record<string, unknown>;
  /** The Authorization header it was sent with: only a request under the same identity takes the answer. */
  authorization: string;
  /** The GraphQL response body, or null when the request failed. */
  body: Promise<unknown>;
  /** The same body once it has arrived: a screen that renders after that reads it from the cache at once. */
  result?: unknown;
}

/**
 * Where the first script keeps each remote's screen-data.json in local storage (this, a dot and the remote's
 * name: { url, screens }): a returning visitor's first query leaves from that copy at once, while the file is
 * fetched and kept for the next visit. On the first visit after a deploy the copy is the build before's, whose
 * query only a screen asking the same text takes the answer of (EarlyScreenAnswer.query).
 */
export const EARLY_SCREEN_DATA_STORE_KEY = 'snapshire.screenData';

/** Where the early sign-photos answer waits for the screen's photo signer (a Symbol.for registry key on window). */
export const EARLY_SIGNED_PHOTOS_KEY = 'snapshire.earlySignedPhotos';

/**
 * What the first script leaves for the screen's photo signer: in time, the answer to the sign-photos request
 * it sent for the screen's first photos (null when it sent none, or the request failed).
 */
export interface EarlySignedPhotos {
  /** Date.now() when the screen's query was sent; an answer older than EARLY_SCREEN_DATA_MAX_AGE_MS is not used. */
  sentAt: number;
  body: Promise<unknown>;
}

/** The page the first photos are planned for. */
export interface FirstPhotosPage {
  /** window.innerWidth, as the screen's layout reads it. */
  viewportWidth: number;
  devicePixelRatio: number;
  supabaseUrl: string;
  /** The page's localStorage (signed URLs the screen cached on an earlier visit need no new signature). */
  storage: { getItem(key: string): string | null } | undefined;
}

/** The screen's first photos: what to sign (nothing when every one is cached) and which URLs to fetch at once. */
export interface FirstPhotosPlan {
  /** The sign-photos request for the first page's photos not yet signed, as the screen would send it. */
  signRequest?: { functionName: string; body: SignPhotosRequest };
  /** The URLs of the photos the screen draws first (its largest paint): from the answer, or the cache. */
  urlsToFetch(response: unknown): string[];
}

/** A screen's first render filled with the real answer (FirstPhotosModule.fillFirstRender). */
export interface FilledFirstRender {
  html: string;
  /**
   * Run once the HTML is drawn in `container` and a frame has been shown: what would hold the first paint back
   * (placeholders where a photo has not come, the day headings' text). The slot keeps what is drawn after it.
   */
  afterDraw?(container: Element): void;
}

/** The module a remote publishes as ScreenQuery.firstPhotos: the screen's own layout, nothing else of it. */
export interface FirstPhotosModule {
  /** null when the answer holds no photos to show. */
  planFirstPhotos(result: unknown, page: FirstPhotosPage): FirstPhotosPlan | null;
  /**
   * ScreenQuery.firstRenderTemplate's HTML filled with the query's answer and the sign-photos answer, as the
   * screen will draw them on this page; null when it cannot be (the screen draws itself then).
   */
  fillFirstRender?(template: string, result: unknown, signed: unknown, page: FirstPhotosPage): FilledFirstRender | null;
}

/**
 * The key supabase-js keeps the session under in localStorage for a project URL (its default, set explicitly
 * by @snapshire/data so the page's first script reads the same one).
 */
export function authStorageKey(supabaseUrl: string): string {
  // The URL's host name (this package has no DOM types, so not through URL), as supabase-js takes it.
  const hostname = supabaseUrl.replace(/^[a-z][a-z0-9+.-]*:\/\//i, '').split(/[/:?#]/)[0] ?? '';
  return `sb-${hostname.split('.')[0]}-auth-token`;
}
