/**
 * The host's route shape for the browse screens (the group route with its nested post route) in a memory
 * router, with a probe showing where navigation went (renderOnBackend.tsx).
 */
import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes, useLocation, type InitialEntry } from 'react-router-dom';
import { ROUTES } from '@snapshire/contracts';

/** Shows the current path and state, so tests can see where navigation went. */
function LocationProbe() {
  const location = useLocation();
  return (
    <output data-testid="location" data-state={JSON.stringify(location.state ?? null)}>
      {location.pathname}
    </output>
  );
}

export interface BrowseRoutesProps {
  initialEntries: InitialEntry[];
  initialIndex?: number;
  /** Screens at the host's routes. */
  groups?: ReactNode;
  group?: ReactNode;
  post?: ReactNode;
  invitation?: ReactNode;
  newGroup?: ReactNode;
  settings?: ReactNode;
}

export function BrowseRoutes({
  initialEntries,
  initialIndex,
  groups,
  group,
  post,
  invitation,
  newGroup,
  settings,
}: BrowseRoutesProps) {
  return (
    <MemoryRouter initialEntries={initialEntries} initialIndex={initialIndex}>
      <Routes>
        <Route path={ROUTES.HOME} element={<h1>Home</h1>} />
        {groups ? <Route path={ROUTES.GROUPS} element={groups} /> : null}
        {newGroup ? <Route path={ROUTES.GROUP_NEW} element={newGroup} /> : null}
        {group ? (
          <Route path={ROUTES.GROUP_BY_ID} element={group}>
            {post ? <Route path="post/:postId" element={post} /> : null}
          </Route>
        ) : null}
        {invitation ? <Route path={ROUTES.INVITATION} element={invitation} /> : null}
        {settings ? <Route path={ROUTES.GROUP_SETTINGS} element={settings} /> : null}
      </Routes>
      <LocationProbe />
    </MemoryRouter>
  );
}
