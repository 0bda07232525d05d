/**
 * The shell as the page's HTML carries it: the layout (top bar, a screen-high content area, the footer) drawn
 * by its own components at build time, in the state the app's first render draws it in (the stored session
 * not read yet, so its controls hold their room, hidden), with the component styles Emotion wrote for it, and
 * in it the landing page's text, kept only at the home address. It paints from the HTML, before any script
 * has arrived; the app's first render replaces it with the same boxes (React empties the root on its first
 * commit, and Emotion takes the styles over instead of writing them again). host/build/prerenderShellPlugin.ts
 * writes it into index.html; e2e/tests/shell-html.spec.ts compares the two.
 *
 * Rendered twice, since the room the top bar keeps differs for a device that holds a stored session: the
 * page's first script marks <html> with STORED_SESSION_ATTRIBUTE when it does (earlyRemote.ts), and the other
 * variant is removed before the first paint.
 */
import { DataProvider, disposeData } from '@snapshire/data';
import { UiProvider } from '@snapshire/ui';
import { takeEmotionStyles, withoutThemeScript } from '../../packages/ui/build/staticRender.ts';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router-dom';
import { ROUTES } from '@snapshire/contracts';
import { LandingPage } from '../src/features/landing/LandingPage.tsx';
import { Layout } from '../src/features/layout/Layout.tsx';
import { NAV_LINK_ATTRIBUTE } from '../src/features/layout/TopBar.tsx';
import { RuntimeConfigProvider, withDefaults } from '../src/app/runtimeConfig.tsx';
import { STORED_SESSION_ATTRIBUTE } from '../src/app/runtimeConfigElement.ts';
import { READY, VARIANT } from './shellMarkers.ts';

/** On a screen drawn for one address: removed, before the first paint, from the page at any other. */
const FOR_ADDRESS = 'data-shell-for';

/** The variant not for this device (the stored-session mark is set on <html> before the body is parsed). */
const UNUSED_VARIANT =
  `html[${STORED_SESSION_ATTRIBUTE}] [${VARIANT}="signed-out"],` +
  `html:not([${STORED_SESSION_ATTRIBUTE}]) [${VARIANT}="signed-in"]`;
const SHELL_VARIANT_CSS = `[${VARIANT}]{display:none}[${VARIANT}][${READY}]{display:contents}`;

/** What the script after the variants (showShellEntry.ts, bundled by prerenderShellPlugin.ts) looks for. */
export const SHELL_MARKERS = {
  unusedVariant: UNUSED_VARIANT,
  forAddress: FOR_ADDRESS,
  navLink: NAV_LINK_ATTRIBUTE,
  variant: VARIANT,
  ready: READY,
};

/** The layout at the home page's address, with the landing page (the host's own screen, text only) in it. */
async function renderLayout(): Promise<string> {
  const routes = [
    {
      element: <Layout />,
      children: [
        {
          path: ROUTES.HOME,
          element: (
            <div {...{ [FOR_ADDRESS]: ROUTES.HOME }} style={{ display: 'contents' }}>
              <LandingPage />
            </div>
          ),
        },
      ],
    },
  ];
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(`http://localhost${ROUTES.HOME}`));
  if (context instanceof Response) throw new Error('The shell route answered with a redirect.');
  const router = createStaticRouter(handler.dataRoutes, context);
  // The page's own backend and remotes come from its runtime config; nothing drawn here depends on them.
  const config = withDefaults({ supabaseUrl: 'http://localhost', supabaseAnonKey: 'prerender', remotes: {} });
  try {
    return withoutThemeScript(
      renderToString(
        <RuntimeConfigProvider config={config}>
          <UiProvider>
            <DataProvider config={config}>
              <StaticRouterProvider router={router} context={context} hydrate={false} />
            </DataProvider>
          </UiProvider>
        </RuntimeConfigProvider>,
      ),
    );
  } finally {
    disposeData();
  }
}

/** A storage that holds a session under every key, for the signed-in variant (the session is only counted). */
const storageWithSession = { getItem: () => '{}' } as Pick<Storage, 'getItem'>;

/**
 * The two variants of the shell, each in its wrapper; the script that shows the one for this device, once
 * whole, goes after them (prerenderShellPlugin.ts).
 */
export async function renderShell(): Promise<string> {
  const signedOut = await renderLayout();
  const globals = globalThis as { localStorage?: Pick<Storage, 'getItem'> };
  const storage = globals.localStorage;
  globals.localStorage = storageWithSession;
  let signedIn: string;
  try {
    signedIn = await renderLayout();
  } finally {
    globals.localStorage = storage;
  }
  // Once for both, before them: Emotion's cache moves every one of them into <head> when the app starts.
  const styles = new Set<string>();
  const [signedOutHtml, signedInHtml] = [takeEmotionStyles(signedOut, styles), takeEmotionStyles(signedIn, styles)];
  return (
    `<style>${SHELL_VARIANT_CSS}</style>${[...styles].join('')}` +
    `<div ${VARIANT}="signed-out">${signedOutHtml}</div><div ${VARIANT}="signed-in">${signedInHtml}</div>`
  );
}
