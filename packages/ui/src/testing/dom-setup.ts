// The DOM test setup every React workspace shares (jest-dom matchers, cleanup, jsdom gaps).
import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

afterEach(() => cleanup());

// Test files share one jsdom page and module graph (isolate: false, componentTestConfig.ts): this file runs
// again before each of them, so each starts from the page a fresh jsdom gives, whatever the file before left.
if (typeof window !== 'undefined') {
  // A session stored by one file's sign-in would be another file's stored session: every component backend
  // is on 127.0.0.1, so they share supabase-js's storage key (authStorageKey, packages/contracts/src/screen-data.ts).
  // Also the theme ColorModeToggle.test.tsx stores, and what scroll restoration keeps in sessionStorage.
  localStorage.clear();
  sessionStorage.clear();
  // The address (jsdom's first one, at the same origin): supabase-js and DataProvider read the page's URL
  // (an auth link's fragment), and tests that set a path leave it behind (earlyRemote.test.ts).
  window.history.replaceState(null, '', '/');
  // What next-themes (class, color-scheme) and the first script (stored-session attribute) put on <html>.
  for (const { name } of [...document.documentElement.attributes]) document.documentElement.removeAttribute(name);
  // <head> is left as it is: Emotion's style cache (Chakra) is a module the files share, and it holds the <style>
  // elements it inserted there; a test removes only what it added (earlyRemote.test.ts).
}

// Screens answer from a real backend, and `npm test` keeps both cores of a shared machine busy: a dialog
// that renders in 50 ms alone took over the default 1 s in a fresh-clone CI run (RemoteSlot.test.tsx); a
// sign-in that answers in 0.6 s alone went past 10 s in another (AuthScreen.test.tsx). A limit on a hang,
// not a speed check (the benches measure speed), within every test's own limit (20 s and up).
configure({ asyncUtilTimeout: 20_000 });

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

// jsdom has no BroadcastChannel, so supabase-js takes Node's, which joins every auth client on the same storage
// key (above) in the process: those of the files before in the same worker, and those of a file running beside
// it in another worker thread, which would hear this file's sign-in (SIGNED_IN with its session) as if from
// another tab. One tab per file; no test uses the multi-tab path (createApolloClient.test.ts plays another tab's
// event to the client's listener).
if (typeof window !== 'undefined' && 'BroadcastChannel' in globalThis) {
  Object.defineProperty(globalThis, 'BroadcastChannel', { value: undefined, configurable: true, writable: true });
}

// jsdom's WebSocket (undici's) hands jsdom's Event to Node's EventTarget and throws as soon as a socket opens:
// supabase-js channels (live screens, remote-browse/src/shared/live) use the ws package instead, as they do
// on Node outside a browser.
if (typeof window !== 'undefined') {
  const { WebSocket: NodeWebSocket } = await import('ws');
  globalThis.WebSocket = NodeWebSocket as unknown as typeof WebSocket;
  window.WebSocket = globalThis.WebSocket;
}
