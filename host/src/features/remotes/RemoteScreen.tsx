import type { ExposedModule, RemoteName } from '@snapshire/federation/remotes';
import { federationId, loadFederatedModule, partOf } from './federatedRemotes.ts';
import { RemoteSlot } from './RemoteSlot.tsx';

/** A route's screen that lives in a remote, e.g. <RemoteScreen remote="remote_browse" module="GroupsPage" />. */
export function RemoteScreen<R extends RemoteName>({ remote, module }: { remote: R; module: ExposedModule<R> }) {
  const id = federationId(remote, module);
  return (
    <div data-remote={remote} style={{ display: 'contents' }}>
      <RemoteSlot key={id} id={id} part={partOf(remote)} load={() => loadFederatedModule(id)} />
    </div>
  );
}
