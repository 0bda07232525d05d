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
import { ROUTES } from '@snapshire/contracts';
import { system } from '@snapshire/ui';
import { typePolicies } from '@snapshire/data';

/** A stand-in for the shared Supabase client: storage signs every path. */
export function fakeSupabase() {
  const createSignedUrl = vi.fn(
    async (path: string, _expiresIn: number, options?: { transform?: { width: number } }) => ({
      data: {
        signedUrl: `https://storage.test/render/image/sign/photography/${path}?w=${options?.transform?.width}&token=t`,
      },
      error: null,
    }),
  );
  return { storage: { from: vi.fn(() => ({ createSignedUrl })) }, createSignedUrl };
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
