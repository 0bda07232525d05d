import { useEffect, useState, type RefObject } from 'react';

/**
 * True once the element comes within `margin` of the viewport (and stays true): off-screen photos ask for
 * their signed URL and bytes only when the user scrolls towards them. `initially` true skips the wait
 * (the first photos of a page load eagerly). Without IntersectionObserver everything counts as near.
 */
export function useNearViewport(ref: RefObject<Element | null>, initially: boolean, margin = '800px 0px'): boolean {
  const [near, setNear] = useState(initially || typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    if (near) return;
    const element = ref.current;
    if (!element) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          setNear(true);
          observer.disconnect();
        }
      },
      { rootMargin: margin },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [near, ref, margin]);
  return near;
}
