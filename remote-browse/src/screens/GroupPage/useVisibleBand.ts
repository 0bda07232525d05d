import { useCallback, useSyncExternalStore, type RefObject } from 'react';
import { onViewportChange } from './onViewportChange.ts';

/**
 * The vertical band of an element, in its own pixels from its top, that is on screen or within `margin` of
 * it: what a virtualised list renders. Values move in steps of `step` so scrolling re-renders only every
 * `step` pixels, and stay fixed while the element is far off screen (no work for days far away).
 * Before the element is laid out (first render) it is taken to start at the top of the viewport.
 */
export interface VisibleBand {
  from: number;
  to: number;
}

const DEFAULT_STEP = 200;

/** The band's start (its end follows from the viewport), stepped and clamped to the element's height. */
export function bandStart(
  elementTop: number,
  viewportHeight: number,
  height: number,
  margin: number,
  step = DEFAULT_STEP,
): number {
  const span = viewportHeight + 2 * margin;
  const raw = -elementTop - margin;
  const stepped = Math.floor(raw / step) * step;
  return Math.min(Math.max(stepped, -span - step), Math.ceil(height / step) * step + step);
}

export function bandFromStart(start: number, viewportHeight: number, margin: number, step = DEFAULT_STEP): VisibleBand {
  return { from: start, to: start + viewportHeight + 2 * margin + step };
}

export function useVisibleBand(ref: RefObject<HTMLElement | null>, height: number, margin: number): VisibleBand {
  const viewportHeight = typeof window === 'undefined' ? 900 : window.innerHeight;
  const getSnapshot = useCallback(() => {
    const element = ref.current;
    const top = element ? element.getBoundingClientRect().top : 0;
    return bandStart(top, window.innerHeight, height, margin);
  }, [ref, height, margin]);
  const start = useSyncExternalStore(onViewportChange, getSnapshot, () => bandStart(0, viewportHeight, height, margin));
  return bandFromStart(start, viewportHeight, margin);
}
