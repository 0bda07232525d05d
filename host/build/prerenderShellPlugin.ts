/**
 * Writes the shell into the built index.html (host/build/prerenderShell.tsx renders it with the layout's own
 * components), so the top bar paints from the HTML before any script has arrived: at fast 4G with a 4x slower
 * CPU the app's first paint comes about 2 s after the HTML (issue 24).
 */
import { join } from 'node:path';
import type { Plugin } from 'vite';
import { withSsrLoader } from '../../packages/ui/build/ssrLoader.ts';
import { bundleInlineScript } from './inlineScript.ts';

const ROOT_ELEMENT = '<div id="root"></div>';
const PRERENDER_MODULE = '/build/prerenderShell.tsx';
const SHOW_SHELL_ENTRY = join(import.meta.dirname, 'showShellEntry.ts');

export async function renderShellHtml(root: string): Promise<string> {
  return withSsrLoader(root, async (load) => {
    const module = (await load(PRERENDER_MODULE)) as {
      renderShell: () => Promise<string>;
      SHELL_MARKERS: Record<string, string>;
    };
    const shell = await module.renderShell();
    // After the variants: it runs once they have been parsed.
    const show = await bundleInlineScript(SHOW_SHELL_ENTRY, { SHELL_MARKERS: module.SHELL_MARKERS });
    return `${shell}<script>${show}</script>`;
  });
}

/** `html` with `shell` inside its empty root element. */
export function withShell(html: string, shell: string): string {
  if (!html.includes(ROOT_ELEMENT)) throw new Error(`index.html has no empty ${ROOT_ELEMENT} to draw the shell in`);
  return html.replace(ROOT_ELEMENT, `<div id="root">${shell}</div>`);
}

export function prerenderShellPlugin(): Plugin {
  let root = '';
  return {
    name: 'snapshire-prerender-shell',
    apply: 'build',
    configResolved(config) {
      root = config.root;
    },
    transformIndexHtml: {
      order: 'post',
      handler: async (html) => withShell(html, await renderShellHtml(root)),
    },
  };
}
