import type { ApolloClient } from '@apollo/client';

/**
 * After a change of who belongs where or what a group holds (create, join, leave, accept, delete a group or a
 * post), every cached list of groups, memberships and posts may be out of date: drop them from the shared
 * cache, and `groupId`'s record (its role and member count), so queries on screen refetch at once and the
 * others on their next visit (refetchQueries with updateCache refetches exactly the active queries touched).
 */
export async function refreshAfterGroupChange(client: ApolloClient, groupId?: string): Promise<void> {
  await client.refetchQueries({
    updateCache(cache) {
      for (const fieldName of ['groupCollection', 'group_memberCollection', 'postCollection']) {
        cache.evict({ id: 'ROOT_QUERY', fieldName });
      }
      const groupEntity = groupId ? cache.identify({ __typename: 'group', id: groupId }) : undefined;
      if (groupEntity) cache.evict({ id: groupEntity });
      cache.gc();
    },
  });
}
