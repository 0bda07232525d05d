import { SIGNED_URL_STORE_KEY } from '@snapshire/contracts';
import { SignedUrlCache } from './signedUrlCache.ts';

/** The one cache every photo of this remote shares (module singleton, persisted in local storage). */
export const signedUrlCache = new SignedUrlCache({
  storageKey: SIGNED_URL_STORE_KEY,
  storage: () => (typeof window === 'undefined' ? undefined : window.localStorage),
});
// URLs signed just before the user leaves or reloads are kept too (the coalesced write waits 250 ms).
if (typeof window !== 'undefined') window.addEventListener('pagehide', () => signedUrlCache.flushPending());
