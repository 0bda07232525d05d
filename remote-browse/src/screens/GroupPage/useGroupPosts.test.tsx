import { describe, expect, it } from 'vitest';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { InMemoryCache } from '@apollo/client';
import { MockedProvider } from '@apollo/client/testing/react';
import { useApolloClient } from '@apollo/client/react';
import type { MockLink } from '@apollo/client/testing';
import { typePolicies } from '@snapshire/data';
import { GroupByIdDocument, GroupPostsByCategoryIdsDocument } from '../../shared/data/group/operations.generated.ts';
import { AllGroupsDocument } from '../../shared/data/groups/operations.generated.ts';
import { CATEGORY_ID, GROUP_ID, galleryPosts, groupNode } from '../../shared/testing/fixtures.ts';
import { useGroupPosts } from './useGroupPosts.ts';

const all = galleryPosts(45);
const page1 = all.slice(0, 30);
const page2 = all.slice(30);

function page(posts: typeof all, hasNextPage: boolean) {
  const group = groupNode(posts);
  group.postCollection!.pageInfo = { __typename: 'PageInfo', hasNextPage, endCursor: `c-${posts.at(-1)!.id}` };
  group.postCollection!.totalCount = all.length;
  return group;
}
const groupResult = (group: ReturnType<typeof groupNode>) => ({
  data: { groupCollection: { __typename: 'groupConnection', edges: [{ __typename: 'groupEdge', node: group }] } },
});
const vars = { id: GROUP_ID, withPosts: true, withCategories: true, first: 30 };

function wrapperWith(mocks: MockLink.MockedResponse[], cache: InMemoryCache) {
  return ({ children }: { children: ReactNode }) => (
    <MockedProvider mocks={mocks} cache={cache}>
      {children}
    </MockedProvider>
  );
}
/** packages/data's cache policies, as the site uses them. */
function browseCache() {
  return new InMemoryCache({ typePolicies });
}

