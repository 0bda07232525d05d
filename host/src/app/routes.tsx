import { ROUTES } from '@snapshire/contracts';
import type { RouteObject } from 'react-router-dom';
import { Layout } from '../features/layout/Layout.tsx';
import { LandingPage } from '../features/landing/LandingPage.tsx';
import { NotFoundPage } from '../features/not-found/NotFoundPage.tsx';
import { RemoteScreen } from '../features/remotes/RemoteScreen.tsx';
import { TermsPage } from '../features/terms/TermsPage.tsx';

/** The post route is nested under the group route (the group page renders it in its <Outlet/>). */
const POST_UNDER_GROUP = ROUTES.GROUP_POST_BY_ID.slice(ROUTES.GROUP_BY_ID.length + 1); // 'post/:postId'

/** The route table (docs/product.md, "Screens and routes"); screens owned by a remote are loaded through federation. */
export const routes: RouteObject[] = [
  {
    element: <Layout />,
    children: [
      { path: ROUTES.HOME, element: <LandingPage /> },
      { path: ROUTES.GROUPS, element: <RemoteScreen remote="remote_browse" module="GroupsPage" /> },
      { path: ROUTES.GROUP_NEW, element: <RemoteScreen remote="remote_browse" module="NewGroupPage" /> },
      { path: ROUTES.GROUP_SETTINGS, element: <RemoteScreen remote="remote_browse" module="GroupSettingsPage" /> },
      { path: ROUTES.INVITATION, element: <RemoteScreen remote="remote_browse" module="InvitationPage" /> },
      {
        path: ROUTES.GROUP_BY_ID,
        element: <RemoteScreen remote="remote_browse" module="GroupPage" />,
        children: [{ path: POST_UNDER_GROUP, element: <RemoteScreen remote="remote_browse" module="PostView" /> }],
      },
      { path: ROUTES.GROUP_NEW_POST, element: <RemoteScreen remote="remote_upload" module="NewPostScreen" /> },
      { path: ROUTES.AUTH_REGISTER, element: <RemoteScreen remote="remote_auth" module="AuthScreen" /> },
      { path: ROUTES.AUTH_LOGIN, element: <RemoteScreen remote="remote_auth" module="AuthScreen" /> },
      { path: ROUTES.TERMS, element: <TermsPage /> },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];
