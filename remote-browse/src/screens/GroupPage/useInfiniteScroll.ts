import { useEffect, useState, type RefObject } from 'react';
import { onViewportChange } from './onViewportChange.ts';

/**
 * Calls `onLoadMore` while the sentinel is less than `screensAhead` screens below the viewport, or anywhere
 * above it (a reader who jumped past the loaded photos into the space reserved for the rest), and more can be
 * loaded. It asks again after each page as long as that still holds (a filtered page may add few photos; a
 * jump may need many pages). Read from the sentinel's position on scroll rather than an IntersectionObserver,
 * which says nothing when a jump carries the sentinel from below the viewport to above it in one go.
 */
export function useInfiniteScroll(
  sentinel: RefObject<Element | null>,
  {
    enabled,
    busy,
    onLoadMore,
    screensAhead = 1.3,
  }: { enabled: boolean; busy: boolean; onLoadMore: () => void; screensAhead?: number },
): void {
  const [near, setNear] = useState(false);
  useEffect(() => {
    const element = sentinel.current;
    // Watched afresh after each page (busy turns false): the first reading says where the sentinel is now.
    if (!element || !enabled || busy) return;
    const stop = onViewportChange(
      () => setNear(element.getBoundingClientRect().top < window.innerHeight * (1 + screensAhead)),
      { initially: true },
    );
    return () => {
      stop();
      setNear(false); // until the next reading: never a page on a stale one
    };
  }, [sentinel, enabled, busy, screensAhead]);

  useEffect(() => {
    if (near && enabled && !busy) onLoadMore();
  }, [near, enabled, busy, onLoadMore]);
}
