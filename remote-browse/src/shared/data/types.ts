/**
 * The shapes the browse screens use, taken from the result types generated from this remote's own operations
 * (the .graphql files in groups/, group/ and post/ here).
 */
import type { GroupByIdQuery, GroupPostsByCategoryIdsQuery } from './group/operations.generated.ts';
import type { AllGroupsQuery } from './groups/operations.generated.ts';
import type { PostByIdQuery } from './post/operations.generated.ts';

export type { AllGroupsQuery, GroupByIdQuery, GroupPostsByCategoryIdsQuery, PostByIdQuery };

/** The group as the group page loads it (GroupById with posts and categories). */
export type GroupById = NonNullable<GroupByIdQuery['groupCollection']>['edges'][number]['node'];

/** What a gallery tile needs: id, day, storage name, size and alt text. */
export type GalleryPost = NonNullable<GroupById['postCollection']>['edges'][number]['node'];

export type GroupsListGroup = NonNullable<AllGroupsQuery['groupCollection']>['edges'][number]['node'];

export type FilteredGalleryPost = NonNullable<
  NonNullable<GroupPostsByCategoryIdsQuery['groupCollection']>['edges'][number]['node']['postCollection']
>['edges'][number]['node'];

export type PostDetailNode = NonNullable<PostByIdQuery['postCollection']>['edges'][number]['node'];

export interface CategoryNode {
  id: string;
  display_name: string;
}

/** Category links come back null where a category is not visible; keep the visible ones. */
export function visibleCategories(
  links: ReadonlyArray<{ node: { category: (CategoryNode & { __typename?: string }) | null } }> | undefined,
): CategoryNode[] {
  return (links ?? []).flatMap(({ node }) => (node.category ? [node.category] : []));
}
