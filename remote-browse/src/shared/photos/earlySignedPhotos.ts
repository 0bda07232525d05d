import { EARLY_SCREEN_DATA_MAX_AGE_MS, EARLY_SIGNED_PHOTOS_KEY, type EarlySignedPhotos } from '@snapshire/contracts';

/**
 * The answer to the sign-photos request the page's first script sent for the screen's first photos
 * (screens/GroupPage/firstPhotos.ts plans it; host/src/features/remotes/earlyRemote.ts sends it), once: the first batch
 * of the photo signer takes it. Undefined when there is none, or it is too old to be this page's first screen.
 */
export function takeEarlySignedPhotos(now = Date.now()): Promise<unknown> | undefined {
  const key = Symbol.for(EARLY_SIGNED_PHOTOS_KEY);
  const early = Reflect.get(globalThis, key) as EarlySignedPhotos | undefined;
  if (!early) return undefined;
  Reflect.deleteProperty(globalThis, key);
  return now - early.sentAt <= EARLY_SCREEN_DATA_MAX_AGE_MS ? early.body : undefined;
}
