/**
 * The group page's first render with data: this remote's build draws the screen at build time with this marked
 * answer (build/screenData.ts, ScreenQuery.firstRenderTemplate in @snapshire/contracts), and the first-photos
 * module (firstPhotos.ts) fills the drawing with the real answer in the browser, before the screen's code has
 * arrived. The marks are what the filling finds: ids and texts no real group has.
 */
import type { GroupByIdQuery } from '../../shared/data/types.ts';

export const FIRST_RENDER_MARKS = {
  groupId: '00000000-0000-4000-8000-f125700000a1',
  postId: '00000000-0000-4000-8000-f125700000b1',
  categoryId: '00000000-0000-4000-8000-f125700000c1',
  name: 'first-render:name',
  description: 'first-render:description',
  category: 'first-render:category',
} as const;

/** The route's parameters the screen is drawn at. */
export const FIRST_RENDER_PARAMS = { groupId: FIRST_RENDER_MARKS.groupId };

/** One group with a description, one category and one photo (no placeholder, no likes): what the filling repeats. */
export const FIRST_RENDER_RESULT: { data: GroupByIdQuery } = {
  data: {
    __typename: 'Query',
    groupCollection: {
      __typename: 'groupConnection',
      edges: [
        {
          __typename: 'groupEdge',
          node: {
            __typename: 'group',
            id: FIRST_RENDER_MARKS.groupId,
            display_name: FIRST_RENDER_MARKS.name,
            description: FIRST_RENDER_MARKS.description,
            is_private: false,
            can_take_part: false,
            postCollection: {
              __typename: 'postConnection',
              totalCount: 1,
              edges: [
                {
                  __typename: 'postEdge',
                  cursor: 'first-render',
                  node: {
                    __typename: 'post',
                    id: FIRST_RENDER_MARKS.postId,
                    created_at: '2026-01-01T12:00:00+00:00',
                    file_name: 'first-render.jpg',
                    meta_width: 1200,
                    meta_height: 800,
                    description: null,
                    th: null,
                    like_count: 0,
                    comment_count: 0,
                    liked_by_me: false,
                  },
                },
              ],
              pageInfo: { __typename: 'PageInfo', hasNextPage: false, endCursor: null },
            },
            group_categoryCollection: {
              __typename: 'group_categoryConnection',
              edges: [
                {
                  __typename: 'group_categoryEdge',
                  node: {
                    __typename: 'group_category',
                    category: {
                      __typename: 'category',
                      id: FIRST_RENDER_MARKS.categoryId,
                      display_name: FIRST_RENDER_MARKS.category,
                    },
                  },
                },
              ],
            },
          },
        },
      ],
    },
  },
};
