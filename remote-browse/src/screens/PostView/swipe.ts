import { useCallback, useRef, type TouchEvent as ReactTouchEvent } from 'react';

/** A finger's travel that counts as a swipe, in CSS px, and how much more along its axis than across it. */
export const SWIPE_MIN_PX = 50;
const SWIPE_AXIS_RATIO = 1.5;

export type Swipe = 'left' | 'right' | 'down' | 'up';

/** The swipe a finger made from `start` to `end`, or null for a tap, a scroll-like diagonal or a short move. */
export function swipeBetween(start: { x: number; y: number }, end: { x: number; y: number }): Swipe | null {
  const dx = end.x - start.x;
  const dy = end.y - start.y;
  if (Math.abs(dx) >= SWIPE_MIN_PX && Math.abs(dx) >= SWIPE_AXIS_RATIO * Math.abs(dy)) return dx < 0 ? 'left' : 'right';
  if (Math.abs(dy) >= SWIPE_MIN_PX && Math.abs(dy) >= SWIPE_AXIS_RATIO * Math.abs(dx)) return dy > 0 ? 'down' : 'up';
  return null;
}

/**
 * Touch handlers that call `onSwipe` for a one-finger swipe on the element they are given to. Touch events,
 * not pointer events: a vertical move that scrolls cancels the pointer but still ends its touch. The second
 * argument says whether the content had been scrolled when the finger went down (a swipe down then scrolls
 * rather than closes). React's own handlers, so a re-rendered or remounted element keeps them.
 */
export function useSwipe(onSwipe: (swipe: Swipe, scrolledAtStart: boolean) => void) {
  const start = useRef<{ x: number; y: number; scrolled: boolean } | null>(null);
  const onTouchStart = useCallback((event: ReactTouchEvent<HTMLElement>) => {
    // React passes on the touches of what is portaled over the element too (a dialog opened from it): those
    // are that dialog's, never a swipe of this element.
    const own = event.target instanceof Node && event.currentTarget.contains(event.target);
    const touch = own && event.touches.length === 1 ? event.touches[0] : undefined;
    start.current = touch
      ? { x: touch.clientX, y: touch.clientY, scrolled: scrolledWithin(event.currentTarget) }
      : null;
  }, []);
  const onTouchEnd = useCallback(
    (event: ReactTouchEvent<HTMLElement>) => {
      const from = start.current;
      const touch = event.changedTouches[0];
      if (!from || !touch || event.touches.length > 0) return;
      start.current = null;
      const swipe = swipeBetween(from, { x: touch.clientX, y: touch.clientY });
      if (swipe) onSwipe(swipe, from.scrolled);
    },
    [onSwipe],
  );
  const onTouchCancel = useCallback(() => {
    start.current = null;
  }, []);
  return { onTouchStart, onTouchEnd, onTouchCancel };
}

/** Whether the element or a box around it (up to the dialog, not the page under it) is scrolled down. */
function scrolledWithin(element: HTMLElement): boolean {
  for (let box: HTMLElement | null = element; box && box !== document.body; box = box.parentElement) {
    if (box.scrollTop > 0) return true;
    if (box.dataset.part === 'positioner') break;
  }
  return false;
}
