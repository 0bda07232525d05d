import type { ApolloClient } from '@apollo/client';

/**
 * After a post is created in a group, drops every cached list of that group's posts from the shared Apollo
 * cache, so any screen showing them (whichever remote owns it and whatever its query is called) fetches them
 * again: at once if it is on screen, on its next visit otherwise. Other groups stay cached.
 *
 * Every list of a group's posts is read through the group entity's postCollection field (see
 * cachePolicies.ts), so evicting that field (every argument variant, every page) is enough; refetchQueries
 * with updateCache refetches exactly the active queries the eviction touched, with no query names needed.
 */
export async function evictGroupPosts(client: ApolloClient, groupId: string): Promise<void> {
  await client.refetchQueries({
    updateCache(cache) {
      const groupEntity = cache.identify({ __typename: 'group', id: groupId });
      if (groupEntity) cache.evict({ id: groupEntity, fieldName: 'postCollection' });
      cache.gc();
    },
  });
}
