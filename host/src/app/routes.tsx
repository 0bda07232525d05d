import {
  childScreenRoutes,
  nestedScreenPath,
  ROUTES,
  SCREEN_ROUTES,
  SCREENS,
  type ScreenRoute,
} from '@snapshire/contracts';
import type { RemoteScreenRef } from '@snapshire/federation/remotes';
import { matchRoutes, type RouteObject } from 'react-router-dom';
import { Layout } from '../features/layout/Layout.tsx';
import { LandingPage } from '../features/landing/LandingPage.tsx';
import { NotFoundPage } from '../features/not-found/NotFoundPage.tsx';
import { RemoteScreen } from '../features/remotes/RemoteScreen.tsx';
import { TermsPage } from '../features/terms/TermsPage.tsx';

/**
 * The route of a remote's screen (SCREENS in packages/contracts), with the routes nested under it at their paths
 * relative to it (the group page renders the post route in its <Outlet/>).
 */
function screenRoute(route: ScreenRoute, path: string = ROUTES[route]): RouteObject {
  // The declaration itself: its remote and module (what RemoteScreen and the loader read) agree by type.
  const handle: RemoteScreenRef = SCREENS[route];
  const children = childScreenRoutes(route).map((child) => screenRoute(child, nestedScreenPath(child)));
  return {
    path,
    element: <RemoteScreen {...handle} />,
    handle,
    ...(children.length > 0 && { children }),
  };
}

/** The route table (docs/product.md, "Screens and routes"): the host's own pages and every remote screen. */
export const routes: RouteObject[] = [
  {
    element: <Layout />,
    children: [
      { path: ROUTES.HOME, element: <LandingPage /> },
      ...SCREEN_ROUTES.filter((route) => !('parent' in SCREENS[route])).map((route) => screenRoute(route)),
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
