import type { ApolloCache } from '@apollo/client';

/**
 * A post's like and comment counts as a live change states them, written over the cached post wherever a
 * screen shows it (tile, modal, post page). A post not in the cache is left alone: nothing shows it.
 */
export function writeCounts(cache: ApolloCache, row: { id: string; like_count: number; comment_count: number }): void {
  const id = cache.identify({ __typename: 'post', id: row.id });
  if (!id) return;
  cache.modify({
    id,
    fields: { like_count: () => row.like_count, comment_count: () => row.comment_count },
  });
}
