/**
 * A remote screen's first render (ScreenQuery.firstRender in @snapshire/contracts), drawn at build time inside
 * what the host gives a screen on the page (the design system, the page's data and session, a router at the
 * screen's route): its loading state, before the session is read and before any answer has come; or, for
 * ScreenQuery.firstRenderTemplate, the screen with a marked answer to its first query, handed to it as the
 * page's first script hands the real one (EarlyScreenAnswer). Loaded in a Vite SSR server by firstRenderer.ts,
 * which is what a remote's build passes to screenDataPlugin.
 */
import { EARLY_SCREEN_DATA_KEY, type EarlyScreenAnswer, type FirstRender } from '@snapshire/contracts';
import type { ScreenToRender } from '../../data/src/graphql/screenDataPlugin.ts';
import { DataProvider, disposeData } from '@snapshire/data';
import { UiProvider } from '@snapshire/ui';
import type { ComponentType } from 'react';
import { renderToString } from 'react-dom/server';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { takeEmotionStyles, withoutThemeScript } from '../../ui/build/staticRender.ts';

/** Nothing is fetched while drawing: the client is created and disposed unused. */
const CONFIG = { supabaseUrl: 'http://localhost', supabaseAnonKey: 'first-render' };

/** `Screen` drawn at `path` (an address of its route pattern `route`), with `answer` if given. */
export function renderFirst(Screen: ComponentType, { route, path, answer }: ScreenToRender): FirstRender {
  const answerKey = Symbol.for(EARLY_SCREEN_DATA_KEY);
  try {
    if (answer) {
      const early: EarlyScreenAnswer = {
        ...answer,
        sentAt: Date.now(),
        authorization: `Bearer ${CONFIG.supabaseAnonKey}`,
        body: Promise.resolve(answer.result),
      };
      Reflect.set(globalThis, answerKey, early);
    }
    const html = withoutThemeScript(
      renderToString(
        <UiProvider>
          <DataProvider config={CONFIG}>
            <MemoryRouter initialEntries={[path]}>
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
    Reflect.deleteProperty(globalThis, answerKey);
    disposeData();
  }
}
