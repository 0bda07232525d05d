/**
 * Type-only check of the host-remote contract (README "The host-remote contract"): every module this remote
 * exposes (packages/federation/src/remotes.ts) exists and is a screen the host renders with no props.
 * `npm run typecheck` fails when one stops fitting; nothing here runs.
 */
import type { ExposedModule, ExposedScreenModule } from '@snapshire/federation/remotes';
import type * as GroupPage from './screens/GroupPage/GroupPage.tsx';
import type * as GroupSettingsPage from './screens/GroupSettingsPage/GroupSettingsPage.tsx';
import type * as GroupsPage from './screens/GroupsPage/GroupsPage.tsx';
import type * as InvitationPage from './screens/InvitationPage/InvitationPage.tsx';
import type * as NewGroupPage from './screens/NewGroupPage/NewGroupPage.tsx';
import type * as PostView from './screens/PostView/PostView.tsx';

type Fits<T extends Record<ExposedModule<'remote_browse'>, ExposedScreenModule>> = T;
export type ExposedModulesFitTheContract = Fits<{
  GroupsPage: typeof GroupsPage;
  GroupPage: typeof GroupPage;
  PostView: typeof PostView;
  NewGroupPage: typeof NewGroupPage;
  GroupSettingsPage: typeof GroupSettingsPage;
  InvitationPage: typeof InvitationPage;
}>;
