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

  it('keeps the earlier comments a reader opened when the latest page is fetched again (a live change)', () => {
    const COMMENTS = gql`
      query PostComments($postId: UUID!, $first: Int, $after: Cursor) {
        post_commentCollection(
          filter: { post_id: { eq: $postId } }
          first: $first
          after: $after
          orderBy: [{ created_at: DescNullsLast }]
        ) {
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
    `;
    const comments = (ids: string[], hasNextPage: boolean) => ({
      post_commentCollection: {
        __typename: 'post_commentConnection',
        edges: ids.map((id) => ({
          __typename: 'post_commentEdge',
          cursor: `c${id}`,
          node: { __typename: 'post_comment', id },
        })),
        pageInfo: { __typename: 'PageInfo', hasNextPage, endCursor: `c${ids.at(-1)}` },
      },
    });
    const cache = new InMemoryCache({ typePolicies });
    const latest = { postId: 'p1', first: 2 };
    const read = () =>
      cache.readQuery<ReturnType<typeof comments>>({ query: COMMENTS, variables: latest })!.post_commentCollection;
    // Newest first on the wire: the latest page, then the one before it ("Show earlier comments").
    cache.writeQuery({ query: COMMENTS, variables: latest, data: comments(['9', '8'], true) });
    cache.writeQuery({ query: COMMENTS, variables: { ...latest, after: 'c8' }, data: comments(['7', '6'], true) });
    // A new comment came: the latest page again, where it overlaps what is held.
    cache.writeQuery({ query: COMMENTS, variables: latest, data: comments(['10', '9'], true) });
    expect(read().edges.map((e) => e.node.id)).toEqual(['10', '9', '8', '7', '6']);
    expect(read().pageInfo).toMatchObject({ hasNextPage: true, endCursor: 'c6' });
    // More new ones than a page: nothing joins the two, so the latest page stands alone.
    cache.writeQuery({ query: COMMENTS, variables: latest, data: comments(['12', '11'], true) });
    expect(read().edges.map((e) => e.node.id)).toEqual(['12', '11']);
    expect(read().pageInfo).toMatchObject({ hasNextPage: true, endCursor: 'c11' });
  });
});
