/**
 * remote-auth on its own (`npm run dev -w remote-auth`): the auth screen in both modes and password recovery, for the team that owns
 * it. Inside the site the host provides the providers and router instead.
 */
import { paths } from '@snapshire/contracts';
import { screenRoutes, startStandalone } from '@snapshire/standalone';
import { Navigate, Route } from 'react-router-dom';
import { screens } from './screens/index.ts';

await startStandalone({
  name: 'remote-auth',
  links: [
    { to: paths.login(), label: 'Login' },
    { to: paths.register(), label: 'Register' },
    { to: paths.account(), label: 'Account' },
  ],
  routes: (
    <>
      {screenRoutes('remote_auth', screens)}
      <Route path="*" element={<Navigate to={paths.login()} replace />} />
    </>
  ),
});
