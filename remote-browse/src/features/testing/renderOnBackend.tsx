/**
 * The browse screens on the real @snapshire/data (DataProvider: the one supabase-js client, session and
 * Apollo Client with the product's cache) against a real backend (@snapshire/backend/testing), at the host's
 * route shape: the group route with its nested post route. Kept apart from renderBrowse.tsx (MockedProvider),
 * which the hook tests of useGroupPosts use.
 */
import { configure, render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { ChakraProvider } from '@chakra-ui/react';
import { MemoryRouter, Route, Routes, useLocation, type InitialEntry } from 'react-router-dom';
import { ROUTES } from '@snapshire/contracts';
import { DataProvider, type DataConfig } from '@snapshire/data';
import { system } from '@snapshire/ui';

// Answers come over the network from a real server on a shared 2-core machine, not from a mock.
configure({ asyncUtilTimeout: 10_000 });

/** Shows the current path and state, so tests can see where navigation went. */
function LocationProbe() {
  const location = useLocation();
  return (
    <output data-testid="location" data-state={JSON.stringify(location.state ?? null)}>
      {location.pathname}
    </output>
  );
}

export interface RenderOnBackendOptions {
  initialEntries: InitialEntry[];
  initialIndex?: number;
  /** Screens at the host's routes. */
  groups?: ReactNode;
  group?: ReactNode;
  post?: ReactNode;
}

export function renderOnBackend(
  config: DataConfig,
  { initialEntries, initialIndex, groups, group, post }: RenderOnBackendOptions,
) {
  return render(
    <ChakraProvider value={system}>
      <DataProvider config={config}>
        <MemoryRouter initialEntries={initialEntries} initialIndex={initialIndex}>
          <Routes>
            <Route path={ROUTES.HOME} element={<h1>Home</h1>} />
            {groups ? <Route path={ROUTES.GROUPS} element={groups} /> : null}
            {group ? (
              <Route path={ROUTES.GROUP_BY_ID} element={group}>
                {post ? <Route path="post/:postId" element={post} /> : null}
              </Route>
            ) : null}
          </Routes>
          <LocationProbe />
        </MemoryRouter>
      </DataProvider>
    </ChakraProvider>,
  );
}
