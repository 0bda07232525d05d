/**
 * remote-auth on its own (`npm run dev -w remote-auth`): the auth screen in both modes and password recovery, for the team that owns
 * it. Inside the site the host provides the providers and router instead.
 */
import { paths, ROUTES } from '@snapshire/contracts';
import { lazyScreen, startStandalone } from '@snapshire/standalone';
import { Navigate, Route } from 'react-router-dom';

// Screens load as their routes are visited (lazyScreen says why).
const authScreen = lazyScreen(() => import('./screens/AuthScreen/AuthScreen.tsx'));

await startStandalone({
  name: 'remote-auth',
  links: [
    { to: paths.login(), label: 'Login' },
    { to: paths.register(), label: 'Register' },
    { to: paths.account(), label: 'Account' },
  ],
  routes: (
    <>
      <Route path={ROUTES.AUTH_REGISTER} lazy={authScreen} />
      <Route path={ROUTES.AUTH_LOGIN} lazy={authScreen} />
      <Route path={ROUTES.AUTH_FORGOT_PASSWORD} lazy={authScreen} />
      <Route path={ROUTES.AUTH_RESET_PASSWORD} lazy={authScreen} />
      <Route path={ROUTES.ACCOUNT} lazy={lazyScreen(() => import('./screens/AccountScreen/AccountScreen.tsx'))} />
      <Route
        path={ROUTES.ACCOUNT_NAME}
        lazy={lazyScreen(() => import('./screens/NamePromptScreen/NamePromptScreen.tsx'))}
      />
      <Route path="*" element={<Navigate to={paths.login()} replace />} />
    </>
  ),
});
