/**
 * A screen's first render, as the page's first script left it (earlyRemote.ts, from the remote's
 * screen-data.json): the screen's slot shows it while the screen's code loads, in the same element the first
 * script drew it in, so the title and text painted from it stay where they are when React takes the page over.
 */
import { EARLY_FIRST_RENDER_EVENT, EARLY_FIRST_RENDER_KEY, type EarlyFirstRender } from '@snapshire/contracts';
import { useSyncExternalStore } from 'react';
import { FIRST_RENDER_ATTRIBUTE } from './firstRenderAttribute.ts';

function subscribe(onChange: () => void): () => void {
  window.addEventListener(EARLY_FIRST_RENDER_EVENT, onChange);
  return () => window.removeEventListener(EARLY_FIRST_RENDER_EVENT, onChange);
}

const readEarly = () => Reflect.get(window, Symbol.for(EARLY_FIRST_RENDER_KEY)) as EarlyFirstRender | undefined;

/**
 * The HTML of the first render of the screen `id` (remote/module) when the first script left one for this
 * address; undefined otherwise, and until it does.
 */
export function useEarlyFirstRender(id: string): string | undefined {
  const early = useSyncExternalStore(subscribe, readEarly, () => undefined);
  if (!early || `${early.remote}/${early.screen}` !== id || early.pathname !== window.location.pathname) return;
  return typeof early.html === 'string' ? early.html : undefined;
}

/** The first render, in the element the first script draws it in. */
export function FirstRenderHtml({ html }: { html: string }) {
  return (
    <div
      {...{ [FIRST_RENDER_ATTRIBUTE]: '' }}
      style={{ display: 'contents' }}
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
