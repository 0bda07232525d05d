/**
 * remote-browse on its own (`npm run dev -w remote-browse`): the screens it exposes, for the team that owns
 * them. Inside the site the host provides the providers and router instead.
 */
import { Text } from '@snapshire/shell-components';
import { paths, ROUTES } from '@snapshire/contracts';
import { lazyScreen, startStandalone } from '@snapshire/standalone';
import { Navigate, Route } from 'react-router-dom';

await startStandalone({
  name: 'remote-browse',
  links: [{ to: paths.groups(), label: 'Groups' }],
  routes: (
    <>
      <Route path={ROUTES.HOME} element={<Navigate to={paths.groups()} replace />} />
      {/* Screens load as their routes are visited (lazyScreen says why). */}
      <Route path={ROUTES.GROUPS} lazy={lazyScreen(() => import('./screens/GroupsPage/GroupsPage.tsx'))} />
      <Route path={ROUTES.GROUP_NEW} lazy={lazyScreen(() => import('./screens/NewGroupPage/NewGroupPage.tsx'))} />
      <Route
        path={ROUTES.GROUP_SETTINGS}
        lazy={lazyScreen(() => import('./screens/GroupSettingsPage/GroupSettingsPage.tsx'))}
      />
      <Route path={ROUTES.INVITATION} lazy={lazyScreen(() => import('./screens/InvitationPage/InvitationPage.tsx'))} />
      <Route path={ROUTES.GROUP_BY_ID} lazy={lazyScreen(() => import('./screens/GroupPage/GroupPage.tsx'))}>
        <Route
          path={ROUTES.GROUP_POST_BY_ID.slice(ROUTES.GROUP_BY_ID.length + 1)}
          lazy={lazyScreen(() => import('./screens/PostView/PostView.tsx'))}
        />
      </Route>
      <Route path="*" element={<Text p="6">Not a browse route.</Text>} />
    </>
  ),
});
