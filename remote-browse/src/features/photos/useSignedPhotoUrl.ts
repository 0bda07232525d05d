import { useCallback, useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import { useSupabase } from '@snapshire/data';
import {
  photoCacheKey,
  photoTransform,
  requestSignedPhotoUrl,
  signedUrlCache,
  type PhotoRef,
  type PhotoStorageClient,
} from './signedPhotoUrl.ts';

export interface SignedPhotoUrlState {
  /** The URL to show, once signed. */
  url?: string;
  /** 'Failed to fetch signed URL' when storage refused or failed. */
  error?: string;
  /** Drops the URL and signs a new one (for an image that failed to load). */
  renew: () => void;
}

const noopUnsubscribe = () => {};

/**
 * A signed URL for the photo at most `maxWidth` pixels wide, from the shared cache or from storage.
 * `maxWidth` null means "not yet" (the photo is off-screen or its size is not known).
 */
export function useSignedPhotoUrl(photo: PhotoRef, maxWidth: number | null): SignedPhotoUrlState {
  const supabase: PhotoStorageClient = useSupabase();
  const transform = useMemo(
    () => (maxWidth === null ? null : photoTransform(photo, maxWidth)),
    [photo, maxWidth],
  );
  const key = transform ? photoCacheKey(photo, transform) : null;

  const subscribe = useCallback(
    (listener: () => void) => (key ? signedUrlCache.subscribe(key, listener) : noopUnsubscribe),
    [key],
  );
  const entry = useSyncExternalStore(subscribe, () => (key ? signedUrlCache.get(key) : undefined));

  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    if (!key || !transform) return;
    void signedUrlCache.resolve(key, () => requestSignedPhotoUrl(supabase, photo, transform));
  }, [key, transform, supabase, photo, attempt]);

  const renew = useCallback(() => {
    if (!key) return;
    signedUrlCache.invalidate(key);
    setAttempt((n) => n + 1);
  }, [key]);

  if (entry?.error) return { error: entry.error, renew };
  return { url: entry && key ? signedUrlCache.reusableUrl(key) : undefined, renew };
}
