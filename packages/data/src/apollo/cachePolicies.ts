import type { Reference, TypePolicies } from '@apollo/client';
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

type RelayPolicy = ReturnType<typeof relayStylePagination>;
type RelayEdge = NonNullable<
  NonNullable<Parameters<Extract<RelayPolicy['merge'], (...args: never[]) => unknown>>[1]>['edges']
>[number];

/** The cache reference of an edge's node (a post_comment is normalised, so its node is one). */
function nodeOf(edge: RelayEdge | undefined, isReference: (value: unknown) => value is Reference): string | undefined {
  const node: unknown = edge && 'node' in edge ? edge.node : undefined;
  return isReference(node) ? node.__ref : undefined;
}

/**
 * A connection read newest first whose latest page is fetched again while the reader has opened earlier ones
 * (a post's comments, refetched on every live change): the refreshed latest page is joined to the earlier
 * edges the cache holds, where it overlaps them, instead of replacing them all. relayStylePagination alone
 * shrank the list back to one page under the reader's eyes. Without an overlap (more new edges than a page)
 * nothing joins the two, and the latest page stands alone.
 */
function keepingEarlierPages(policy: RelayPolicy): RelayPolicy {
  // TypePolicies type merge as a function or `true` (the default merge); relayStylePagination always gives one.
  const merge = policy.merge as Extract<RelayPolicy['merge'], (...args: never[]) => unknown>;
  return {
    ...policy,
    merge(existing, incoming, options) {
      const merged = merge(existing, incoming, options);
      if (!merged || !existing?.edges.length || !incoming?.edges || options.args?.after || options.args?.before)
        return merged;
      const last = nodeOf(incoming.edges.at(-1), options.isReference);
      const at =
        last === undefined ? -1 : existing.edges.findIndex((edge) => nodeOf(edge, options.isReference) === last);
      const earlier = at < 0 ? [] : existing.edges.slice(at + 1);
      if (earlier.length === 0) return merged;
      return {
        ...merged,
        edges: [...merged.edges, ...earlier],
        pageInfo: {
          ...merged.pageInfo,
          hasNextPage: existing.pageInfo.hasNextPage,
          endCursor: existing.pageInfo.endCursor,
        },
      };
    },
  };
}

export const typePolicies: TypePolicies = {
  Query: {
    fields: {
      postCollection,
      groupCollection: relayStylePagination(['filter', 'orderBy', 'first']),
      // A post's comments: "Show earlier comments" appends the page before (newest first on the wire); a
      // live change refreshes the latest page and keeps the earlier ones.
      post_commentCollection: keepingEarlierPages(relayStylePagination(['filter', 'orderBy', 'first'])),
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
