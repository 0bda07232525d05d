import { useCallback, useEffect, useMemo, useSyncExternalStore } from 'react';
import { getDataConfig, useSupabase } from '@snapshire/data';
import { PhotoSigner, type SignPhotosClient } from './photoSigner.ts';
import { photoRenditions, signedUrlCache, type PhotoRef } from './signedPhotoUrl.ts';

/** The one signer of this remote: every photo on screen, and every page of posts, batched together. */
export const photoSigner = new PhotoSigner({ cache: signedUrlCache, projectUrl: () => getDataConfig().supabaseUrl });

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
 * Signs a page of posts in one request as soon as the page is known (call it with the posts a list shows,
 * growing as pages arrive): only photos not signed yet are asked for, so each new page costs one request,
 * however its tiles later come and go on screen.
 */
export function useSignedPhotoPage(photos: readonly PhotoRef[]): void {
  const supabase: SignPhotosClient = useSupabase();
  useEffect(() => {
    if (photos.length > 0) photoSigner.request(supabase, photos);
  }, [supabase, photos]);
}

/** The signed URLs of a photo at every width step, from the shared cache or the next batch. */
export function useSignedPhoto(photo: PhotoRef): SignedPhotoState {
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
  const snapshot = useSyncExternalStore(subscribe, () =>
    keys.map((key) => signedUrlCache.reusableUrl(key) ?? (signedUrlCache.get(key)?.error ? '!' : '')).join('\n'),
  );

  useEffect(() => {
    photoSigner.request(supabase, [photo]);
  }, [supabase, photo]);

  const renew = useCallback(() => {
    for (const key of keys) signedUrlCache.invalidate(key);
    photoSigner.request(supabase, [photo]);
  }, [keys, supabase, photo]);

  return useMemo(() => {
    const values = snapshot.split('\n');
    const signed: SignedRenditionUrl[] = [];
    renditions.forEach((r, i) => {
      const url = values[i];
      if (url && url !== '!') signed.push({ width: r.transform.width, height: r.transform.height, url });
    });
    const failed = signed.length === 0 && values.length > 0 && values.every((v) => v === '!');
    const error = failed ? signedUrlCache.get(keys[0]!)?.error : undefined;
    return error ? { renditions: signed, error, renew } : { renditions: signed, renew };
  }, [snapshot, renditions, keys, renew]);
}
