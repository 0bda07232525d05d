/** What ends the wait for a page to grow tall enough: the person taking over, or this long. */
const PERSON_TAKES_OVER = ['wheel', 'touchstart', 'keydown', 'pointerdown'] as const;
export const FOLLOW_SAVED_POSITION_MS = 10_000;

/**
 * A reloaded page (or one a Back into the site opens anew) is rebuilt from nothing: its photos and their
 * further pages come after the first paint, so <ScrollRestoration>'s one scrollTo lands at the page's
 * height while loading (71 px down on the phone's groups list, instead of 976). This goes on following the
 * page as it grows (each further page of a gallery loads as its end comes near), down to `target`, and stops
 * there, when the person scrolls, taps or types themselves, or after FOLLOW_SAVED_POSITION_MS.
 *
 * @returns stops following early (the page is left).
 */
export function followSavedPosition(target: number): () => void {
  const page = document.documentElement;
  let following = true;
  const observer = new ResizeObserver(() => step());
  const stop = () => {
    if (!following) return;
    following = false;
    observer.disconnect();
    for (const type of PERSON_TAKES_OVER) window.removeEventListener(type, stop, true);
    clearTimeout(timer);
  };
  const step = () => {
    if (!following) return;
    const room = page.scrollHeight - window.innerHeight;
    window.scrollTo(0, Math.min(target, room));
    if (room >= target) stop();
  };
  const timer = setTimeout(stop, FOLLOW_SAVED_POSITION_MS);
  for (const type of PERSON_TAKES_OVER) window.addEventListener(type, stop, { capture: true, passive: true });
  observer.observe(page);
  step();
  return stop;
}
