import { isPostModalState, paths } from '@snapshire/contracts';
import type { RemoteScreenRef } from '@snapshire/federation/remotes';
import { useCallback } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router-dom';
import {
  assertConfigured,
  checkForNewBuild,
  federationId,
  loadFederatedModule,
  partOf,
  reloadRemote,
} from './federatedRemotes.ts';
import { forgetRemoteSlots, RemoteSlot, type RemoteSlotProps } from './RemoteSlot.tsx';

/** A route's screen that lives in a remote, e.g. <RemoteScreen remote="remote_browse" module="GroupsPage" />. */
export function RemoteScreen({ remote, module }: RemoteScreenRef) {
  const id = federationId(remote, module);
  const location = useLocation();
  const navigate = useNavigate();
  const { groupId } = useParams();
  const load = useCallback(() => {
    assertConfigured(remote);
    return loadFederatedModule(id);
  }, [remote, id]);
  const reload = useCallback(async () => {
    await reloadRemote(remote);
    forgetRemoteSlots(remote, id);
  }, [remote, id]);
  const checkForUpdate = useCallback(async () => {
    const updated = await checkForNewBuild(remote, id);
    if (updated) forgetRemoteSlots(remote);
    return updated;
  }, [remote, id]);
  // The post view opened from the gallery is a modal over it: its spinner and fallback are drawn in a dialog,
  // where the user is looking, not under the gallery.
  const presentation: RemoteSlotProps['presentation'] =
    module === 'PostView' && groupId && isPostModalState(location.state)
      ? // Closing leaves the group page under it where it was, as closing the post modal does.
        { kind: 'dialog', onClose: () => navigate(paths.group(groupId), { preventScrollReset: true }) }
      : { kind: 'page' };
  return (
    <div data-remote={remote} style={{ display: 'contents' }}>
      <RemoteSlot
        key={id}
        id={id}
        part={partOf(remote)}
        load={load}
        reload={reload}
        checkForUpdate={checkForUpdate}
        presentation={presentation}
      />
    </div>
  );
}
