/**
 * remote-browse on its own (`npm run dev -w remote-browse`): the screens it exposes, for the team that owns
 * them. Inside the site the host provides the providers and router instead.
 */
import { Text } from '@snapshire/shell-components';
import { paths, ROUTES } from '@snapshire/contracts';
import { startStandalone } from '@snapshire/standalone';
import { Navigate, Route } from 'react-router-dom';
import GroupPage from './features/group/GroupPage.tsx';
import GroupSettingsPage from './features/group-admin/GroupSettingsPage.tsx';
import InvitationPage from './features/invitation/InvitationPage.tsx';
import NewGroupPage from './features/new-group/NewGroupPage.tsx';
import GroupsPage from './features/groups-list/GroupsPage.tsx';
import PostView from './features/post/PostView.tsx';

await startStandalone({
  name: 'remote-browse',
  links: [{ to: paths.groups(), label: 'Groups' }],
  routes: (
    <>
      <Route path={ROUTES.HOME} element={<Navigate to={paths.groups()} replace />} />
      <Route path={ROUTES.GROUPS} element={<GroupsPage />} />
      <Route path={ROUTES.GROUP_NEW} element={<NewGroupPage />} />
      <Route path={ROUTES.GROUP_SETTINGS} element={<GroupSettingsPage />} />
      <Route path={ROUTES.INVITATION} element={<InvitationPage />} />
      <Route path={ROUTES.GROUP_BY_ID} element={<GroupPage />}>
        <Route path={ROUTES.GROUP_POST_BY_ID.slice(ROUTES.GROUP_BY_ID.length + 1)} element={<PostView />} />
      </Route>
      <Route path="*" element={<Text p="6">Not a browse route.</Text>} />
    </>
  ),
});
