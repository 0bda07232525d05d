/**
 * Test harness for the browse hooks: Chakra with the product's system, the host's route shape
 * (browseRoutes.tsx), and Apollo's MockedProvider with packages/data's
 * cache policies. @snapshire/data's hooks are mocked by each test file (vi.mock) with `fakeData` below.
 */
import { vi } from 'vitest';
import { render } from '@testing-library/react';
import { InMemoryCache } from '@apollo/client';
import { MockedProvider } from '@apollo/client/testing/react';
import type { MockLink } from '@apollo/client/testing';
import { ChakraProvider } from '@chakra-ui/react';
import { system } from '@snapshire/ui';
import { typePolicies } from '@snapshire/data';
import { BrowseRoutes, type BrowseRoutesProps } from './browseRoutes.tsx';

/** A stand-in for the shared Supabase client: storage signs every path. */
export function fakeSupabase() {
  const createSignedUrl = vi.fn(async (path: string, _expiresIn: number, options?: { transform?: { width: number } }) => ({
    data: { signedUrl: `https://storage.test/render/image/sign/photography/${path}?w=${options?.transform?.width}&token=t` },
    error: null,
  }));
  return { storage: { from: vi.fn(() => ({ createSignedUrl })) }, createSignedUrl };
}

export interface RenderBrowseOptions extends BrowseRoutesProps {
  mocks?: ReadonlyArray<MockLink.MockedResponse>;
}

export function renderBrowse({ mocks = [], ...routes }: RenderBrowseOptions) {
  const cache = new InMemoryCache({ typePolicies });
  return render(
    <ChakraProvider value={system}>
      <MockedProvider mocks={mocks} cache={cache}>
        <BrowseRoutes {...routes} />
      </MockedProvider>
    </ChakraProvider>,
  );
}
