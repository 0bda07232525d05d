import type { TypePolicies } from '@apollo/client';
import { relayStylePagination } from '@apollo/client/utilities';

/**
 * A record is identified by its type and id (docs/product.md, "What it keeps"); tables without an id column (the link
 * tables) fall back to pg_graphql's global nodeId. Objects with neither are stored inside their parent.
 */
function keyOf(typename: string) {
  return (object: Readonly<Record<string, unknown>>): string | false => {
    if (typeof object.id === 'string' || typeof object.id === 'number') return `${typename}:${object.id}`;
    if (typeof object.nodeId === 'string') return `${typename}:${object.nodeId}`;
    return false;
  };
}

/**
 * Collections are cursor connections: pages fetched with `after` are appended to what the cache holds, and
 * one list is kept per filter, order and page size (so a group's newest-first posts, a category filter and the
 * groups list's first two photos never overwrite one another).
 */
const postCollection = relayStylePagination(['filter', 'orderBy', 'first']);

export const typePolicies: TypePolicies = {
  Query: {
    fields: {
      postCollection,
      groupCollection: relayStylePagination(['filter', 'orderBy', 'first']),
      // A post's comments: "Show earlier comments" appends the page before (newest first on the wire).
      post_commentCollection: relayStylePagination(['filter', 'orderBy', 'first']),
    },
  },
  group: { keyFields: keyOf('group'), fields: { postCollection } },
  post: { keyFields: keyOf('post') },
  category: { keyFields: keyOf('category') },
  group_category: { keyFields: keyOf('group_category') },
  post_category: { keyFields: keyOf('post_category') },
  group_member: { keyFields: keyOf('group_member') },
  post_comment: { keyFields: keyOf('post_comment') },
  post_like: { keyFields: keyOf('post_like') },
};
