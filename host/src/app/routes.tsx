import { ROUTES } from '@snapshire/contracts';
import { matchRoutes, type RouteObject } from 'react-router-dom';
import { Layout } from '../features/layout/Layout.tsx';
import { LandingPage } from '../features/landing/LandingPage.tsx';
import { NotFoundPage } from '../features/not-found/NotFoundPage.tsx';
import { RemoteScreen } from '../features/remotes/RemoteScreen.tsx';
import { TermsPage } from '../features/terms/TermsPage.tsx';
import { REMOTE_SCREENS, type RemoteScreenRef } from './remoteScreens.ts';

/** The post route is nested under the group route (the group page renders it in its <Outlet/>). */
const POST_UNDER_GROUP = ROUTES.GROUP_POST_BY_ID.slice(ROUTES.GROUP_BY_ID.length + 1); // 'post/:postId'

/** The route table (docs/product.md, "Screens and routes"); screens owned by a remote are loaded through federation. */
export const routes: RouteObject[] = [
  {
    element: <Layout />,
    children: [
      { path: ROUTES.HOME, element: <LandingPage /> },
      { path: ROUTES.GROUPS, element: <RemoteScreen {...REMOTE_SCREENS.GROUPS} />, handle: REMOTE_SCREENS.GROUPS },
      { path: ROUTES.GROUP_NEW, element: <RemoteScreen {...REMOTE_SCREENS.GROUP_NEW} />, handle: REMOTE_SCREENS.GROUP_NEW },
      { path: ROUTES.GROUP_SETTINGS, element: <RemoteScreen {...REMOTE_SCREENS.GROUP_SETTINGS} />, handle: REMOTE_SCREENS.GROUP_SETTINGS },
      { path: ROUTES.INVITATION, element: <RemoteScreen {...REMOTE_SCREENS.INVITATION} />, handle: REMOTE_SCREENS.INVITATION },
      {
        path: ROUTES.GROUP_BY_ID,
        element: <RemoteScreen {...REMOTE_SCREENS.GROUP_BY_ID} />,
        handle: REMOTE_SCREENS.GROUP_BY_ID,
        children: [
          {
            path: POST_UNDER_GROUP,
            element: <RemoteScreen {...REMOTE_SCREENS.GROUP_POST_BY_ID} />,
            handle: REMOTE_SCREENS.GROUP_POST_BY_ID,
          },
        ],
      },
      { path: ROUTES.GROUP_NEW_POST, element: <RemoteScreen {...REMOTE_SCREENS.GROUP_NEW_POST} />, handle: REMOTE_SCREENS.GROUP_NEW_POST },
      { path: ROUTES.AUTH_REGISTER, element: <RemoteScreen {...REMOTE_SCREENS.AUTH_REGISTER} />, handle: REMOTE_SCREENS.AUTH_REGISTER },
      { path: ROUTES.AUTH_LOGIN, element: <RemoteScreen {...REMOTE_SCREENS.AUTH_LOGIN} />, handle: REMOTE_SCREENS.AUTH_LOGIN },
      { path: ROUTES.AUTH_FORGOT_PASSWORD, element: <RemoteScreen {...REMOTE_SCREENS.AUTH_FORGOT_PASSWORD} />, handle: REMOTE_SCREENS.AUTH_FORGOT_PASSWORD },
      { path: ROUTES.AUTH_RESET_PASSWORD, element: <RemoteScreen {...REMOTE_SCREENS.AUTH_RESET_PASSWORD} />, handle: REMOTE_SCREENS.AUTH_RESET_PASSWORD },
      { path: ROUTES.ACCOUNT, element: <RemoteScreen {...REMOTE_SCREENS.ACCOUNT} />, handle: REMOTE_SCREENS.ACCOUNT },
      { path: ROUTES.ACCOUNT_NAME, element: <RemoteScreen {...REMOTE_SCREENS.ACCOUNT_NAME} />, handle: REMOTE_SCREENS.ACCOUNT_NAME },
      { path: ROUTES.TERMS, element: <TermsPage /> },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

/** The remote screens an address shows (a post opened directly: the group route's and the post's), outermost first. */
export function remoteScreensAt(pathname: string): RemoteScreenRef[] {
  return (matchRoutes(routes, pathname) ?? []).flatMap(({ route }) =>
    route.handle ? [route.handle as RemoteScreenRef] : [],
  );
}
