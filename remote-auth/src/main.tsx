/**
 * remote-auth on its own (`npm run dev -w remote-auth`): the auth screen in both modes and password recovery, for the team that owns
 * it. Inside the site the host provides the providers and router instead.
 */
import { paths, ROUTES } from '@snapshire/contracts';
import { startStandalone } from '@snapshire/standalone';
import { Navigate, Route } from 'react-router-dom';
import AccountScreen from './features/account/AccountScreen.tsx';
import AuthScreen from './features/auth/AuthScreen.tsx';
import NamePromptScreen from './features/name-prompt/NamePromptScreen.tsx';

await startStandalone({
  name: 'remote-auth',
  links: [
    { to: paths.login(), label: 'Login' },
    { to: paths.register(), label: 'Register' },
    { to: paths.account(), label: 'Account' },
  ],
  routes: (
    <>
      <Route path={ROUTES.AUTH_REGISTER} element={<AuthScreen />} />
      <Route path={ROUTES.AUTH_LOGIN} element={<AuthScreen />} />
      <Route path={ROUTES.AUTH_FORGOT_PASSWORD} element={<AuthScreen />} />
      <Route path={ROUTES.AUTH_RESET_PASSWORD} element={<AuthScreen />} />
      <Route path={ROUTES.ACCOUNT} element={<AccountScreen />} />
      <Route path={ROUTES.ACCOUNT_NAME} element={<NamePromptScreen />} />
      <Route path="*" element={<Navigate to={paths.login()} replace />} />
    </>
  ),
});
