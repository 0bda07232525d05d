/**
 * Test harness for the new-post screen: the real screen inside Chakra (the product's system) on the real
 * @snapshire/data (DataProvider: the one supabase-js client, session and Apollo Client) against a real backend
 * (@snapshire/backend/testing), a memory data router with the routes it links to, and a post-create transport the
 * test answers by hand (the screen's own seam: the upload itself is the e2e upload journey's).
 */
import { ChakraProvider } from '@chakra-ui/react';
import { render, type RenderResult } from '@testing-library/react';
import type { ApolloClient } from '@apollo/client';
import { createMemoryRouter, createRoutesFromElements, Route, RouterProvider, useLocation } from 'react-router-dom';
import { vi } from 'vitest';
import { ROUTES } from '@snapshire/contracts';
import { DataProvider, getApolloClient, type DataConfig } from '@snapshire/data';
import { system } from '@snapshire/ui';
import type { ComponentBackend } from '@snapshire/backend/testing';
import NewPostScreen from '../NewPostScreen.tsx';
import { PostCreateTransportContext, type PostCreateTransport } from '../postCreateTransport.ts';

export const PASSWORD = 'password123';

export interface NewPostWorld {
  /** A public group offering CATEGORIES, which the account has joined (posting needs membership). */
  groupId: string;
  /** A public group the account has not joined. */
  openGroupId: string;
  /** A private group the member does not belong to. */
  privateGroupId: string;
  categories: Array<{ id: string; display_name: string }>;
  email: string;
}

/** Inserts the groups the screen posts into and a confirmed account, a member of the first. */
export async function insertNewPostWorld(backend: ComponentBackend, email: string): Promise<NewPostWorld> {
  const groupId = crypto.randomUUID();
  const openGroupId = crypto.randomUUID();
  const privateGroupId = crypto.randomUUID();
  const categories = [
    { id: crypto.randomUUID(), display_name: 'Street' },
    { id: crypto.randomUUID(), display_name: 'Architecture' },
  ];
  await backend.sql(
    `insert into public."group" (id, display_name, is_private)
     values ($1, 'Bristol', false), ($2, 'Hidden', true), ($3, 'Keswick', false)`,
    [groupId, privateGroupId, openGroupId],
  );
  for (const category of categories)
    await backend.sql('insert into public.category (id, name, display_name) values ($1, $2, $3)', [
      category.id,
      `${category.display_name.toLowerCase()}-${category.id.slice(0, 8)}`,
      category.display_name,
    ]);
  await backend.sql('insert into public.group_category (group_id, category_id) select $1, unnest($2::uuid[])', [
    groupId,
    categories.map((c) => c.id),
  ]);
  const userId = await backend.createUser(email, PASSWORD);
  await backend.sql(`insert into public.group_member (group_id, user_id, role) values ($1, $2, 'member')`, [
    groupId,
    userId,
  ]);
  return { groupId, openGroupId, privateGroupId, categories, email };
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
  path: string;
  transport?: PostCreateTransport;
}

export function renderNewPostScreen(
  config: DataConfig,
  options: RenderOptions,
): RenderResult & { client: () => ApolloClient } {
  const transport = options.transport ?? vi.fn<PostCreateTransport>(() => new Promise(() => undefined));
  // A data router, as the host's (createBrowserRouter): the screen blocks navigation while a photo is chosen.
  const router = createMemoryRouter(
    createRoutesFromElements(
      <>
        <Route path={ROUTES.GROUP_NEW_POST} element={<NewPostScreen />} />
        <Route path="/new-post-without-group" element={<NewPostScreen />} />
        <Route path={ROUTES.GROUP_BY_ID} element={<WhereAmI label="Group page" />} />
        <Route path={ROUTES.GROUP_POST_BY_ID} element={<WhereAmI label="Post page" />} />
        <Route path={ROUTES.AUTH_REGISTER} element={<WhereAmI label="Register page" />} />
      </>,
    ),
    { initialEntries: [options.path] },
  );
  const result = render(
    <ChakraProvider value={system}>
      <DataProvider config={config}>
        <PostCreateTransportContext.Provider value={transport}>
          <RouterProvider router={router} />
        </PostCreateTransportContext.Provider>
      </DataProvider>
    </ChakraProvider>,
  );
  return { ...result, client: getApolloClient };
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

/**
 * A file that starts as a JPEG does (SOI, a frame header of width x height, a scan), padded to `size` bytes:
 * enough for the screen's header check; jsdom decodes no pixels, so the tests say what the preview decoded.
 */
export function jpegFile(name = 'harbour.jpg', size = 2048, frame = { width: 4000, height: 3000 }): File {
  const bytes = new Uint8Array(size);
  const { width, height } = frame;
  bytes.set([0xff, 0xd8, 0xff, 0xc0, 0, 11, 8, height >> 8, height & 0xff, width >> 8, width & 0xff, 1, 1, 0x11, 0]);
  bytes.set([0xff, 0xda, 0, 8, 1, 1, 0, 0, 0x3f, 0], 15);
  return new File([bytes], name, { type: 'image/jpeg' });
}
