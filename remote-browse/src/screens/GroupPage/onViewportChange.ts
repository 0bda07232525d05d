/**
 * Calls `onChange` at most once a frame after the window scrolls or resizes (and in the next frame at once
 * when `initially`), for what follows the viewport: the visible band, the reserved height, the next page.
 * Returns the unsubscribe.
 */
export function onViewportChange(onChange: () => void, { initially = false } = {}): () => void {
  let frame = 0;
  const schedule = () => {
    if (frame) return;
    frame = requestAnimationFrame(() => {
      frame = 0;
      onChange();
    });
  };
  if (initially) schedule();
  window.addEventListener('scroll', schedule, { passive: true });
  window.addEventListener('resize', schedule);
  return () => {
    cancelAnimationFrame(frame);
    window.removeEventListener('scroll', schedule);
    window.removeEventListener('resize', schedule);
  };
}
