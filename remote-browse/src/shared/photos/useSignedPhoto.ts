import { useCallback, useEffect, useMemo, useSyncExternalStore } from 'react';
import { getDataConfig, signedPhotosIn, useSupabase } from '@snapshire/data';
import { PhotoSigner, type SignPhotosClient } from './photoSigner.ts';
import { photoRenditions, renditionFor, widthStepFor, type PhotoRef } from './renditions.ts';
import { signedUrlCache } from './sharedSignedUrlCache.ts';

const devicePixelRatio = () => (typeof window === 'undefined' ? 1 : window.devicePixelRatio || 1);

/**
 * Sign-photos answers are checked by the page's copy of @snapshire/data, with the zod the host loads anyway. A
 * host from before that check provides none: this remote's own copy of it is loaded then, and only then.
 */
const checkedSignedPhotos = (answer: unknown) =>
  typeof signedPhotosIn === 'function'
    ? signedPhotosIn(answer)
    : import('@snapshire/data/signed-photos').then((own) => own.signedPhotosIn(answer));

/** The one signer of this remote: every photo on screen, and every page of posts, batched together. */
export const photoSigner = new PhotoSigner({
  cache: signedUrlCache,
  projectUrl: () => getDataConfig().supabaseUrl,
  signedPhotosIn: checkedSignedPhotos,
});

export interface SignedRenditionUrl {
  width: number;
  height: number;
  url: string;
}

export interface SignedPhotoState {
  /** The signed sizes of the photo, narrowest first; empty until signed. */
  renditions: SignedRenditionUrl[];
  /** 'Failed to fetch signed URL' when no size could be signed. */
  error?: string;
  /** Drops the photo's URLs and signs new ones (for an image that failed to load). */
  renew: () => void;
}

/**
 * Signs photos at the widths they are shown at, in the next batch (one request per page of posts), and
 * returns the withdrawal of that ask: a whole layout at once, whichever of its tiles are on screen, so a page of posts costs one request however its
 * tiles later come and go, and each photo one signature, at the step its tile needs on this screen.
 */
export function useSignPhotosAt(): (photos: readonly PhotoRef[], displayWidths: readonly number[]) => () => void {
  const supabase: SignPhotosClient = useSupabase();
  return useCallback(
    (photos, displayWidths) => {
      const byStep = new Map<number, PhotoRef[]>();
      photos.forEach((photo, index) => {
        const step = widthStepFor(displayWidths[index] ?? 0, devicePixelRatio());
        byStep.set(step, [...(byStep.get(step) ?? []), photo]);
      });
      const asks = [...byStep].map(([step, group]) => photoSigner.request(supabase, group, [step]));
      // The withdrawal of these asks, for a layout redone before the batch goes.
      return () => asks.forEach((withdraw) => withdraw());
    },
    [supabase],
  );
}

/**
 * The signed URLs of a photo: every width step already signed (from the shared cache), and the one its shown
 * width needs on this screen asked for in the next batch when missing.
 */
export function useSignedPhoto(photo: PhotoRef, displayWidth: number): SignedPhotoState {
  const supabase: SignPhotosClient = useSupabase();
  const renditions = useMemo(() => photoRenditions(photo), [photo]);
  const keys = useMemo(() => renditions.map((r) => r.key), [renditions]);

  const subscribe = useCallback(
    (listener: () => void) => {
      const unsubscribe = keys.map((key) => signedUrlCache.subscribe(key, listener));
      return () => unsubscribe.forEach((u) => u());
    },
    [keys],
  );
  // A string snapshot (stable while nothing changes) of the URLs and failures of the photo's keys.
  const snapshot = useSyncExternalStore(
    subscribe,
    () => keys.map((key) => signedUrlCache.reusableUrl(key) ?? (signedUrlCache.get(key)?.error ? '!' : '')).join('\n'),
    // Drawn at build time (the group page's first render): nothing is signed yet.
    () => '',
  );

  const step = widthStepFor(displayWidth, devicePixelRatio());
  // Withdrawn if the tile is laid out again at another width (or goes) before the batch is sent.
  useEffect(() => photoSigner.request(supabase, [photo], [step]), [supabase, photo, step]);

  const renew = useCallback(() => {
    for (const key of keys) signedUrlCache.invalidate(key);
    photoSigner.request(supabase, [photo], [step]);
  }, [keys, supabase, photo, step]);

  return useMemo(() => {
    const values = snapshot.split('\n');
    const signed: SignedRenditionUrl[] = [];
    renditions.forEach((r, i) => {
      const url = values[i];
      if (url && url !== '!') signed.push({ width: r.transform.width, height: r.transform.height, url });
    });
    const neededKey = renditionFor(photo, step).key;
    const error = signed.length === 0 ? signedUrlCache.get(neededKey)?.error : undefined;
    return error ? { renditions: signed, error, renew } : { renditions: signed, renew };
  }, [snapshot, renditions, photo, step, renew]);
}
