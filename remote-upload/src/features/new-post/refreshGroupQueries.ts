import type { ApolloClient } from '@apollo/client';

/** The browse remote's queries (docs/product.md, "What it asks the backend") that list a group's posts. */
export const GROUP_POST_QUERIES = ['GroupById', 'AllGroups', 'GroupPostsByCategoryIds'] as const;

/**
 * After a post is created, drops every cached list of the group's posts from the shared Apollo cache, so
 * the group page (and the groups list) fetch them again the next time they show, with the new post under
 * today's date and no page reload. Queries on screen at that moment are refetched straight away.
 */
export async function refreshGroupQueries(client: ApolloClient, groupId: string): Promise<void> {
  const { cache } = client;
  const groupEntity = cache.identify({ __typename: 'group', id: groupId });
  // GroupById, AllGroups and GroupPostsByCategoryIds all read posts through the group entity's
  // postCollection field: evicting it (every argument variant, every page) makes each of them incomplete,
  // so Apollo fetches it afresh instead of serving the old list.
  if (groupEntity) cache.evict({ id: groupEntity, fieldName: 'postCollection' });
  cache.gc();

  const names: readonly string[] = GROUP_POST_QUERIES;
  const onScreen = [...client.getObservableQueries('active')].filter(
    (query) => query.queryName !== undefined && names.includes(query.queryName),
  );
  await Promise.all(onScreen.map((query) => query.refetch()));
}
