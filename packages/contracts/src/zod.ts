/**
 * The zod every contract is written with: zod/mini, whose schemas a bundler keeps only as much of as they use
 * (the classic API is one object graph: 20 KB of script in each app that validated anything). English
 * messages where a schema sets none, as the classic API gives. The settings are this module's side effects
 * (package.json names it in "sideEffects": a bundler would otherwise skip it and import zod/mini directly).
 */
import * as z from 'zod/mini';

// No code generation: the site's Content-Security-Policy forbids eval, and zod would otherwise probe for it
// with Function('') (a CSP violation report on every page) before parsing.
z.config({ jitless: true });
z.config(z.locales.en());

export { z };
