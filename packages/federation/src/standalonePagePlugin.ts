import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

/** The one page every remote shows when run alone (its #root and its src/main.tsx), owned by @snapshire/standalone. */
export const STANDALONE_PAGE = fileURLToPath(new URL('../../standalone/index.html', import.meta.url));

/**
 * Puts the standalone page at the remote's root as index.html (git ignores the copy) before anything reads it.
 * A copy on disk, not a virtual module: Vite's dev server, its dependency scan and the federation plugin (which
 * finds the entry it initialises the share scope in from the page's script tag) all read index.html from disk.
 */
export function standalonePagePlugin(): Plugin {
  return {
    name: 'snapshire-standalone-page',
    config(config) {
      const page = resolve(config.root ?? '', 'index.html');
      const source = readFileSync(STANDALONE_PAGE, 'utf8');
      if (!existsSync(page) || readFileSync(page, 'utf8') !== source) writeFileSync(page, source);
    },
  };
}
