/**
 * Test harness for the browse screens: Chakra with the product's system, a memory router with the host's
 * route shape (group route with its nested post route), and Apollo's MockedProvider with packages/data's
 * cache policies. @snapshire/data's hooks are mocked by each test file (vi.mock) with `fakeData` below.
 */
import { vi } from 'vitest';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { InMemoryCache } from '@apollo/client';
import { MockedProvider } from '@apollo/client/testing/react';
import type { MockLink } from '@apollo/client/testing';
import { ChakraProvider } from '@chakra-ui/react';
import { MemoryRouter, Route, Routes, useLocation, type InitialEntry } from 'react-router-dom';
import { ROUTES, type SignPhotosRequest } from '@snapshire/contracts';
import { system } from '@snapshire/ui';
import { typePolicies } from '@snapshire/data';

/** The project URL the fake client stands for (tests mock @snapshire/data's getDataConfig with it). */
export const FAKE_PROJECT_URL = 'https://project.test';

/**
 * A stand-in for the shared Supabase client: the sign-photos function signs every asked post at every
 * asked width (a 4:3 photo), as the real one does for a post the caller may see.
 */
export function fakeSupabase() {
  const invoke = vi.fn(async (_name: string, { body }: { body: SignPhotosRequest }) => ({
    data: {
      expiresIn: 86_400,
      photos: Object.fromEntries(
        body.postIds.map((id) => [
          id,
          body.widths.map((width) => ({
            width,
            height: Math.round((width * 3) / 4),
            signedPath: `/render/image/sign/photography/posts/${id}/photo.jpg?w=${width}&token=t`,
          })),
        ]),
      ),
    },
    error: null,
  }));
  return { functions: { invoke }, invoke };
}

/** Shows the current path and state, so tests can see where navigation went. */
function LocationProbe() {
  const location = useLocation();
  return (
    <output data-testid="location" data-state={JSON.stringify(location.state ?? null)}>
      {location.pathname}
    </output>
  );
}

export interface RenderBrowseOptions {
  mocks?: ReadonlyArray<MockLink.MockedResponse>;
  initialEntries: InitialEntry[];
  initialIndex?: number;
  /** Screens at the host's routes. */
  groups?: ReactNode;
  group?: ReactNode;
  post?: ReactNode;
}

export function renderBrowse({ mocks = [], initialEntries, initialIndex, groups, group, post }: RenderBrowseOptions) {
  const cache = new InMemoryCache({ typePolicies });
  return render(
    <ChakraProvider value={system}>
      <MockedProvider mocks={mocks} cache={cache}>
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
      </MockedProvider>
    </ChakraProvider>,
  );
}
