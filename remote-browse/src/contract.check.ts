/**
 * Type-only check of the host-remote contract (README "The host-remote contract"): every module this remote
 * exposes (packages/federation/src/remotes.ts) exists and is a screen the host renders with no props.
 * `npm run typecheck` fails when one stops fitting; nothing here runs.
 */
import type { ExposedModule, ExposedScreenModule } from '@snapshire/federation/remotes';
import type * as GroupPage from './features/group/GroupPage.tsx';
import type * as GroupSettingsPage from './features/group-admin/GroupSettingsPage.tsx';
import type * as GroupsPage from './features/groups-list/GroupsPage.tsx';
import type * as InvitationPage from './features/invitation/InvitationPage.tsx';
import type * as NewGroupPage from './features/new-group/NewGroupPage.tsx';
import type * as PostView from './features/post/PostView.tsx';

type Fits<T extends Record<ExposedModule<'remote_browse'>, ExposedScreenModule>> = T;
export type ExposedModulesFitTheContract = Fits<{
  GroupsPage: typeof GroupsPage;
  GroupPage: typeof GroupPage;
  PostView: typeof PostView;
  NewGroupPage: typeof NewGroupPage;
  GroupSettingsPage: typeof GroupSettingsPage;
  InvitationPage: typeof InvitationPage;
}>;
