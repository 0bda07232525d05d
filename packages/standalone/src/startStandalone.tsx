/**
 * A remote run on its own (`npm run dev -w remote-<name>`), for the team that owns it: reads the runtime config
 * (/config.json), then renders the remote's routes inside what the host gives them inside the site (the theme,
 * the page's data and session, a router), under a plain header: the remote's name, its links, who is signed
 * in (with Sign out) and the colour mode. Every remote's main.tsx is one call to startStandalone.
 *
 * Its own package rather than part of @snapshire/ui: a package the remotes share through federation must not
 * list @snapshire/data, or the federation plugin stops sharing data as one instance (foundation.spec.ts found
 * four copies of packages/data on the page when @snapshire/ui listed it).
 */
import { NativeSelect } from '@chakra-ui/react/native-select';
import { Box, Button, HStack, Link, Text } from '@snapshire/shell-components';
import {
  childScreenRoutes,
  nestedScreenPath,
  ROUTES,
  runtimeConfigSchema,
  SCREEN_ROUTES,
  SCREENS,
  type ScreenDeclaration,
  type ScreenLoaders,
  type ScreenRemote,
  type ScreenRoute,
} from '@snapshire/contracts';
import { DataProvider, useSession, useSupabase } from '@snapshire/data';
import { COLOR_MODES, UiProvider, useColorMode, type ColorMode } from '@snapshire/ui';
import { StrictMode, type ComponentType, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import {
  createBrowserRouter,
  createRoutesFromElements,
  Link as RouterLink,
  Outlet,
  Route,
  RouterProvider,
} from 'react-router-dom';

export interface StandaloneOptions {
  /** The remote's package name (remote-auth): in the header and the tab's title. */
  name: string;
  /** Links in the header, to the remote's own screens. */
  links?: ReadonlyArray<{ to: string; label: string }>;
  /** The remote's <Route> elements, at the host's paths. */
  routes: ReactNode;
}

/** Who is signed in, to see a screen's effect without the host's top bar. */
function SessionStatus() {
  const { user } = useSession();
  const supabase = useSupabase();
  if (!user) return <Text color="fg.muted">signed out</Text>;
  return (
    <HStack>
      <Text color="fg.muted">{user.email}</Text>
      <Button size="xs" variant="outline" onClick={() => void supabase.auth.signOut()}>
        Sign out
      </Button>
    </HStack>
  );
}

/**
 * The colour mode as a plain select: the host's menu (host/src/features/layout/ColorModeToggle.tsx) would bring
 * Chakra's menu into the remote's build, and so into the components chunk every screen of it downloads.
 */
function ColorModeSelect() {
  const { colorMode, setColorMode } = useColorMode();
  return (
    <NativeSelect.Root size="xs" width="auto">
      <NativeSelect.Field
        aria-label="Theme"
        value={colorMode}
        onChange={(event) => setColorMode(event.currentTarget.value as ColorMode)}
      >
        {COLOR_MODES.map((mode) => (
          <option key={mode} value={mode}>
            {mode}
          </option>
        ))}
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  );
}

/** The plain header above the remote's screen. */
function StandaloneLayout({ name, links }: { name: string; links: StandaloneOptions['links'] }) {
  return (
    <>
      <Box as="header" borderBottomWidth="1px" px="4" py="2">
        <HStack gap="4">
          <Text fontWeight="bold">{name} · standalone</Text>
          {links?.map((link) => (
            <Link key={link.to} asChild>
              <RouterLink to={link.to}>{link.label}</RouterLink>
            </Link>
          ))}
          <Box flex="1" />
          <SessionStatus />
          <ColorModeSelect />
        </HStack>
      </Box>
      <Outlet />
    </>
  );
}

/**
 * A route's screen, loaded when the route is first visited (React Router's `lazy`): a remote's main.tsx takes
 * its screens this way, never by a static import. Statically imported here, every screen would be a module
 * the page and the screen's exposed entry share, so the chunk groups (packages/federation/src/chunkGroups.ts)
 * would put every screen's code in the app's shared chunk, which the site's first screen loads.
 */
export function lazyScreen(
  load: () => Promise<{ default: ComponentType }>,
): () => Promise<{ Component: ComponentType }> {
  return async () => ({ Component: (await load()).default });
}

/**
 * The routes of `remote`'s screens at the host's paths, nested as the host nests them (SCREENS in
 * @snapshire/contracts), each screen loaded from `screens` (the remote's src/screens/index.ts) as its route is
 * first visited.
 */
export function screenRoutes<R extends ScreenRemote>(remote: R, screens: ScreenLoaders<R>): ReactNode {
  const declared = (route: ScreenRoute): ScreenDeclaration => SCREENS[route];
  const ofRemote = (route: ScreenRoute) => declared(route).remote === remote;
  const route = (name: ScreenRoute, path: string): ReactNode => {
    const load = screens[declared(name).module as keyof ScreenLoaders<R>];
    return (
      <Route key={name} path={path} lazy={lazyScreen(load as () => Promise<{ default: ComponentType }>)}>
        {childScreenRoutes(name)
          .filter(ofRemote)
          .map((child) => route(child, nestedScreenPath(child)))}
      </Route>
    );
  };
  return SCREEN_ROUTES.filter((name) => ofRemote(name) && !declared(name).parent).map((name) =>
    route(name, ROUTES[name]),
  );
}

export async function startStandalone({ name, links = [], routes }: StandaloneOptions): Promise<void> {
  const config = runtimeConfigSchema.parse(await (await fetch('/config.json', { cache: 'no-store' })).json());
  document.title = `Snapshire · ${name} (standalone)`;
  const root = document.getElementById('root');
  if (!root) throw new Error(`${name}: index.html has no #root element`);
  // A data router, as the host's: screens may block a navigation (the new-post screen with a photo chosen).
  const router = createBrowserRouter(
    createRoutesFromElements(<Route element={<StandaloneLayout name={name} links={links} />}>{routes}</Route>),
  );
  createRoot(root).render(
    <StrictMode>
      <UiProvider>
        <DataProvider config={config}>
          <RouterProvider router={router} />
        </DataProvider>
      </UiProvider>
    </StrictMode>,
  );
}
