/**
 * The id of the JSON data block in which the site's server inlines the runtime config it would serve as
 * /config.json (scripts/lib/static-server.mjs, RUNTIME_CONFIG_ELEMENT_ID: the same string), so the shell
 * starts without waiting for that request. Its own module, free of imports: the host's build reads it too
 * (host/build/earlyRemotePlugin.ts).
 */
export const RUNTIME_CONFIG_ELEMENT_ID = 'snapshire-runtime-config';
