// The DOM test setup every React workspace shares (jest-dom matchers, cleanup, jsdom gaps).
import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

afterEach(() => cleanup());

// Screens answer from a real backend, and `npm test` keeps both cores of a shared machine busy: a dialog
// that renders in 50 ms alone took over the default 1 s in a fresh-clone CI run (RemoteSlot.test.tsx).
configure({ asyncUtilTimeout: 10_000 });

// jsdom lacks matchMedia, which next-themes (system theme) and the landing page read.
// (Files that run in the node environment, `// @vitest-environment node`, have no window at all.)
if (typeof window !== 'undefined' && !window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addEventListener: () => {},
      removeEventListener: () => {},
      addListener: () => {},
      removeListener: () => {},
      dispatchEvent: () => false,
    }) as MediaQueryList;
}

// jsdom lacks ResizeObserver, which Chakra's positioned parts (menus, popovers) use.
if (!('ResizeObserver' in globalThis)) {
  class ResizeObserverStub {
    observe() {}
    unobserve() {}
    disconnect() {}
  }
  globalThis.ResizeObserver = ResizeObserverStub as unknown as typeof ResizeObserver;
}

// jsdom's WebSocket (undici's) hands jsdom's Event to Node's EventTarget and throws as soon as a socket opens:
// supabase-js channels (live screens, remote-browse/src/shared/live) use the ws package instead, as they do
// on Node outside a browser.
if (typeof window !== 'undefined') {
  const { WebSocket: NodeWebSocket } = await import('ws');
  globalThis.WebSocket = NodeWebSocket as unknown as typeof WebSocket;
  window.WebSocket = globalThis.WebSocket;
}
