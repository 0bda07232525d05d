import { ApolloClient, ApolloLink, gql, InMemoryCache } from '@apollo/client';
import { of } from 'rxjs';
import { describe, expect, it } from 'vitest';
import { typePolicies } from './cachePolicies.ts';
import { evictGroupPosts } from './evictGroupPosts.ts';

const GROUP_ID = '6f1c2a7e-3b9d-4c1e-8f2a-0b1c2d3e4f50';
const OTHER_GROUP_ID = '7a2d3b8f-4c0e-4d2f-9a3b-1c2d3e4f5a60';

// The shape of the browse remote's GroupById(withPosts) (remote-browse/src/shared/data/group/GroupById.graphql).
const GroupById = gql`
  query GroupById($id: UUID!) {
    groupCollection(filter: { id: { eq: $id } }, first: 1) {
      edges {
        node {
          id
          display_name
          postCollection(first: 30, filter: { has_uploaded_photo: { eq: true } }) {
            edges {
              cursor
              node {
                id
                created_at
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

function groupWithPosts(id: string, postIds: string[]) {
  return {
    groupCollection: {
      __typename: 'groupConnection',
      edges: [
        {
          __typename: 'groupEdge',
          node: {
            __typename: 'group',
            id,
            display_name: 'Bristol',
            postCollection: {
              __typename: 'postConnection',
              edges: postIds.map((postId) => ({
                __typename: 'postEdge',
                cursor: postId,
                node: { __typename: 'post', id: postId, created_at: '2026-11-22T10:00:00Z' },
              })),
              pageInfo: { __typename: 'PageInfo', hasNextPage: false, endCursor: postIds.at(-1) ?? null },
            },
          },
        },
      ],
    },
  };
}

/** A client whose server holds `posts` for each group; counts how often it is asked. */
function clientWithServer(posts: Record<string, string[]>) {
  const calls: string[] = [];
  const link = new ApolloLink((operation) => {
    calls.push(`${operation.operationName}:${operation.variables.id}`);
    const id = operation.variables.id as string;
    return of({ data: groupWithPosts(id, posts[id] ?? []) });
  });
  return { client: new ApolloClient({ cache: new InMemoryCache({ typePolicies }), link }), calls };
}

const postIdsIn = (data: unknown) =>
  (data as ReturnType<typeof groupWithPosts>).groupCollection.edges[0]!.node.postCollection.edges.map((e) => e.node.id);

describe('evictGroupPosts', () => {
  it('makes a group page visited earlier fetch its posts again on its next visit', async () => {
    const posts = { [GROUP_ID]: ['old'], [OTHER_GROUP_ID]: ['other'] };
    const { client, calls } = clientWithServer(posts);
    await client.query({ query: GroupById, variables: { id: GROUP_ID } });
    await client.query({ query: GroupById, variables: { id: OTHER_GROUP_ID } });

    posts[GROUP_ID] = ['new', 'old'];
    await evictGroupPosts(client, GROUP_ID);

    const again = await client.query({ query: GroupById, variables: { id: GROUP_ID } }); // cache-first
    expect(postIdsIn(again.data)).toEqual(['new', 'old']);
    const other = await client.query({ query: GroupById, variables: { id: OTHER_GROUP_ID } });
    expect(postIdsIn(other.data)).toEqual(['other']);
    // Only the posted-to group went back to the server.
    expect(calls).toEqual([`GroupById:${GROUP_ID}`, `GroupById:${OTHER_GROUP_ID}`, `GroupById:${GROUP_ID}`]);
  });

  it('refetches a group query that is on screen', async () => {
    const posts = { [GROUP_ID]: ['old'] };
    const { client, calls } = clientWithServer(posts);
    const watched = client.watchQuery({ query: GroupById, variables: { id: GROUP_ID } });
    const results: string[][] = [];
    const subscription = watched.subscribe(({ data }) => data && results.push(postIdsIn(data)));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(results.at(-1)).toEqual(['old']);

    posts[GROUP_ID] = ['new', 'old'];
    await evictGroupPosts(client, GROUP_ID);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(results.at(-1)).toEqual(['new', 'old']);
    expect(calls).toHaveLength(2); // once on screen, once more after the post: not twice more
    subscription.unsubscribe();
  });

  it('does nothing harmful when the group was never cached', async () => {
    const { client, calls } = clientWithServer({});
    await expect(evictGroupPosts(client, GROUP_ID)).resolves.toBeUndefined();
    expect(calls).toEqual([]);
  });
});
