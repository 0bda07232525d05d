import type { NewPostGroupQuery } from './operations.generated.ts';

/**
 * The group a new post goes into: NewPostGroup.graphql beside this file, generated into a typed document by
 * `npm run codegen -w remote-upload`; it ships inside this remote.
 */
export {
  JoinGroupToPostDocument,
  NewPostGroupDocument,
  type NewPostGroupQuery,
  type NewPostGroupQueryVariables,
} from './operations.generated.ts';

export interface CategoryOption {
  id: string;
  displayName: string;
}

/** What the screen needs of the group: its name, the categories a post in it may be filed under, and whether
 * the caller may post (is a member: posting needs membership). */
export interface NewPostGroup {
  id: string;
  displayName: string;
  categories: CategoryOption[];
  isMember: boolean;
}

/** The group, or null when the caller cannot see it (unknown id, or a private group they are not in). */
export function toNewPostGroup(data: NewPostGroupQuery | undefined): NewPostGroup | null {
  const node = data?.groupCollection?.edges[0]?.node;
  if (!node) return null;
  const categories = (node.group_categoryCollection?.edges ?? [])
    .flatMap(({ node: link }) =>
      link.category ? [{ id: link.category.id, displayName: link.category.display_name }] : [],
    )
    .sort((a, b) => a.displayName.localeCompare(b.displayName));
  return { id: node.id, displayName: node.display_name, categories, isMember: Boolean(node.my_role) };
}
