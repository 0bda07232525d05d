/**
 * This remote's screens (SCREENS in @snapshire/contracts), each loaded when first shown: its standalone page
 * (main.tsx) and the one-bundle benchmark (e2e/bench/one-bundle) load them from here, the site through the
 * federation exposes its build derives from the same table. `satisfies` is the host-remote contract's check:
 * the type check fails when a declared screen is missing here or stops being a screen that takes no props.
 * Dynamic imports only: a static one would put the screen's code in the chunk every screen shares.
 */
import type { ScreenLoaders } from '@snapshire/contracts';

export const screens = {
  AuthScreen: () => import('./AuthScreen/AuthScreen.tsx'),
  NamePromptScreen: () => import('./NamePromptScreen/NamePromptScreen.tsx'),
  AccountScreen: () => import('./AccountScreen/AccountScreen.tsx'),
} satisfies ScreenLoaders<'remote_auth'>;
