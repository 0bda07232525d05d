/** Route names and path patterns of the site (docs/product.md). The single source for host and remotes. */
export const ROUTES = {
  HOME: '/',
  GROUPS: '/groups',
  /** Static segment: ranks above GROUP_BY_ID in React Router, so no group id can be "new". */
  GROUP_NEW: '/groups/new',
  GROUP_BY_ID: '/groups/:groupId',
  /** Owners and admins: edit, members, invitations, delete. */
  GROUP_SETTINGS: '/groups/:groupId/settings',
  /** Where an invitation link lands; the token is the secret of the link. */
  INVITATION: '/invitations/:token',
  GROUP_NEW_POST: '/groups/:groupId/photograph/new',
  GROUP_POST_BY_ID: '/groups/:groupId/post/:postId',
  AUTH_REGISTER: '/auth/new',
  AUTH_LOGIN: '/auth/login',
  /** "Forgot password?": asks the e-mail address a recovery link is sent to. */
  AUTH_FORGOT_PASSWORD: '/auth/forgot-password',
  /** Where the recovery link lands (signed in by it): "Set a new password". */
  AUTH_RESET_PASSWORD: '/auth/reset-password',
  /** The signed-in person's own page: public name, e-mail (to them only), password. */
  ACCOUNT: '/account',
  /** Asked once after the first sign-in: "What should we call you?" (skippable). */
  ACCOUNT_NAME: '/account/name',
  TERMS: '/terms-and-conditions',
} as const;

export type RouteName = keyof typeof ROUTES;

/**
 * Router state of a post opened from the gallery: the post route then shows a modal over the group page (a
 * direct load has no such state and shows the post as a page). Part of the host-remote contract: the host
 * draws the post view's loading state and fallback inside a dialog when it is set.
 */
export interface PostModalState {
  modal: true;
}
export const POST_MODAL_STATE: PostModalState = { modal: true };
export function isPostModalState(state: unknown): state is PostModalState {
  return typeof state === 'object' && state !== null && (state as Partial<PostModalState>).modal === true;
}

/**
 * Where the host keeps each history entry's scroll position across documents (sessionStorage: a JSON object of
 * scroll key -> window.scrollY, written by React Router's <ScrollRestoration> as the page is left), so that a
 * reload can follow the page down to it (host/src/features/scroll).
 */
export const SCROLL_POSITIONS_STORAGE_KEY = 'snapshire-scroll-positions';

/** Query parameter the login/register screens read to send the user back where they were going. */
export const REDIRECT_TO_PARAM = 'redirectTo';

const enc = encodeURIComponent;

export const paths = {
  home: () => ROUTES.HOME,
  groups: () => ROUTES.GROUPS,
  group: (groupId: string) => `/groups/${enc(groupId)}`,
  newGroup: () => ROUTES.GROUP_NEW,
  groupSettings: (groupId: string) => `/groups/${enc(groupId)}/settings`,
  invitation: (token: string) => `/invitations/${enc(token)}`,
  groupNewPost: (groupId: string) => `/groups/${enc(groupId)}/photograph/new`,
  groupPost: (groupId: string, postId: string) => `/groups/${enc(groupId)}/post/${enc(postId)}`,
  terms: () => ROUTES.TERMS,
  account: () => ROUTES.ACCOUNT,
  chooseName: (redirectTo?: string) => withRedirect(ROUTES.ACCOUNT_NAME, redirectTo),
  login: (redirectTo?: string) => withRedirect(ROUTES.AUTH_LOGIN, redirectTo),
  register: (redirectTo?: string) => withRedirect(ROUTES.AUTH_REGISTER, redirectTo),
  forgotPassword: (redirectTo?: string) => withRedirect(ROUTES.AUTH_FORGOT_PASSWORD, redirectTo),
  resetPassword: (redirectTo?: string) => withRedirect(ROUTES.AUTH_RESET_PASSWORD, redirectTo),
} as const;

function withRedirect(path: string, redirectTo?: string): string {
  return redirectTo ? `${path}?${REDIRECT_TO_PARAM}=${enc(redirectTo)}` : path;
}

/**
 * Returns redirectTo only when it is a same-site path ("/groups/..."), never another origin
 * ("//evil.example", "https://...", "/\\evil"): an open redirect would let a link send a fresh
 * session to another site.
 */
export function safeRedirectPath(redirectTo: string | null | undefined, fallback: string = ROUTES.HOME): string {
  if (!redirectTo) return fallback;
  if (!redirectTo.startsWith('/') || redirectTo.startsWith('//') || redirectTo.startsWith('/\\')) return fallback;
  // eslint-disable-next-line no-control-regex -- refusing control characters is the point
  if (/[\u0000-\u001f\u007f]/.test(redirectTo)) return fallback;
  return redirectTo;
}

/** A path pattern (ROUTES) matched to an address: which one of those given, and its parameters, decoded. */
export interface RoutePatternMatch {
  index: number;
  params: Record<string, string>;
}

/**
 * The pattern React Router's matchRoutes picks for `pathname` among `patterns` (plain paths as in ROUTES: static
 * segments and `:params`, no splats): the same number of segments (trailing slashes aside; an empty segment
 * matches nothing), static ones equal whatever their letter case, the most static segments winning and the
 * first given among equals. The page's first script matches the
 * address with it before React Router has loaded (host/src/features/remotes/earlyRemote.ts); a test there
 * checks it against matchRoutes for every route of the site.
 */
export function matchRoutePattern(patterns: readonly string[], pathname: string): RoutePatternMatch | undefined {
  const segments = pathname.replace(/\/+$/, '').split('/').slice(1);
  if (segments.includes('')) return undefined;
  let best: RoutePatternMatch | undefined;
  let bestScore = -1;
  patterns.forEach((pattern, index) => {
    const parts = pattern.split('/').filter(Boolean);
    if (parts.length !== segments.length) return;
    const params: Record<string, string> = {};
    let score = 0;
    const matches = parts.every((part, i) => {
      const segment = segments[i]!;
      if (part.startsWith(':')) {
        params[part.slice(1)] = decodeSegment(segment);
        return true;
      }
      score += 1;
      return part.toLowerCase() === decodeSegment(segment).toLowerCase();
    });
    if (matches && score > bestScore) {
      best = { index, params };
      bestScore = score;
    }
  });
  return best;
}

/** A path segment decoded as React Router decodes it (left as it is when it is not valid percent-encoding). */
function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
