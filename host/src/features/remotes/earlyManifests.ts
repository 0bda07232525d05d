/**
 * Where the page's first script (earlyRemote.ts) leaves the remote manifest it fetched, and how the federation
 * runtime takes it. Apart from the script itself: the build's config loader reads the key, on Node.
 */

/** Where the early manifest responses wait for the shell: a registry key, so nothing else can collide. */
export const EARLY_MANIFESTS_KEY = 'snapshire.earlyManifests';

/**
 * The manifest response the page's first script fetched for `url`, once (a later read, e.g. after a redeploy,
 * fetches anew); undefined when there is none.
 */
export function takeEarlyManifest(url: string): Promise<Response> | undefined {
  const registry: unknown = Reflect.get(window, Symbol.for(EARLY_MANIFESTS_KEY));
  if (typeof registry !== 'object' || registry === null) return undefined;
  const responses = registry as Record<string, Promise<Response> | undefined>;
  const response = responses[url];
  delete responses[url];
  return response;
}
