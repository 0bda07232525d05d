/**
 * A remote screen's first render (ScreenQuery.firstRender in @snapshire/contracts), drawn at build time inside
 * what the host gives a screen on the page (the design system, the page's data and session, a router at the
 * screen's route): its loading state, before the session is read and before any answer has come. Loaded in a
 * Vite SSR server by firstRenderer.ts, which is what a remote's build passes to screenDataPlugin.
 */
import type { FirstRender } from '@snapshire/contracts';
import { DataProvider, disposeData } from '@snapshire/data';
import { UiProvider } from '@snapshire/ui';
import type { ComponentType } from 'react';
import { renderToString } from 'react-dom/server';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { takeEmotionStyles, withoutThemeScript } from '../../ui/build/staticRender.ts';

/** Nothing is fetched while drawing: the client is created and disposed unused. */
const CONFIG = { supabaseUrl: 'http://localhost', supabaseAnonKey: 'first-render' };

/** `Screen` drawn at `route` (a route pattern: a parameter's value is its own name, unused by a loading state). */
export function renderFirst(Screen: ComponentType, route: string): FirstRender {
  try {
    const html = withoutThemeScript(
      renderToString(
        <UiProvider>
          <DataProvider config={CONFIG}>
            <MemoryRouter initialEntries={[route]}>
              <Routes>
                <Route path={route} element={<Screen />} />
              </Routes>
            </MemoryRouter>
          </DataProvider>
        </UiProvider>,
      ),
    );
    const styles = new Set<string>();
    const body = takeEmotionStyles(html, styles);
    return { html: body, css: [...styles].join('') };
  } finally {
    disposeData();
  }
}
