/**
 * Links the design system's global CSS (globalCss.ts) from the page's <head> as a static stylesheet, written
 * from the one system object (src/theme/system.ts) at build time under a content-hashed name, so browsers
 * cache it like any hashed asset; the dev server serves the same text. UiProvider does not insert it again.
 *
 * Used by the host, each remote's standalone page and the one-bundle benchmark build: each page that renders
 * UiProvider links it once.
 */
import { createHash } from 'node:crypto';
import type { HtmlTagDescriptor, Plugin } from 'vite';
import { system } from '../src/theme/system.ts';
import { globalCssOf } from './globalCss.ts';

/** Where the dev server answers with the stylesheet. */
export const DEV_STYLESHEET_PATH = '/__snapshire-ui/chakra-global.css';

/** The built stylesheet's file name: its content's hash in it, so a changed system is a new URL. */
export function stylesheetFileName(css: string): string {
  return `assets/chakra-global-${createHash('sha256').update(css).digest('hex').slice(0, 10)}.css`;
}

/**
 * Chakra's `define*` helpers (styled-system/config.js): each returns its argument. Declared pure so that the
 * theme's recipes this system does not take are left out of the bundles: `@chakra-ui/react/theme` (the only
 * export of the per-recipe objects) also builds Chakra's whole default theme config at its top level, through
 * these calls, and they reach the bundler through the shared Chakra core, where it cannot see they are pure.
 */
export const CHAKRA_PURE_HELPERS = [
  'defineConfig',
  'defineConditions',
  'defineRecipe',
  'defineSlotRecipe',
  'defineStyle',
  'defineTokens',
  'defineSemanticTokens',
  'defineKeyframes',
  'defineGlobalStyles',
  'defineTextStyles',
  'defineLayerStyles',
  'defineAnimationStyles',
];

export function globalCssPlugin(): Plugin {
  const css = globalCssOf(system);
  const fileName = stylesheetFileName(css);
  let href = DEV_STYLESHEET_PATH;
  return {
    name: 'snapshire-ui-global-css',
    config: () => ({ build: { rolldownOptions: { treeshake: { manualPureFunctions: CHAKRA_PURE_HELPERS } } } }),
    configResolved(config) {
      if (config.command !== 'build') return;
      // A relative base (the remotes', './') keeps the page working from any origin and folder.
      href = config.base === '' || config.base.startsWith('.') ? `./${fileName}` : `${config.base}${fileName}`;
    },
    configureServer(server) {
      server.middlewares.use(DEV_STYLESHEET_PATH, (_req, res) => {
        res.setHeader('Content-Type', 'text/css; charset=utf-8');
        res.end(css);
      });
    },
    generateBundle() {
      this.emitFile({ type: 'asset', fileName, source: css });
    },
    transformIndexHtml: {
      // After Vite's own HTML processing, which would otherwise try to bundle the link's target.
      order: 'post',
      // In <head>: fetched first, at the highest priority. At the end of <body> (after the page's first
      // script, which a pending stylesheet holds back) the group page's first query left about 60 ms sooner
      // but the stylesheet arrived later and the first paint came about 0.5 s later, landing and group page
      // alike (fast 4G, 4x CPU, medians of 5 alternating loads).
      handler(): HtmlTagDescriptor[] {
        return [{ tag: 'link', attrs: { rel: 'stylesheet', href }, injectTo: 'head' }];
      },
    },
  };
}
