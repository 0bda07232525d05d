/**
 * Build only (read by screenDataPlugin, packages/data/src/graphql/screenDataPlugin.ts, which writes
 * screen-data.json): each exposed screen's first query, as declared beside the screen, its first-photos module
 * and the screen whose first render is published.
 */
import type { ScreenQueryDeclaration } from '@snapshire/data/screen-queries';
import type { ExposedModule } from '@snapshire/federation/remotes';
import { GROUP_PAGE_QUERY } from '../src/screens/GroupPage/groupPageQuery.ts';
import { GROUPS_PAGE_QUERY } from '../src/screens/GroupsPage/groupsPageQuery.ts';

export const SCREEN_QUERIES = {
  GroupsPage: { ...GROUPS_PAGE_QUERY, firstRender: '../src/screens/GroupsPage/GroupsPage.tsx' },
  GroupPage: {
    ...GROUP_PAGE_QUERY,
    firstPhotos: '../src/screens/GroupPage/firstPhotosModule.ts',
    firstRender: '../src/screens/GroupPage/GroupPage.tsx',
    firstRenderData: '../src/screens/GroupPage/firstRenderMarks.ts',
  },
} satisfies Partial<Record<ExposedModule<'remote_browse'>, ScreenQueryDeclaration>>;
