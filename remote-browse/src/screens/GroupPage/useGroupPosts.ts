import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { NetworkStatus } from '@apollo/client';
import { useQuery } from '@apollo/client/react';
import { LIMITS } from '@snapshire/contracts';
import { GroupByIdDocument, GroupPostsByCategoryIdsDocument } from '../../shared/data/group/operations.generated.ts';
import type { GalleryPost, GroupById } from '../../shared/data/types.ts';
import { GROUP_PAGE_QUERY } from './groupPageQuery.ts';

/** How long a failed first answer waits before it is asked for again (once). */
const FIRST_RETRY_MS = 500;

export interface GroupPostsState {
  /** The group, or undefined while loading or when absent/not visible. */
  group: GroupById | undefined;
  groupLoading: boolean;
  groupError: Error | undefined;
  posts: readonly GalleryPost[];
  postsLoading: boolean;
  hasMore: boolean;
  /**
   * How many photos the gallery holds in all, loaded or not; undefined while unknown. Unknown under a
   * category filter: the server counts the group's photos, and the filter is applied to each page here.
   */
  totalCount: number | undefined;
  loadingMore: boolean;
  loadMore: () => void;
  /** Loads the first page again (the newest photos), dropping the pages after it. */
  refresh: () => Promise<void>;
}

/**
 * The group with its photos, a page at a time. Without a category filter the photos come with the group
 * (GroupById); with one, from GroupPostsByCategoryIds, keeping the posts linked to a chosen category.
 * Pages are merged in the shared Apollo cache (packages/data keys group.postCollection by filter, orderBy and first).
 */
export function useGroupPosts(groupId: string, categoryIds: readonly string[]): GroupPostsState {
  const filtered = categoryIds.length > 0;
  const first = LIMITS.GRAPHQL_PAGE_SIZE;

  // The variables the page's first script may have sent this query with already (groupPageQuery.ts).
  const groupQuery = useQuery(GroupByIdDocument, { variables: { ...GROUP_PAGE_QUERY.variables, id: groupId } });
  const filteredQuery = useQuery(GroupPostsByCategoryIdsDocument, {
    variables: { id: groupId, filteredCategoryIds: [...categoryIds], first },
    skip: !filtered,
  });

  const group = groupQuery.data?.groupCollection?.edges[0]?.node;
  const filteredConnection = filteredQuery.data?.groupCollection?.edges[0]?.node.postCollection;
  const connection = filtered ? filteredConnection : group?.postCollection;

  const posts = useMemo<readonly GalleryPost[]>(() => {
    if (!filtered) return (group?.postCollection?.edges ?? []).map((edge) => edge.node);
    // Kept when linked to at least one chosen category (the nested collection is filtered by them).
    return (filteredConnection?.edges ?? [])
      .map((edge) => edge.node)
      .filter((node) => (node.post_categoryCollection?.edges.length ?? 0) > 0);
  }, [filtered, group?.postCollection, filteredConnection]);

  const active = filtered ? filteredQuery : groupQuery;
  const hasMore = Boolean(connection?.pageInfo.hasNextPage && connection.pageInfo.endCursor);
  const loadingMore = active.networkStatus === NetworkStatus.fetchMore;

  // Each page once: a second call while a page is on its way is ignored (the end cursor has not moved yet), and
  // so is a call from a callback handed out before that page landed (a scroll handler of an earlier render
  // still holds the old end cursor until the page re-renders, which a busy CPU delays). A list that starts again
  // from its first page (its posts evicted after a change, say) may be paged again.
  const fetched = useRef(new Set<string>());
  const endCursor = connection?.pageInfo.endCursor ?? null;
  const loaded = connection?.edges.length ?? 0;
  const loadedBefore = useRef(loaded);
  useEffect(() => {
    if (loaded < loadedBefore.current) fetched.current.clear();
    loadedBefore.current = loaded;
  }, [loaded]);
  const fetchMore = active.fetchMore;
  const listKey = filtered ? categoryIds.join(',') : '';
  const loadMore = useCallback(() => {
    const pageKey = `${listKey}|${endCursor}`;
    if (!hasMore || !endCursor || fetched.current.has(pageKey)) return;
    fetched.current.add(pageKey);
    void fetchMore({ variables: { after: endCursor } }).catch((err: unknown) => {
      fetched.current.delete(pageKey); // a page that failed may be asked for again
      console.warn(`Loading more photos failed: ${err instanceof Error ? err.message : String(err)}`);
    });
  }, [fetchMore, hasMore, endCursor, listKey]);
  // A failed first answer (the server busy or restarting) is asked for once more before the page says so.
  const groupRefetch = groupQuery.refetch;
  const [retried, setRetried] = useState(false);
  const groupFailed = Boolean(groupQuery.error && !groupQuery.data);
  useEffect(() => {
    if (!groupFailed || retried) return;
    const timer = setTimeout(() => {
      setRetried(true);
      void groupRefetch().catch(() => undefined);
    }, FIRST_RETRY_MS);
    return () => clearTimeout(timer);
  }, [groupFailed, retried, groupRefetch]);
  const filteredRefetch = filteredQuery.refetch;
  const refresh = useCallback(async () => {
    fetched.current.clear();
    await Promise.all([groupRefetch(), filtered ? filteredRefetch() : undefined]);
  }, [groupRefetch, filteredRefetch, filtered]);

  return {
    group,
    groupLoading: (groupQuery.loading || (groupFailed && !retried)) && !groupQuery.data,
    groupError: groupFailed && retried ? groupQuery.error : undefined,
    posts,
    postsLoading: filtered ? filteredQuery.loading && !filteredQuery.data : groupQuery.loading && !groupQuery.data,
    hasMore,
    totalCount: filtered ? undefined : group?.postCollection?.totalCount,
    loadingMore,
    loadMore,
    refresh,
  };
}
