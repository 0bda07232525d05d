/**
 * The zod every contract is written with: zod/mini, whose schemas a bundler keeps only as much of as they use
 * (the classic API is one object graph: 20 KB of script in each app that validated anything). English
 * messages where a schema sets none, as the classic API gives.
 *
 * The settings are put in force by every module that builds schemas, at its top (applyZodSettings), not by
 * importing this one: a bundle keeps a module's top-level call only when it keeps the module, so a page that
 * uses no schema drops zod whole (remote-browse's first screens downloaded 9.5 KB of it for these settings).
 */
import * as z from 'zod/mini';

let applied = false;

/** The site's zod settings, once. */
export function applyZodSettings(): void {
  if (applied) return;
  applied = true;
  // No code generation: the site's Content-Security-Policy forbids eval, and zod would otherwise probe for it
  // with Function('') (a CSP violation report on every page) before parsing.
  z.config({ jitless: true });
  z.config(z.locales.en());
}

export { z };
