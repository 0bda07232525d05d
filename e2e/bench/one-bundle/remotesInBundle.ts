/**
 * Benchmark tool only (e2e/bench/web-bench.ts): stands in for host/src/features/remotes/federatedRemotes.ts
 * in the one-bundle build, importing the remotes' screens directly instead of through the federation
 * runtime, so the same screens can be measured as one Vite bundle. Same exports, same behaviour otherwise.
 */
import { REMOTES, type ExposedModule, type RemoteName } from '@snapshire/federation/remotes';
import type { RemoteModule } from '../../../host/src/features/remotes/remoteModule.ts';
import { screens as authScreens } from '../../../remote-auth/src/screens/index.ts';
import { screens as browseScreens } from '../../../remote-browse/src/screens/index.ts';
import { screens as uploadScreens } from '../../../remote-upload/src/screens/index.ts';

/** Every remote's screen loaders (their src/screens/index.ts), by federation id. */
const LOADERS: Record<RemoteName, Record<string, () => Promise<unknown>>> = {
  remote_browse: browseScreens,
  remote_auth: authScreens,
  remote_upload: uploadScreens,
};
const SCREENS: Record<string, () => Promise<RemoteModule>> = Object.fromEntries(
  Object.entries(LOADERS).flatMap(([remote, loaders]) =>
    Object.entries(loaders).map(([module, load]) => [`${remote}/${module}`, load as () => Promise<RemoteModule>]),
  ),
);

export function registerFederatedRemotes(): void {}

/** The errors the host's remote slot tells apart; never thrown here (nothing is fetched from a remote). */
export class RemoteNotConfiguredError extends Error {}
export class RemoteFirstByteTimeoutError extends Error {}

/** Every screen is in the bundle: always configured, never a newer build to load. */
export function assertConfigured(): void {}
export async function checkForNewBuild(): Promise<boolean> {
  return false;
}
export async function reloadRemote(): Promise<string> {
  return 'bundle';
}

export function federationId<R extends RemoteName>(remote: R, module: ExposedModule<R>): string {
  return `${remote}/${module}`;
}

export async function loadFederatedModule(id: string): Promise<RemoteModule> {
  const load = SCREENS[id];
  if (!load) throw new Error(`${id} is not part of the one-bundle build`);
  return load();
}

/** As the federated loader: the screens of the address being opened start loading while the shell renders. */
export function startLoadingScreens(screens: readonly { remote: RemoteName; module: string }[]): void {
  for (const { remote, module } of screens) void SCREENS[`${remote}/${module}`]?.().catch(() => undefined);
}

export const partOf = (remote: RemoteName): string => REMOTES[remote].part;
