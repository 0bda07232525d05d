import { useMemo } from 'react';
import { useSupabase } from '@snapshire/data';
import type { Credentials } from '@snapshire/contracts';
import { authFailureMessage, mailRecentlySent, type AuthErrorLike } from '../../shared/authFailure.ts';

/** The e-mails whose code signs in: a new account's confirmation, a password recovery. */
export type EmailCodeKind = 'signup' | 'recovery';

/** How a sign-in or sign-up ended, in the terms the screen shows. */
export type AuthOutcome =
  | { kind: 'signed-in' }
  /** Account created; the user must follow the link in the confirmation e-mail. */
  | { kind: 'confirmation-sent' }
  | { kind: 'refused'; message: string };

export interface AuthActions {
  signIn(credentials: Credentials): Promise<AuthOutcome>;
  /** emailRedirectTo: absolute URL the confirmation link returns to (site origin + a same-site path). */
  signUp(credentials: Credentials, emailRedirectTo: string): Promise<AuthOutcome>;
  /**
   * Signs in with the code an e-mail carries beside its link: a new account's confirmation (signup) or a
   * password recovery (recovery, after which the site asks for the new password).
   */
  signInWithCode(email: string, code: string, kind: EmailCodeKind): Promise<AuthOutcome>;
}

/** The part of supabase-js's auth client the screen uses. */
export interface PasswordAuthClient {
  signInWithPassword(credentials: Credentials): Promise<{ data: { session: unknown }; error: AuthErrorLike | null }>;
  signUp(args: { email: string; password: string; options?: { emailRedirectTo?: string } }): Promise<{
    data: { session: unknown; user: { identities?: unknown[] | null } | null };
    error: AuthErrorLike | null;
  }>;
  verifyOtp(args: { email: string; token: string; type: EmailCodeKind }): Promise<{
    data: { session: unknown };
    error: AuthErrorLike | null;
  }>;
}

/** Sign-in and sign-up over the site's one Supabase client, with every failure worded for the user. */
export function createAuthActions(auth: PasswordAuthClient): AuthActions {
  const refused = (error: unknown): AuthOutcome => ({
    kind: 'refused',
    message: authFailureMessage(error as AuthErrorLike),
  });
  return {
    async signIn(credentials) {
      try {
        const { data, error } = await auth.signInWithPassword(credentials);
        if (error) return refused(error);
        return data.session ? { kind: 'signed-in' } : refused(undefined);
      } catch (error) {
        return refused(error);
      }
    },
    async signUp(credentials, emailRedirectTo) {
      try {
        const { data, error } = await auth.signUp({ ...credentials, options: { emailRedirectTo } });
        // Signing up again before the first mail came: GoTrue sends none sooner than max_frequency after the
        // last (Supabase's default is a minute), and the first link is still good.
        if (mailRecentlySent(error)) return { kind: 'confirmation-sent' };
        if (error) return refused(error);
        // With confirmations on, GoTrue answers an existing e-mail with an obfuscated user that has no
        // identities instead of an error.
        if (data.user && Array.isArray(data.user.identities) && data.user.identities.length === 0)
          return refused({ code: 'user_already_exists' });
        // Auto-confirming servers sign the new user in at once.
        return data.session ? { kind: 'signed-in' } : { kind: 'confirmation-sent' };
      } catch (error) {
        return refused(error);
      }
    },
    async signInWithCode(email, code, kind) {
      try {
        const { data, error } = await auth.verifyOtp({ email, token: code, type: kind });
        if (error) return refused(error);
        return data.session ? { kind: 'signed-in' } : refused(undefined);
      } catch (error) {
        return refused(error);
      }
    },
  };
}

export function useAuthActions(): AuthActions {
  const supabase = useSupabase();
  return useMemo(() => createAuthActions(supabase.auth), [supabase]);
}
