import { useEffect, useState, type RefObject } from 'react';

/**
 * Calls `onLoadMore` while the sentinel is within `margin` of the viewport and more can be loaded. It asks
 * again after each page as long as the sentinel is still near (a filtered page may add few photos).
 */
export function useInfiniteScroll(
  sentinel: RefObject<Element | null>,
  { enabled, busy, onLoadMore, margin = '1200px 0px' }: { enabled: boolean; busy: boolean; onLoadMore: () => void; margin?: string },
): void {
  const [near, setNear] = useState(false);
  useEffect(() => {
    const element = sentinel.current;
    if (!element || !enabled || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => setNear(entries.some((e) => e.isIntersecting)), {
      rootMargin: margin,
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [sentinel, enabled, margin]);

  useEffect(() => {
    if (near && enabled && !busy) onLoadMore();
  }, [near, enabled, busy, onLoadMore]);
}
