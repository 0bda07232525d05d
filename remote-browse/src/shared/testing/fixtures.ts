import { GroupByIdDocument } from '../data/group/operations.generated.ts';
import { PostByIdDocument } from '../data/post/operations.generated.ts';
import type { CategoryNode, GalleryPost, GroupById, PostDetailNode } from '../data/types.ts';

export const GROUP_ID = '11111111-1111-4111-8111-111111111111';
export const CATEGORY_ID = '33333333-3333-4333-8333-333333333333';

export function postId(n: number): string {
  return `22222222-2222-4222-8222-${String(n).padStart(12, '0')}`;
}

/** Gallery posts, newest first, `perDay` a day (UTC noon going back from 2026-11-22). */
export function galleryPosts(count: number, perDay = 2): GalleryPost[] {
  return Array.from({ length: count }, (_, i) => {
    const day = Math.floor(i / perDay);
    const created = new Date(Date.UTC(2026, 10, 22 - day, 12, 0, 0) - (i % perDay) * 60_000);
    return {
      __typename: 'post',
      id: postId(i + 1),
      created_at: created.toISOString(),
      file_name: `photo-${i + 1}.jpg`,
      meta_width: i % 2 ? 3000 : 4000,
      meta_height: i % 2 ? 4000 : 3000,
      description: `Photo number ${i + 1}`,
      th: null,
      like_count: 0,
      comment_count: 0,
      liked_by_me: false,
    };
  });
}

export function groupNode(posts: GalleryPost[], overrides: Partial<GroupById> = {}): GroupById {
  return {
    __typename: 'group',
    id: GROUP_ID,
    display_name: 'Harbour Town',
    description: 'Boats, gulls and fog.',
    is_private: false,
    can_take_part: false,
    postCollection: {
      __typename: 'postConnection',
      totalCount: posts.length,
      edges: posts.map((node) => ({ __typename: 'postEdge', cursor: `c-${node.id}`, node })),
      pageInfo: {
        __typename: 'PageInfo',
        hasNextPage: false,
        endCursor: posts.length ? `c-${posts.at(-1)!.id}` : null,
      },
    } as GroupById['postCollection'],
    group_categoryCollection: {
      __typename: 'group_categoryConnection',
      edges: [
        {
          __typename: 'group_categoryEdge',
          node: {
            __typename: 'group_category',
            category: { __typename: 'category', id: CATEGORY_ID, display_name: 'Street' },
          },
        },
      ],
    } as GroupById['group_categoryCollection'],
    ...overrides,
  };
}

export function groupByIdMock(group: GroupById | null, id = GROUP_ID) {
  return {
    request: { query: GroupByIdDocument, variables: { id, withPosts: true, withCategories: true, first: 30 } },
    result: {
      data: {
        groupCollection: {
          __typename: 'groupConnection',
          edges: group ? [{ __typename: 'groupEdge', node: group }] : [],
        },
      },
    },
    maxUsageCount: Number.POSITIVE_INFINITY,
  };
}

export const AUTHOR_ID = '66666666-6666-4666-8666-666666666666';

export function postByIdMock(post: GalleryPost, extra: Partial<PostDetailNode> = {}) {
  const node: PostDetailNode = {
    __typename: 'post',
    id: post.id,
    file_name: post.file_name,
    group_id: GROUP_ID,
    meta_width: post.meta_width,
    meta_height: post.meta_height,
    photo_type: 'FILM',
    description: post.description,
    created_at: post.created_at,
    th: post.th,
    like_count: post.like_count,
    comment_count: post.comment_count,
    liked_by_me: post.liked_by_me,
    camera_make: null,
    camera_model: null,
    camera_lens: null,
    exposure_time: null,
    f_number: null,
    iso: null,
    focal_length: null,
    group: { __typename: 'group', id: GROUP_ID, display_name: 'Harbour Town', can_take_part: false },
    author: { __typename: 'profile', id: AUTHOR_ID, display_name: 'Ada Harper' },
    post_categoryCollection: {
      __typename: 'post_categoryConnection',
      edges: [],
    } as PostDetailNode['post_categoryCollection'],
    ...extra,
  };
  return {
    request: { query: PostByIdDocument, variables: { id: post.id, withCategories: true } },
    result: {
      data: {
        __typename: 'Query' as const,
        postCollection: { __typename: 'postConnection' as const, edges: [{ __typename: 'postEdge' as const, node }] },
      },
    },
    maxUsageCount: Number.POSITIVE_INFINITY,
  };
}

/** A post's category links as PostById returns them. */
export function categoryLinks(categories: CategoryNode[]): PostDetailNode['post_categoryCollection'] {
  return {
    __typename: 'post_categoryConnection',
    edges: categories.map((category) => ({
      __typename: 'post_categoryEdge',
      node: { __typename: 'post_category', category: { __typename: 'category', ...category } },
    })),
  } as PostDetailNode['post_categoryCollection'];
}
