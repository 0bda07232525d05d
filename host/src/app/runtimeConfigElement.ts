/**
 * The id of the JSON data block in which the site's server inlines the runtime config it would serve as
 * /config.json (scripts/lib/static-server.mjs, RUNTIME_CONFIG_ELEMENT_ID: the same string), so the shell
 * starts without waiting for that request. Its own module, free of imports: the host's build reads it too
 * (host/build/earlyRemotePlugin.ts).
 */
export const RUNTIME_CONFIG_ELEMENT_ID = 'snapshire-runtime-config';

/**
 * Set on <html> by the page's first script when the device holds a stored session, before the body is parsed:
 * the shell drawn from the HTML keeps the room of the controls that session will show (host/build/prerenderShell.tsx).
 */
export const STORED_SESSION_ATTRIBUTE = 'data-stored-session';
