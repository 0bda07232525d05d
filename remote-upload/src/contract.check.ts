/**
 * Type-only check of the host-remote contract (README "The host-remote contract"): every module this remote
 * exposes (packages/federation/src/remotes.ts) exists and is a screen the host renders with no props.
 * `npm run typecheck` fails when one stops fitting; nothing here runs.
 */
import type { ExposedModule, ExposedScreenModule } from '@snapshire/federation/remotes';
import type * as NewPostScreen from './screens/NewPostScreen/NewPostScreen.tsx';

type Fits<T extends Record<ExposedModule<'remote_upload'>, ExposedScreenModule>> = T;
export type ExposedModulesFitTheContract = Fits<{ NewPostScreen: typeof NewPostScreen }>;
