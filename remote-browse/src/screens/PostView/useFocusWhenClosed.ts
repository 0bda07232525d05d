import { useEffect, useRef, type RefObject } from 'react';

/**
 * An inline form opened by a button (Edit): when it closes, by Save or Cancel, the focus goes back to that
 * button, so keyboard and screen reader go on from where they were.
 */
export function useFocusWhenClosed(open: boolean, opener: RefObject<HTMLElement | null>): void {
  const wasOpen = useRef(false);
  useEffect(() => {
    if (open) wasOpen.current = true;
    else if (wasOpen.current) {
      wasOpen.current = false;
      opener.current?.focus();
    }
  }, [open, opener]);
}
