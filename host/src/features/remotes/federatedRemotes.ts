import { loadRemote, registerRemotes } from '@module-federation/runtime';
import { REMOTE_NAMES, REMOTES, type ExposedModule, type RemoteName } from '@snapshire/federation/remotes';
import type { HostConfig } from '../../app/runtimeConfig.tsx';
import type { RemoteModule } from './RemoteSlot.tsx';

/**
 * Tells the federation runtime where each remote lives, from the runtime config: the remote's
 * mf-manifest.json, so its assets load in parallel and it can move without a host rebuild.
 */
export function registerFederatedRemotes(config: HostConfig): void {
  registerRemotes(REMOTE_NAMES.map((name) => ({ name, entry: config.remotes[name] })));
}

export function federationId<R extends RemoteName>(remote: R, module: ExposedModule<R>): string {
  return `${remote}/${module}`;
}

/** Loads an exposed screen module; a missing module is an error, not an empty page. */
export async function loadFederatedModule(id: string): Promise<RemoteModule> {
  const module = await loadRemote<RemoteModule>(id);
  if (!module) throw new Error(`${id} could not be loaded`);
  return module;
}

export const partOf = (remote: RemoteName): string => REMOTES[remote].part;
