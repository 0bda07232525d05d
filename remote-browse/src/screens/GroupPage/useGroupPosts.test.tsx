/**
 * useGroupPosts on the real thing: the product's @snapshire/data (supabase-js, Apollo Client and its cache
 * policies) against the embedded backend, through a relay that records every request as it arrives, so the
 * pages asked for are counted where they are sent, not by a mock link.
 */
import { describe, expect, it } from 'vitest';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { useApolloClient } from '@apollo/client/react';
import { LIMITS } from '@snapshire/contracts';
import { DataProvider } from '@snapshire/data';
import { AllGroupsDocument } from '../../shared/data/groups/operations.generated.ts';
import { insertCategory, insertGroup, type WorldGroup } from '../../shared/testing/browseWorld.ts';
import { recordedBackend } from '../../shared/testing/recordedBackend.ts';
import { galleryPosts } from '../../shared/testing/fixtures.ts';
import { useGroupPosts } from './useGroupPosts.ts';

const POSTS = 45;
const PAGE = LIMITS.GRAPHQL_PAGE_SIZE;

const world = recordedBackend();

function wrapper({ children }: { children: ReactNode }) {
  return <DataProvider config={world().config}>{children}</DataProvider>;
}

/** The GraphQL requests for `group`'s posts that reached the backend: its first page, or the pages after one. */
function pageRequests(group: WorldGroup, which: 'first' | 'later'): number {
  return world().line.requests.filter((request) => {
    if (!request.url.pathname.endsWith('/graphql/v1') || !request.body) return false;
    const { variables } = JSON.parse(request.body) as { variables?: { id?: string; after?: string } };
    return variables?.id === group.id && (which === 'first' ? !variables.after : Boolean(variables.after));
  }).length;
}

/** Every request sent before this one has reached the line by the time this one is answered. */
async function afterEverythingSent(client: ReturnType<typeof useApolloClient>) {
  await client.query({ query: AllGroupsDocument, fetchPolicy: 'network-only' });
}

const newGroup = () => insertGroup(world().backend, { authorId: world().authorId, posts: galleryPosts(POSTS) });

describe('useGroupPosts', () => {
  it('loads the next page with the end cursor and merges it into the cached list', async () => {
    const group = await newGroup();
    const { result } = renderHook(() => useGroupPosts(group.id, []), { wrapper });
    await waitFor(() => expect(result.current.posts).toHaveLength(PAGE));
    expect(result.current.hasMore).toBe(true);
    // The server's count of the whole gallery, known from the first page on.
    expect(result.current.totalCount).toBe(POSTS);
    act(() => result.current.loadMore());
    act(() => result.current.loadMore()); // a second call while the page is on its way is ignored
    await waitFor(() => expect(result.current.posts).toHaveLength(POSTS));
    expect(result.current.posts.map((p) => p.id)).toEqual(group.posts.map((p) => p.id));
    expect(result.current.hasMore).toBe(false);
    expect(pageRequests(group, 'later')).toBe(1);
  });

  it('a load-more handed out before a page landed does not ask for that page again', async () => {
    const group = await newGroup();
    const { result } = renderHook(() => ({ state: useGroupPosts(group.id, []), client: useApolloClient() }), {
      wrapper,
    });
    await waitFor(() => expect(result.current.state.posts).toHaveLength(PAGE));
    // A scroll handler can still hold the callback of an earlier render when the page has landed (a busy
    // CPU between the page's arrival and the re-render): it must not fetch the same page twice.
    const earlier = result.current.state.loadMore;
    act(() => earlier());
    await waitFor(() => expect(result.current.state.posts).toHaveLength(POSTS));
    act(() => earlier());
    await afterEverythingSent(result.current.client);
    expect(pageRequests(group, 'later')).toBe(1);
  });

  it('a list that starts again from its first page (its posts evicted) pages in again', async () => {
    const group = await newGroup();
    const { result } = renderHook(() => ({ state: useGroupPosts(group.id, []), client: useApolloClient() }), {
      wrapper,
    });
    await waitFor(() => expect(result.current.state.posts).toHaveLength(PAGE));
    act(() => result.current.state.loadMore());
    await waitFor(() => expect(result.current.state.posts).toHaveLength(POSTS));
    // As after a change to the group (refreshAfterGroupChange): the posts are dropped and page one comes again.
    await act(() =>
      result.current.client.refetchQueries({
        updateCache(cache) {
          cache.evict({ id: 'ROOT_QUERY', fieldName: 'groupCollection' });
        },
      }),
    );
    await waitFor(() => expect(result.current.state.posts).toHaveLength(PAGE));
    act(() => result.current.state.loadMore());
    await waitFor(() => expect(result.current.state.posts).toHaveLength(POSTS));
    expect(pageRequests(group, 'first')).toBe(2);
    expect(pageRequests(group, 'later')).toBe(2);
  });

  it('keeps the groups list (2 posts a group) and the group page (pages of 30) apart in the cache', async () => {
    const group = await newGroup();
    const { result } = renderHook(() => ({ state: useGroupPosts(group.id, []), client: useApolloClient() }), {
      wrapper,
    });
    await act(() => result.current.client.query({ query: AllGroupsDocument }));
    await waitFor(() => expect(result.current.state.posts).toHaveLength(PAGE));
    const groups = result.current.client.readQuery({ query: AllGroupsDocument });
    const listed = groups?.groupCollection?.edges.find((edge) => edge.node.id === group.id);
    expect(listed?.node.postCollection?.edges).toHaveLength(2);
    expect(result.current.state.posts).toHaveLength(PAGE);
  });

  it('with a category chosen, asks GroupPostsByCategoryIds and keeps the posts linked to it', async () => {
    const { backend, authorId } = world();
    const category = await insertCategory(backend, 'Harbour');
    const group = await insertGroup(backend, { authorId, posts: galleryPosts(POSTS), categories: [category] });
    const linked = [group.posts[1]!.id, group.posts[4]!.id];
    await backend.sql('insert into public.post_category (post_id, category_id) select unnest($1::uuid[]), $2', [
      linked,
      category.id,
    ]);
    const { result, rerender } = renderHook(({ ids }) => useGroupPosts(group.id, ids), {
      wrapper,
      initialProps: { ids: [] as string[] },
    });
    await waitFor(() => expect(result.current.posts).toHaveLength(PAGE));
    rerender({ ids: [category.id] });
    await waitFor(() => expect(result.current.posts.map((p) => p.id)).toEqual(linked));
    expect(result.current.group?.display_name).toBe(group.name);
    // The server counts the group's photos, not those in the chosen categories: no count under a filter.
    expect(result.current.totalCount).toBeUndefined();
  });
});
