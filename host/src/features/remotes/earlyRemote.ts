/**
 * The first thing a page does, before the shell's JavaScript has even arrived: find the remote screen of the
 * address being opened, fetch that remote's manifest and ask the browser to preload the remote's entry and
 * the screen's modules (the manifest lists each exposed module's files), so they download while the shell's
 * own code loads and runs instead of after it. host/build/earlyRemotePlugin.ts writes startRouteRemoteEarly
 * into index.html as an inline script; the federation runtime then takes the manifest response from here
 * (takeEarlyManifest) instead of asking again.
 */

/** [path pattern as in ROUTES, remote name, exposed module]. */
export type EarlyRoute = readonly [pattern: string, remote: string, module: string];

/** Where the early manifest responses wait for the shell: a registry key, so nothing else can collide. */
export const EARLY_MANIFESTS_KEY = 'snapshire.earlyManifests';

/**
 * Runs as an inline script, so it is self-contained: no imports, no outer names, everything it needs is an
 * argument. Does nothing when the page carries no runtime config (the dev server) or the address is not a
 * remote's screen; any failure is left to the shell, which loads the remote the ordinary way.
 */
export function startRouteRemoteEarly(routes: readonly EarlyRoute[], configElementId: string, registryKey: string): void {
  try {
    const block = document.getElementById(configElementId);
    if (!block?.textContent) return;
    const config = JSON.parse(block.textContent) as { remotes?: Record<string, unknown> };
    // The route React Router would pick: same number of segments, most static segments matching.
    const segments = location.pathname.split('/').filter(Boolean);
    let best: EarlyRoute | undefined;
    let bestScore = -1;
    for (const route of routes) {
      const pattern = route[0].split('/').filter(Boolean);
      if (pattern.length !== segments.length) continue;
      let score = 0;
      const matches = pattern.every((part, i) => {
        if (part.startsWith(':')) return true;
        score += 1;
        return part === segments[i];
      });
      if (matches && score > bestScore) {
        best = route;
        bestScore = score;
      }
    }
    const manifestUrl = best && config.remotes?.[best[1]];
    if (!best || typeof manifestUrl !== 'string') return;
    const exposedName = best[2];
    const response = fetch(manifestUrl, {});
    const key = Symbol.for(registryKey);
    const existing: unknown = Reflect.get(window, key);
    const registry = (existing ?? {}) as Record<string, Promise<Response>>;
    registry[manifestUrl] = response;
    Reflect.set(window, key, registry);
    const preload = (href: string) => {
      const link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = 'anonymous';
      // After the shell's own scripts, which must run first anyway: the remote's files fill the wait.
      link.fetchPriority = 'low';
      link.href = href;
      document.head.appendChild(link);
    };
    interface Manifest {
      metaData?: { publicPath?: string; remoteEntry?: { path?: string; name?: string } };
      exposes?: { name?: string; assets?: { js?: { sync?: string[]; async?: string[] } } }[];
    }
    response
      .then((r) => (r.ok ? (r.clone().json() as Promise<Manifest>) : null))
      .then((manifest) => {
        const meta = manifest?.metaData;
        if (!manifest || !meta?.remoteEntry?.name) return;
        // publicPath "auto": the files sit beside the manifest (as the runtime reads it).
        const base = meta.publicPath && meta.publicPath !== 'auto' ? new URL(meta.publicPath, manifestUrl).href : manifestUrl;
        preload(new URL((meta.remoteEntry.path ? meta.remoteEntry.path + '/' : '') + meta.remoteEntry.name, base).href);
        const exposed = manifest.exposes?.find((e) => e.name === exposedName);
        // The module's own files, and of its "async" list only the federation's loadShare proxies (which
        // its files import): the rest are the remote's fallback copies of shared libraries, which the page
        // never loads while the host provides them.
        const js = exposed?.assets?.js;
        const files = [...(js?.sync ?? []), ...(js?.async ?? []).filter((file) => file.includes('__loadShare__'))];
        for (const file of files) preload(new URL(file, base).href);
      })
      .catch(() => undefined);
  } catch {
    // The shell loads the remote the ordinary way.
  }
}

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
