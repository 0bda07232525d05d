/**
 * React Router names the history entry a document opens on "default" unless history.state carries a key,
 * and <ScrollRestoration> keeps positions per key for the whole tab: every page opened by its address (typed,
 * bookmarked, linked from elsewhere) in a tab that scrolled an earlier page would open at that page's place.
 * Giving that entry a key of its own in history.state, before the router reads it, makes it like every other
 * entry: a new one starts at its top, and a reload (which keeps history.state) finds its own place again.
 */
export function giveFirstEntryItsOwnKey(history: History = window.history): void {
  const state: unknown = history.state;
  if (typeof state === 'object' && state !== null && typeof (state as { key?: unknown }).key === 'string') return;
  const key = Math.random().toString(36).slice(2, 10);
  history.replaceState({ ...(typeof state === 'object' && state !== null ? state : {}), key }, '');
}
