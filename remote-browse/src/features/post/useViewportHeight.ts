import { useSyncExternalStore } from 'react';

function subscribe(onChange: () => void): () => void {
  window.addEventListener('resize', onChange);
  return () => window.removeEventListener('resize', onChange);
}

/** The window's inner height (what a photo must fit in), updated on resize and rotation. */
export function useViewportHeight(fallback = 800): number {
  return useSyncExternalStore(
    subscribe,
    () => window.innerHeight,
    () => fallback,
  );
}
