import { useSyncExternalStore } from 'react';

function subscribe(onChange: () => void): () => void {
  window.addEventListener('resize', onChange);
  return () => window.removeEventListener('resize', onChange);
}

/** The window's inner width (what the masonry breakpoints refer to), updated on resize. */
export function useViewportWidth(fallback = 1024): number {
  return useSyncExternalStore(
    subscribe,
    () => window.innerWidth,
    () => fallback,
  );
}
