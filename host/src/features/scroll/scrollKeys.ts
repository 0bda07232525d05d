import { isPostModalState } from '@snapshire/contracts';
import type { Location } from 'react-router-dom';

/** What <ScrollRestoration getKey> is given; only the history entry's key and state matter here. */
export type ScrollKeyLocation = Pick<Location, 'key' | 'state'>;

/**
 * The keys <ScrollRestoration> saves and restores window positions under. Every history entry has its own
 * (the entry's location.key): a page reached by a link or a redirect has no saved position and starts at its
 * top, while Back and Forward return each entry to the place it had when it was left.
 *
 * A post opened from the gallery is a modal over the group page (router state, packages/contracts), and
 * every step to the next photo replaces that entry with a new key. Those entries share the key of the page
 * under the modal, so opening the modal, moving through photos and closing it restore the very position the
 * group page had: never a scroll to the top under the modal. This lives in the host, not in the remote, so
 * a remote built before the host restored scrolling (its links set no preventScrollReset) keeps its place too.
 *
 * The router asks for the key of the page being left (to save its position) before the key of the page
 * arriving (to restore one), so the page under a modal is the last non-modal entry asked about when the modal
 * entry is first seen; the pairing is remembered, so coming Back or Forward to the modal from a page opened
 * out of it still finds the group page's position. A modal entry of another document (a reload with the modal
 * open) keeps its own key.
 */
export function createScrollKeys(): (location: ScrollKeyLocation) => string {
  let lastPage: string | null = null;
  const pageUnderModal = new Map<string, string>();
  return (location) => {
    if (!isPostModalState(location.state)) {
      lastPage = location.key;
      return location.key;
    }
    let under = pageUnderModal.get(location.key);
    if (under === undefined) {
      under = lastPage ?? location.key;
      pageUnderModal.set(location.key, under);
    }
    return under;
  };
}
