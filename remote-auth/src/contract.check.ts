/**
 * Type-only check of the host-remote contract (README "The host-remote contract"): every module this remote
 * exposes (packages/federation/src/remotes.ts) exists and is a screen the host renders with no props.
 * `npm run typecheck` fails when one stops fitting; nothing here runs.
 */
import type { ExposedModule, ExposedScreenModule } from '@snapshire/federation/remotes';
import type * as AccountScreen from './screens/AccountScreen/AccountScreen.tsx';
import type * as AuthScreen from './screens/AuthScreen/AuthScreen.tsx';
import type * as NamePromptScreen from './screens/NamePromptScreen/NamePromptScreen.tsx';

type Fits<T extends Record<ExposedModule<'remote_auth'>, ExposedScreenModule>> = T;
export type ExposedModulesFitTheContract = Fits<{
  AuthScreen: typeof AuthScreen;
  NamePromptScreen: typeof NamePromptScreen;
  AccountScreen: typeof AccountScreen;
}>;
