import { gql, InMemoryCache } from '@apollo/client';
import { describe, expect, it } from 'vitest';
import { typePolicies } from './cachePolicies.ts';

const GROUP_POSTS = gql`
  query GroupPosts($id: UUID!, $first: Int, $after: Cursor) {
    groupCollection(filter: { id: { eq: $id } }) {
      edges {
        node {
          id
          postCollection(first: $first, after: $after, orderBy: [{ created_at: DescNullsLast }]) {
            edges {
              cursor
              node {
                id
              }
            }
            pageInfo {
              hasNextPage
              endCursor
            }
          }
        }
      }
    }
  }
`;

const page = (ids: string[], hasNextPage: boolean) => ({
  __typename: 'postConnection',
  edges: ids.map((id) => ({ __typename: 'postEdge', cursor: `c${id}`, node: { __typename: 'post', id } })),
  pageInfo: { __typename: 'PageInfo', hasNextPage, endCursor: `c${ids.at(-1)}` },
});
const result = (posts: ReturnType<typeof page>) => ({
  groupCollection: {
    __typename: 'groupConnection',
    edges: [{ __typename: 'groupEdge', node: { __typename: 'group', id: 'g1', postCollection: posts } }],
  },
});

describe('typePolicies', () => {
  it('identifies records by type and id, falling back to nodeId', () => {
    const cache = new InMemoryCache({ typePolicies });
    expect(cache.identify({ __typename: 'post', id: 'p1', nodeId: 'WyJwdWJsaWMiXQ==' })).toBe('post:p1');
    expect(cache.identify({ __typename: 'group_category', nodeId: 'abc' })).toBe('group_category:abc');
  });

  it("appends a group's next page of posts to the list it already holds", () => {
    const cache = new InMemoryCache({ typePolicies });
    cache.writeQuery({ query: GROUP_POSTS, variables: { id: 'g1', first: 2 }, data: result(page(['1', '2'], true)) });
    cache.writeQuery({
      query: GROUP_POSTS,
      variables: { id: 'g1', first: 2, after: 'c2' },
      data: result(page(['3', '4'], false)),
    });
    const read = cache.readQuery<ReturnType<typeof result>>({ query: GROUP_POSTS, variables: { id: 'g1', first: 2 } });
    const posts = read!.groupCollection.edges[0]!.node.postCollection;
    expect(posts.edges.map((e) => e.node.id)).toEqual(['1', '2', '3', '4']);
    expect(posts.pageInfo.hasNextPage).toBe(false);
  });

  it('keeps lists of different page sizes apart (the groups list asks for 2, the group page for 30)', () => {
    const cache = new InMemoryCache({ typePolicies });
    cache.writeQuery({
      query: GROUP_POSTS,
      variables: { id: 'g1', first: 30 },
      data: result(page(['1', '2', '3'], false)),
    });
    cache.writeQuery({ query: GROUP_POSTS, variables: { id: 'g1', first: 2 }, data: result(page(['1', '2'], true)) });
    const big = cache.readQuery<ReturnType<typeof result>>({ query: GROUP_POSTS, variables: { id: 'g1', first: 30 } });
    expect(big!.groupCollection.edges[0]!.node.postCollection.edges).toHaveLength(3);
  });
});
