/**
 * How the shell drawn into index.html (prerenderShell.tsx) is marked, for the scripts that find its parts
 * before React has drawn the page (showShellEntry.ts, and the first script: earlyRemotePlugin.ts).
 */

/** On each of the shell's two variants (signed-out, signed-in). */
export const VARIANT = 'data-shell';
/** Set by the script after the variants once they are whole (the browser may paint a page half parsed). */
export const READY = 'data-shell-ready';
/** The content area of the variant shown: matches nothing once React has drawn the page. */
export const SHELL_CONTENT_AREA = `[${VARIANT}][${READY}] main`;
