import { ROUTES } from '@snapshire/contracts';
import { AllGroupsDocument } from '../../shared/data/groups/operations.generated.ts';

/**
 * The groups list's first query: every group the viewer may see, with its cover photos. Published by this
 * remote's build (build/screenData.ts) so the page's first script can send it before any JavaScript loads.
 */
export const GROUPS_PAGE_QUERY = { route: ROUTES.GROUPS, document: AllGroupsDocument, variables: {} } as const;
