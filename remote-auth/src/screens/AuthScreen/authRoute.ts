import { useMatch, useSearchParams } from 'react-router-dom';
import { REDIRECT_TO_PARAM, ROUTES, paths, safeRedirectPath, type AuthMode } from '@snapshire/contracts';

/** LOGIN on /auth/login, SIGN_UP on /auth/new: one screen, the route decides. */
export function useAuthMode(): AuthMode {
  return useMatch(ROUTES.AUTH_REGISTER) ? 'SIGN_UP' : 'LOGIN';
}

/** What the auth screen shows: a mode's form, "Forgot password?" or "Set a new password"; the route decides. */
export type AuthView = AuthMode | 'FORGOT_PASSWORD' | 'RESET_PASSWORD';

export function useAuthView(): AuthView {
  const mode = useAuthMode();
  const forgot = useMatch(ROUTES.AUTH_FORGOT_PASSWORD);
  const reset = useMatch(ROUTES.AUTH_RESET_PASSWORD);
  return reset ? 'RESET_PASSWORD' : forgot ? 'FORGOT_PASSWORD' : mode;
}

export interface AuthRedirect {
  /** Where to go after signing in: the redirectTo query when it is a same-site path, else home. */
  destination: string;
  /** The same-site redirectTo to carry across the Login/Register toggle, or undefined. */
  carried: string | undefined;
}

export function useAuthRedirect(): AuthRedirect {
  const [searchParams] = useSearchParams();
  const requested = searchParams.get(REDIRECT_TO_PARAM);
  const carried = safeRedirectPath(requested, '') || undefined;
  return { destination: carried ?? ROUTES.HOME, carried };
}

export function authModePath(mode: AuthMode, carried: string | undefined): string {
  return mode === 'SIGN_UP' ? paths.register(carried) : paths.login(carried);
}

/** The absolute URL a confirmation e-mail links back to: this site's origin plus a same-site path. */
export function confirmationRedirectUrl(destination: string, origin: string = window.location.origin): string {
  return new URL(safeRedirectPath(destination), origin).toString();
}
