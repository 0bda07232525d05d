import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { ROUTES, paths } from '@snapshire/contracts';
import { useSession } from '@snapshire/data';

/**
 * When a password-recovery link has signed the page in (supabase-js's PASSWORD_RECOVERY, wherever the link
 * landed: the site URL when its redirect was not allowed), goes once to "Set a new password". Once: the
 * person may leave that screen without changing the password.
 */
export function PasswordRecoveryRedirect() {
  const { passwordRecovery } = useSession();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  useEffect(() => {
    // "Forgot password?" takes its own recovery sign-in (the mail's code) there, with its redirectTo.
    if (passwordRecovery && pathname !== ROUTES.AUTH_RESET_PASSWORD && pathname !== ROUTES.AUTH_FORGOT_PASSWORD)
      void navigate(paths.resetPassword(), { replace: true });
    // Only when recovery starts, not on every later navigation.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [passwordRecovery]);
  return null;
}
