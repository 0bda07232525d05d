import { useSyncExternalStore } from 'react';

function subscribe(onChange: () => void): () => void {
  window.addEventListener('resize', onChange);
  return () => window.removeEventListener('resize', onChange);
}

const MEASURE = { width: () => window.innerWidth, height: () => window.innerHeight };
/** What a render without a window (server, first pass) takes: a laptop's viewport. */
const FALLBACK = { width: 1024, height: 800 };

/**
 * The window's inner width (what the masonry breakpoints refer to) or inner height (what a photo must fit in),
 * updated on resize and rotation.
 */
export function useViewportSize(dimension: 'width' | 'height'): number {
  return useSyncExternalStore(subscribe, MEASURE[dimension], () => FALLBACK[dimension]);
}
