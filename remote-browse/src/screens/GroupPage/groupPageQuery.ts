import { CATEGORY_QUERY_PARAM, LIMITS, ROUTES } from '@snapshire/contracts';
import { GroupByIdDocument } from '../../shared/data/group/operations.generated.ts';

/**
 * The group page's first query: the group with its first page of photos. useGroupPosts asks it with these
 * variables; this remote's build publishes it (build/screenData.ts, ScreenQuery in @snapshire/contracts) so the
 * page's first script can send it before any JavaScript has loaded. A category filter asks another query.
 */
export const GROUP_PAGE_QUERY = {
  route: ROUTES.GROUP_BY_ID,
  document: GroupByIdDocument,
  variables: { id: { param: 'groupId' }, withPosts: true, withCategories: true, first: LIMITS.GRAPHQL_PAGE_SIZE },
  unlessSearchParams: [CATEGORY_QUERY_PARAM],
} as const;