describe('useGroupPosts', () => {
  it('loads the next page with the end cursor and merges it into the cached list', async () => {
    const mocks = [
      { request: { query: GroupByIdDocument, variables: vars }, result: groupResult(page(page1, true)) },
      {
        request: { query: GroupByIdDocument, variables: { ...vars, after: `c-${page1.at(-1)!.id}` } },
        result: groupResult(page(page2, false)),
      },
    ];
    const { result } = renderHook(() => useGroupPosts(GROUP_ID, []), { wrapper: wrapperWith(mocks, browseCache()) });
    await waitFor(() => expect(result.current.posts).toHaveLength(30));
    expect(result.current.hasMore).toBe(true);
    // The server's count of the whole gallery, known from the first page on.
    expect(result.current.totalCount).toBe(45);
    act(() => result.current.loadMore());
    act(() => result.current.loadMore()); // a second call while the page is on its way is ignored
    await waitFor(() => expect(result.current.posts).toHaveLength(45));
    expect(result.current.posts.map((p) => p.id)).toEqual(all.map((p) => p.id));
    expect(result.current.hasMore).toBe(false);
    expect(result.current.totalCount).toBe(45);
  });

  it('a load-more handed out before a page landed does not ask for that page again', async () => {
    let secondPageRequests = 0;
    const mocks = [
      { request: { query: GroupByIdDocument, variables: vars }, result: groupResult(page(page1, true)) },
      {
        request: { query: GroupByIdDocument, variables: { ...vars, after: `c-${page1.at(-1)!.id}` } },
        result: () => {
          secondPageRequests += 1;
          return groupResult(page(page2, false));
        },
        maxUsageCount: 5,
      },
    ];
    const { result } = renderHook(() => useGroupPosts(GROUP_ID, []), { wrapper: wrapperWith(mocks, browseCache()) });
    await waitFor(() => expect(result.current.posts).toHaveLength(30));
    // A scroll handler can still hold the callback of an earlier render when the page has landed (a busy
    // CPU between the page's arrival and the re-render): it must not fetch the same page twice.
    const earlier = result.current.loadMore;
    act(() => earlier());
    await waitFor(() => expect(result.current.posts).toHaveLength(45));
    act(() => earlier());
    await new Promise((settle) => setTimeout(settle, 50));
    expect(secondPageRequests).toBe(1);
  });

  it('a list that starts again from its first page (its posts evicted) pages in again', async () => {
    let secondPageRequests = 0;
    const mocks = [
      {
        request: { query: GroupByIdDocument, variables: vars },
        result: groupResult(page(page1, true)),
        maxUsageCount: 2,
      },
      {
        request: { query: GroupByIdDocument, variables: { ...vars, after: `c-${page1.at(-1)!.id}` } },
        result: () => {
          secondPageRequests += 1;
          return groupResult(page(page2, false));
        },
        maxUsageCount: 5,
      },
    ];
    const { result } = renderHook(() => ({ state: useGroupPosts(GROUP_ID, []), client: useApolloClient() }), {
      wrapper: wrapperWith(mocks, browseCache()),
    });
    await waitFor(() => expect(result.current.state.posts).toHaveLength(30));
    act(() => result.current.state.loadMore());
    await waitFor(() => expect(result.current.state.posts).toHaveLength(45));
    // As after a change to the group (refreshAfterGroupChange): the posts are dropped and page one comes again.
    await act(() =>
      result.current.client.refetchQueries({
        updateCache(cache) {
          cache.evict({ id: 'ROOT_QUERY', fieldName: 'groupCollection' });
        },
      }),
    );
    await waitFor(() => expect(result.current.state.posts).toHaveLength(30));
    act(() => result.current.state.loadMore());
    await waitFor(() => expect(result.current.state.posts).toHaveLength(45));
    expect(secondPageRequests).toBe(2);
  });

  it('keeps the groups list (2 posts a group) and the group page (pages of 30) apart in the cache', async () => {
    const cache = browseCache();
    const twoPosts = groupNode(all.slice(0, 2));
    cache.writeQuery({
      query: AllGroupsDocument,
      data: {
        groupCollection: {
          edges: [
            {
              node: {
                ...twoPosts,
                member_count: null,
                postCollection: { edges: twoPosts.postCollection!.edges.map(({ node }) => ({ node })) },
              },
            },
          ],
        },
      } as never,
    });
    const mocks = [{ request: { query: GroupByIdDocument, variables: vars }, result: groupResult(page(page1, true)) }];
    const { result } = renderHook(() => useGroupPosts(GROUP_ID, []), { wrapper: wrapperWith(mocks, cache) });
    await waitFor(() => expect(result.current.posts).toHaveLength(30));
    const groups = cache.readQuery({ query: AllGroupsDocument });
    expect(groups?.groupCollection?.edges[0]?.node.postCollection?.edges).toHaveLength(2);
  });

  it('with a category chosen, asks GroupPostsByCategoryIds and keeps the posts linked to it', async () => {
    const linked = new Set([all[1]!.id, all[4]!.id]);
    const filteredNodes = page1.map((post) => ({
      ...post,
      post_categoryCollection: {
        __typename: 'post_categoryConnection',
        edges: linked.has(post.id)
          ? [{ __typename: 'post_categoryEdge', node: { __typename: 'post_category', category_id: CATEGORY_ID } }]
          : [],
      },
    }));
    const mocks = [
      { request: { query: GroupByIdDocument, variables: vars }, result: groupResult(page(page1, false)) },
      {
        request: {
          query: GroupPostsByCategoryIdsDocument,
          variables: { id: GROUP_ID, filteredCategoryIds: [CATEGORY_ID], first: 30 },
        },
        result: {
          data: {
            groupCollection: {
              __typename: 'groupConnection',
              edges: [
                {
                  __typename: 'groupEdge',
                  node: {
                    __typename: 'group',
                    id: GROUP_ID,
                    postCollection: {
                      __typename: 'postConnection',
                      edges: filteredNodes.map((node) => ({ __typename: 'postEdge', cursor: `c-${node.id}`, node })),
                      pageInfo: { __typename: 'PageInfo', hasNextPage: false, endCursor: `c-${page1.at(-1)!.id}` },
                    },
                  },
                },
              ],
            },
          },
        },
      },
    ];
    const { result, rerender } = renderHook(({ ids }) => useGroupPosts(GROUP_ID, ids), {
      wrapper: wrapperWith(mocks, browseCache()),
      initialProps: { ids: [] as string[] },
    });
    await waitFor(() => expect(result.current.posts).toHaveLength(30));
    rerender({ ids: [CATEGORY_ID] });
    await waitFor(() => expect(result.current.posts.map((p) => p.id)).toEqual([all[1]!.id, all[4]!.id]));
    expect(result.current.group?.display_name).toBe('Harbour Town');
    // The server counts the group's photos, not those in the chosen categories: no count under a filter.
    expect(result.current.totalCount).toBeUndefined();
  });
});
