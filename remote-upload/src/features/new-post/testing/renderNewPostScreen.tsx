/**
 * Test harness for the new-post screen: the real screen inside Chakra (the product's system), a memory
 * router with the routes it links to, an Apollo Client whose link answers NewPostGroup, and a fake
 * post-create transport. Session and Supabase come from a mocked @snapshire/data (see the test files).
 */
import '@testing-library/jest-dom/vitest';
import { ApolloClient, ApolloLink, InMemoryCache } from '@apollo/client';
import { ApolloProvider } from '@apollo/client/react';
import { ChakraProvider } from '@chakra-ui/react';
import { render, type RenderResult } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { of } from 'rxjs';
import { vi } from 'vitest';
import { ROUTES } from '@snapshire/contracts';
import { typePolicies } from '@snapshire/data';
import { system } from '@snapshire/ui';
import NewPostScreen from '../NewPostScreen.tsx';
import { PostCreateTransportContext, type PostCreateTransport } from '../postCreateTransport.ts';
import type { NewPostGroupQuery } from '../newPostGroupQuery.ts';

// jsdom has no ResizeObserver; Chakra's auto-resizing Textarea observes its own size.
if (!('ResizeObserver' in globalThis)) {
  globalThis.ResizeObserver = class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
}

export const GROUP_ID = '6f1c2a7e-3b9d-4c1e-8f2a-0b1c2d3e4f50';
export const POST_ID = '0a8e4c2d-1f3b-4d5e-9a7b-c6d5e4f3a2b1';
export const CATEGORIES = [
  { id: '11111111-1111-4111-8111-111111111111', display_name: 'Street' },
  { id: '22222222-2222-4222-8222-222222222222', display_name: 'Architecture' },
];

export function groupResult(groupId = GROUP_ID): NewPostGroupQuery {
  return {
    __typename: 'Query',
    groupCollection: {
      __typename: 'groupConnection',
      edges: [
        {
          __typename: 'groupEdge',
          node: {
            __typename: 'group',
            id: groupId,
            display_name: 'Bristol',
            group_categoryCollection: {
              __typename: 'group_categoryConnection',
              edges: CATEGORIES.map((category) => ({
                __typename: 'group_categoryEdge',
                node: { __typename: 'group_category', category: { __typename: 'category', ...category } },
              })),
            },
          },
        },
      ],
    },
  };
}

export const emptyGroupResult: NewPostGroupQuery = {
  __typename: 'Query',
  groupCollection: { __typename: 'groupConnection', edges: [] },
};

/** An Apollo Client with the product's cache policies whose network answers every query with `answer`. */
export function testApolloClient(answer: (operationName: string) => unknown = () => groupResult()) {
  const requests: string[] = [];
  const link = new ApolloLink((operation) => {
    requests.push(operation.operationName ?? '');
    return of({ data: answer(operation.operationName ?? '') as Record<string, unknown> });
  });
  return { client: new ApolloClient({ cache: new InMemoryCache({ typePolicies }), link }), requests };
}

/** Shows where the router ended up, for redirect assertions. */
function WhereAmI({ label }: { label: string }) {
  const location = useLocation();
  return (
    <p>
      {label} at {location.pathname}
      {location.search}
    </p>
  );
}

export interface RenderOptions {
  path?: string;
  transport?: PostCreateTransport;
  client?: ApolloClient;
}

export function renderNewPostScreen(options: RenderOptions = {}): RenderResult & { client: ApolloClient } {
  const client = options.client ?? testApolloClient().client;
  const transport = options.transport ?? vi.fn<PostCreateTransport>(() => new Promise(() => undefined));
  const result = render(
    <ChakraProvider value={system}>
      <ApolloProvider client={client}>
        <PostCreateTransportContext.Provider value={transport}>
          <MemoryRouter initialEntries={[options.path ?? `/groups/${GROUP_ID}/photograph/new`]}>
            <Routes>
              <Route path={ROUTES.GROUP_NEW_POST} element={<NewPostScreen />} />
              <Route path="/new-post-without-group" element={<NewPostScreen />} />
              <Route path={ROUTES.GROUP_BY_ID} element={<WhereAmI label="Group page" />} />
              <Route path={ROUTES.GROUP_POST_BY_ID} element={<WhereAmI label="Post page" />} />
              <Route path={ROUTES.AUTH_REGISTER} element={<WhereAmI label="Register page" />} />
            </Routes>
          </MemoryRouter>
        </PostCreateTransportContext.Provider>
      </ApolloProvider>
    </ChakraProvider>,
  );
  return { ...result, client };
}

/** jsdom neither decodes images nor makes object URLs: these stand in for the browser. */
export function stubObjectUrls() {
  let next = 0;
  const created: string[] = [];
  const revoked: string[] = [];
  URL.createObjectURL = vi.fn(() => {
    const url = `blob:preview-${++next}`;
    created.push(url);
    return url;
  });
  URL.revokeObjectURL = vi.fn((url: string) => void revoked.push(url));
  return { created, revoked };
}

export function jpegFile(name = 'harbour.jpg', size = 2048): File {
  return new File([new Uint8Array(size)], name, { type: 'image/jpeg' });
}
