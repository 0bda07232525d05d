import type { ComponentType } from 'react';

/**
 * What a federated screen module looks like: a default-exported component taking no props. Its own module, as
 * both the loader (federatedRemotes.ts) and the slot that draws it (RemoteSlot.tsx) name it.
 */
export interface RemoteModule {
  default: ComponentType;
}
