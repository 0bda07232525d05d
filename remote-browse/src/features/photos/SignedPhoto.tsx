import { useEffect, useRef, useState } from 'react';
import { Box, type BoxProps } from '@chakra-ui/react';
import { requestWidthFor, type PhotoRef } from './signedPhotoUrl.ts';
import { useNearViewport } from './useNearViewport.ts';
import { useSignedPhotoUrl } from './useSignedPhotoUrl.ts';

export interface SignedPhotoProps extends Omit<BoxProps, 'aspectRatio'> {
  photo: PhotoRef;
  alt: string;
  /** CSS pixels the photo is shown at: the image is requested at this size (x device pixels), not at 1230. */
  displayWidth: number;
  /** Load at once instead of when scrolled near (the first photos of a screen). */
  eager?: boolean;
  /** Ask the browser to fetch this one first (the likely largest paint). */
  priority?: boolean;
  /** Box shape; default the photo's own, so the space is reserved before the image arrives. */
  aspectRatio?: number;
  objectFit?: 'cover' | 'contain';
}

const MAX_IMAGE_RETRIES = 2;

/**
 * A stored photo through a signed, transformed URL. The box keeps its final size from the first paint
 * (no layout shift); a photo whose URL cannot be signed stays an empty box (docs/product.md, "Signed image URLs").
 */
export function SignedPhoto({
  photo,
  alt,
  displayWidth,
  eager = false,
  priority = false,
  aspectRatio,
  objectFit = 'cover',
  ...boxProps
}: SignedPhotoProps) {
  const ref = useRef<HTMLDivElement>(null);
  const near = useNearViewport(ref, eager);
  const devicePixelRatio = typeof window === 'undefined' ? 1 : window.devicePixelRatio || 1;
  const maxWidth = near && displayWidth > 0 ? requestWidthFor(displayWidth, devicePixelRatio) : null;
  const { url, error, renew } = useSignedPhotoUrl(photo, maxWidth);
  // An image that fails to load (an expired or refused URL, a server hiccup) gets a fresh URL, twice at most;
  // after that the box stays empty rather than showing a broken image.
  const [loadFailures, setLoadFailures] = useState(0);
  const broken = loadFailures > MAX_IMAGE_RETRIES;
  const retryTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(retryTimer.current), []);
  const onImageError = () => {
    const failures = loadFailures + 1;
    setLoadFailures(failures);
    if (failures <= MAX_IMAGE_RETRIES) retryTimer.current = setTimeout(renew, 300 * failures);
  };
  const ratio = aspectRatio ?? (photo.meta_width > 0 && photo.meta_height > 0 ? photo.meta_width / photo.meta_height : 1);

  return (
    <Box
      ref={ref}
      position="relative"
      width="full"
      aspectRatio={ratio}
      bg="bg.muted"
      overflow="hidden"
      data-photo-state={error || broken ? 'failed' : url ? 'signed' : 'pending'}
      {...boxProps}
    >
      {url && !error && !broken ? (
        <img
          src={url}
          alt={alt}
          loading={eager ? 'eager' : 'lazy'}
          fetchPriority={priority ? 'high' : 'auto'}
          decoding={eager ? 'auto' : 'async'}
          width={photo.meta_width}
          height={photo.meta_height}
          onError={onImageError}
          style={{ position: 'absolute', inset: 0, width: '100%', height: '100%', objectFit, display: 'block' }}
        />
      ) : null}
    </Box>
  );
}
