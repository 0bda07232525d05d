import { useEffect, useState, type RefObject } from 'react';

/** Which ends of a sideways-scrolling row have content out of sight. */
export interface HiddenEdges {
  start: boolean;
  end: boolean;
}

/** Width of the fade that says "more this way", in CSS px. */
const FADE_PX = 32;

/** The ends of the row with content beyond them, from its scroll position (1 px of rounding allowed). */
export function hiddenEdges(box: { scrollLeft: number; scrollWidth: number; clientWidth: number }): HiddenEdges {
  const overflow = box.scrollWidth - box.clientWidth;
  return { start: overflow > 1 && box.scrollLeft > 1, end: overflow > 1 && box.scrollLeft < overflow - 1 };
}

/** A mask that fades the row out at each end with more beyond it, or none when all of it shows. */
export function edgeFadeMask(edges: HiddenEdges): string | undefined {
  if (!edges.start && !edges.end) return undefined;
  const from = edges.start ? `transparent 0, black ${FADE_PX}px` : 'black 0';
  const to = edges.end ? `black calc(100% - ${FADE_PX}px), transparent 100%` : 'black 100%';
  return `linear-gradient(to right, ${from}, ${to})`;
}

/**
 * The row's hidden ends, kept current as it scrolls and as it or its content changes size; `content` changes
 * when the row's items do (the row may not exist until they have loaded).
 */
export function useHiddenEdges(ref: RefObject<HTMLElement | null>, content: unknown): HiddenEdges {
  const [edges, setEdges] = useState<HiddenEdges>({ start: false, end: false });
  useEffect(() => {
    const row = ref.current;
    if (!row) return;
    const update = () =>
      setEdges((was) => {
        const now = hiddenEdges(row);
        return now.start === was.start && now.end === was.end ? was : now;
      });
    update();
    row.addEventListener('scroll', update, { passive: true });
    const resized = typeof ResizeObserver === 'undefined' ? undefined : new ResizeObserver(update);
    resized?.observe(row);
    for (const child of row.children) resized?.observe(child);
    return () => {
      row.removeEventListener('scroll', update);
      resized?.disconnect();
    };
  }, [ref, content]);
  return edges;
}
