import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import type { BoxProps } from '@chakra-ui/react';
import { Box } from '@snapshire/shell-components';
import { placeholderDataUrl } from './placeholder.ts';
import { fallbackRendition, widthSrcSet, type PhotoRef } from './renditions.ts';
import { useNearViewport } from './useNearViewport.ts';
import { useSignedPhoto } from './useSignedPhoto.ts';

export interface SignedPhotoProps extends Omit<BoxProps, 'aspectRatio'> {
  photo: PhotoRef;
  alt: string;
  /**
   * CSS pixels the photo is shown at: the `sizes` of its srcset, so the browser fetches the width step this
   * size needs at the screen's pixel density (not 1230 for a thumbnail).
   */
  displayWidth: number;
  /** Load at once instead of when scrolled near (the first photos of a screen). */
  eager?: boolean;
  /** Ask the browser to fetch this one first (the likely largest paint). */
  priority?: boolean;
  /** Box shape; default the photo's own, so the space is reserved before the image arrives. */
  aspectRatio?: number;
  objectFit?: 'cover' | 'contain';
  /** The post's ThumbHash (base64): painted in the box at once, the photo fading in over it when it arrives. */
  placeholder?: string | null | undefined;
}

const MAX_IMAGE_RETRIES = 2;

/** How long the photo takes to fade in over its placeholder. */
const FADE_MS = 240;

/** No fade for people who asked for less motion: the photo simply replaces its placeholder. */
let reducedMotionQuery: MediaQueryList | null | undefined;
const reducedMotion = () => {
  if (reducedMotionQuery === undefined)
    reducedMotionQuery =
      typeof window === 'undefined' ? null : (window.matchMedia?.('(prefers-reduced-motion: reduce)') ?? null);
  return reducedMotionQuery?.matches === true;
};

/**
 * A stored photo through signed, transformed URLs: a width-described srcset of its sizes (signed in batches
 * by useSignedPhoto) with `sizes` its shown width, so each screen fetches the size it needs. The box keeps
 * its final size from the first paint (no layout shift), painted with the photo's placeholder (its ThumbHash)
 * when the post has one; the photo fades in over it once loaded (at once if it was already there, as the
 * page's first script preloads the first row). A photo whose URLs cannot be signed stays its placeholder,
 * or an empty box (docs/product.md, "Signed image URLs").
 */
export function SignedPhoto({
  photo,
  alt,
  displayWidth,
  eager = false,
  priority = false,
  aspectRatio,
  objectFit = 'cover',
  placeholder,
  ...boxProps
}: SignedPhotoProps) {
  const placeholderUrl = useMemo(() => placeholderDataUrl(placeholder), [placeholder]);
  const imageRef = useRef<HTMLImageElement>(null);
  const [loaded, setLoaded] = useState(false);
  // The image element comes only near the screen: the browser's own lazy loading reaches further (1,250 px
  // and more), so on a slow link the photos below would share the bandwidth with the first screen's.
  const ref = useRef<HTMLDivElement>(null);
  const near = useNearViewport(ref, eager);
  const { renditions, error, renew } = useSignedPhoto(photo, displayWidth);
  const fallback = fallbackRendition(renditions, displayWidth);
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
  const showImage = near && !!fallback && !error && !broken;
  // A photo already in the browser's cache (or preloaded by the first script) is complete before the first
  // paint: shown at once, with no fade from its placeholder.
  useLayoutEffect(() => {
    const image = imageRef.current;
    if (showImage && image?.complete && image.naturalWidth > 0) setLoaded(true);
  }, [showImage]);
  const fade = placeholderUrl && !reducedMotion() ? `opacity ${FADE_MS}ms ease-out` : undefined;
  const ratio =
    aspectRatio ?? (photo.meta_width > 0 && photo.meta_height > 0 ? photo.meta_width / photo.meta_height : 1);

  return (
    <Box
      ref={ref}
      position="relative"
      width="full"
      aspectRatio={ratio}
      bg="bg.muted"
      overflow="hidden"
      data-photo-state={error || broken ? 'failed' : fallback ? 'signed' : 'pending'}
      data-placeholder={placeholderUrl ? 'thumbhash' : undefined}
      data-photo-loaded={loaded ? 'true' : undefined}
      // The placeholder stays under the photo: the photo fades in over it, and covers it once shown.
      style={placeholderUrl ? { backgroundImage: `url("${placeholderUrl}")`, backgroundSize: '100% 100%' } : undefined}
      {...boxProps}
    >
      {showImage ? (
        <img
          ref={imageRef}
          src={fallback.url}
          srcSet={widthSrcSet(renditions)}
          sizes={`${Math.max(1, Math.round(displayWidth))}px`}
          alt={alt}
          loading={eager ? 'eager' : 'lazy'}
          fetchPriority={priority ? 'high' : 'auto'}
          decoding={eager ? 'auto' : 'async'}
          width={photo.meta_width}
          height={photo.meta_height}
          onLoad={() => setLoaded(true)}
          onError={onImageError}
          style={{
            position: 'absolute',
            inset: 0,
            width: '100%',
            height: '100%',
            objectFit,
            display: 'block',
            // Over a placeholder the photo starts transparent and fades in once it has loaded.
            ...(placeholderUrl && { opacity: loaded ? 1 : 0, transition: fade }),
          }}
        />
      ) : null}
    </Box>
  );
}
