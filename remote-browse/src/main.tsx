/**
 * remote-browse on its own (`npm run dev -w remote-browse`): the screens it exposes, for the team that owns
 * them. Inside the site the host provides the providers and router instead.
 */
import { Text } from '@snapshire/shell-components';
import { paths, ROUTES } from '@snapshire/contracts';
import { screenRoutes, startStandalone } from '@snapshire/standalone';
import { Navigate, Route } from 'react-router-dom';
import { screens } from './screens/index.ts';

await startStandalone({
  name: 'remote-browse',
  links: [{ to: paths.groups(), label: 'Groups' }],
  routes: (
    <>
      <Route path={ROUTES.HOME} element={<Navigate to={paths.groups()} replace />} />
      {screenRoutes('remote_browse', screens)}
      <Route path="*" element={<Text p="6">Not a browse route.</Text>} />
    </>
  ),
});
