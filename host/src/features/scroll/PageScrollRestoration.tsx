import { useLayoutEffect, useRef, useState } from 'react';
import { ScrollRestoration, useLocation } from 'react-router-dom';
import { SCROLL_POSITIONS_STORAGE_KEY } from '@snapshire/contracts';
import { followSavedPosition } from './followSavedPosition.ts';
import { createScrollKeys } from './scrollKeys.ts';

/** The position saved for `key` when the document was last left, if any. */
function savedPosition(key: string): number | undefined {
  try {
    const saved: unknown = JSON.parse(sessionStorage.getItem(SCROLL_POSITIONS_STORAGE_KEY) ?? '{}');
    const y = (saved as Record<string, unknown>)[key];
    return typeof y === 'number' && y > 0 ? y : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Where each page starts: at its top when reached by a link, where it was when reached by Back or Forward,
 * and where it is when a post opens as a modal over it (scrollKeys.ts). A document opened on an entry with a
 * saved place (a reload, a Back into the site) follows the page down to it as its photos arrive
 * (followSavedPosition.ts). Rendered once, in the layout route.
 */
export function PageScrollRestoration() {
  const [getKey] = useState(createScrollKeys);
  const location = useLocation();
  // The entry the document opened on, under its scroll key; `left` once another entry has been shown, so a
  // later Back to it is <ScrollRestoration>'s alone (its position then is the one saved in this document).
  const [opening] = useState(() => ({ key: location.key, scrollKey: getKey(location) }));
  const left = useRef(false);
  // After <ScrollRestoration>'s own restore: a child's layout effects run before its parent's.
  useLayoutEffect(() => {
    if (location.key !== opening.key) {
      left.current = true;
      return;
    }
    if (left.current) return;
    const target = savedPosition(opening.scrollKey);
    return target === undefined ? undefined : followSavedPosition(target);
  }, [location.key, opening]);
  return <ScrollRestoration getKey={getKey} storageKey={SCROLL_POSITIONS_STORAGE_KEY} />;
}
