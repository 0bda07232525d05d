/**
 * What a remote's build passes to screenDataPlugin (packages/data/src/graphql/screenDataPlugin.ts) to publish
 * its screens' first renders: each screen's module drawn by firstRender.tsx, in a Vite SSR server rooted at the
 * remote's folder (so the screen's imports resolve as the remote's build resolves them).
 */
import type { ComponentType } from 'react';
import type { RenderScreensFirst } from '../../data/src/graphql/screenDataPlugin.ts';
import { withSsrLoader } from '../../ui/build/ssrLoader.ts';
import type * as FirstRender from './firstRender.tsx';

const FIRST_RENDER_MODULE = new URL('./firstRender.tsx', import.meta.url).pathname;

export function firstRenderer(root: string): RenderScreensFirst {
  return (screens) =>
    withSsrLoader(root, async (load) => {
      const { renderFirst } = (await load(FIRST_RENDER_MODULE)) as typeof FirstRender;
      const rendered: Awaited<ReturnType<RenderScreensFirst>> = {};
      for (const [screen, toRender] of Object.entries(screens)) {
        const { default: Screen } = (await load(toRender.module)) as { default?: ComponentType };
        if (typeof Screen !== 'function') throw new Error(`${toRender.module} has no screen as its default export`);
        rendered[screen] = renderFirst(Screen, toRender);
      }
      return rendered;
    });
}
