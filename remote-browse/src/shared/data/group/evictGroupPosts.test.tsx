/**
 * evictGroupPosts (@snapshire/data) with the group page's own query, GroupById, against the embedded backend:
 * after a post, the posted-to group's lists come from the server again (at once when on screen, on the next
 * visit otherwise) and other groups stay cached. A relay counts the requests as they reach the backend.
 */
import { describe, expect, it } from 'vitest';
import { LIMITS } from '@snapshire/contracts';
import { evictGroupPosts, initData } from '@snapshire/data';
import { insertGroup, type WorldGroup } from '../../testing/browseWorld.ts';
import { recordedBackend } from '../../testing/recordedBackend.ts';
import { galleryPosts } from '../../testing/fixtures.ts';
import { GroupByIdDocument, type GroupByIdQuery } from './operations.generated.ts';

const world = recordedBackend();

/** The page's Apollo Client (the product's cache policies), talking to the backend through the relay. */
const client = () => initData(world().config).apolloClient;
const variables = (group: WorldGroup) => ({ id: group.id, withPosts: true, first: LIMITS.GRAPHQL_PAGE_SIZE });
const postIds = (data: GroupByIdQuery | undefined) =>
  data?.groupCollection?.edges[0]?.node.postCollection?.edges.map((edge) => edge.node.id) ?? [];

/** GroupById requests for `group` that reached the backend. */
function asked(group: WorldGroup): number {
  return world().line.requests.filter(
    (request) => request.body.includes('"GroupById"') && request.body.includes(`"id":"${group.id}"`),
  ).length;
}

/** A new photo of `group`, newest of all, as handle-post-create leaves it. */
async function postInto(group: WorldGroup): Promise<string> {
  const id = crypto.randomUUID();
  await world().backend.sql(
    `insert into public.post (id, group_id, author_id, file_name, meta_width, meta_height, photo_type, created_at, has_uploaded_photo)
     values ($1, $2, $3, 'new.jpg', 4000, 3000, 'FILM', now(), true)`,
    [id, group.id, world().authorId],
  );
  return id;
}

describe('evictGroupPosts with the group page query', () => {
  it('makes a group page visited earlier fetch its posts again on its next visit, and only that group', async () => {
    const [group, other] = [
      await insertGroup(world().backend, { authorId: world().authorId, posts: galleryPosts(3) }),
      await insertGroup(world().backend, { authorId: world().authorId, posts: galleryPosts(2) }),
    ];
    const apollo = client();
    await apollo.query({ query: GroupByIdDocument, variables: variables(group) });
    await apollo.query({ query: GroupByIdDocument, variables: variables(other) });
    const added = await postInto(group);

    await evictGroupPosts(apollo, group.id);

    const again = await apollo.query({ query: GroupByIdDocument, variables: variables(group) }); // cache-first
    expect(postIds(again.data)).toEqual([added, ...group.posts.map((p) => p.id)]);
    const cached = await apollo.query({ query: GroupByIdDocument, variables: variables(other) });
    expect(postIds(cached.data)).toEqual(other.posts.map((p) => p.id));
    expect([asked(group), asked(other)]).toEqual([2, 1]);
  });

  it('refetches the group page that is on screen, once', async () => {
    const group = await insertGroup(world().backend, { authorId: world().authorId, posts: galleryPosts(2) });
    const apollo = client();
    const watched = apollo.watchQuery({ query: GroupByIdDocument, variables: variables(group) });
    const seen: string[][] = [];
    const subscription = watched.subscribe(({ data }) => {
      if (data) seen.push(postIds(data as GroupByIdQuery));
    });
    try {
      await expect.poll(() => seen.at(-1)).toEqual(group.posts.map((p) => p.id));
      const added = await postInto(group);
      await evictGroupPosts(apollo, group.id);
      await expect.poll(() => seen.at(-1)).toEqual([added, ...group.posts.map((p) => p.id)]);
      expect(asked(group)).toBe(2); // once on screen, once more after the post: not twice more
    } finally {
      subscription.unsubscribe();
    }
  });

  it('asks nothing when the group was never cached', async () => {
    const group = await insertGroup(world().backend, { authorId: world().authorId, posts: galleryPosts(1) });
    await expect(evictGroupPosts(client(), group.id)).resolves.toBeUndefined();
    expect(asked(group)).toBe(0);
  });
});
