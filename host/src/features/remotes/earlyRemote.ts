/**
 * The first thing a page does, before the shell's JavaScript has even arrived: find the remote screen of the
 * address being opened, fetch that remote's manifest and ask the browser to preload the remote's entry and
 * the screen's modules (the manifest lists each exposed module's files), so they download while the shell's
 * own code loads and runs instead of after it. host/build/earlyRemotePlugin.ts bundles startRouteRemoteEarly
 * with what it imports into index.html as an inline script; the federation runtime then takes the manifest
 * response from here (takeEarlyManifest, earlyManifests.ts) instead of asking again.
 */
// Their own modules, not the package's index: the inline script carries only what it uses.
import { matchRoutePattern } from '@snapshire/contracts/routes';
import { authStorageKey } from '@snapshire/contracts/screen-data';

/**
 * [path pattern as in ROUTES, remote name, exposed module]: every route of the site, a remote's screen with its
 * remote and module, so the address matches the route React Router will pick.
 */
export type EarlyRoute = readonly [pattern: string, remote?: string, module?: string];

/**
 * Where a screen's published first render goes: [registry key and event (EARLY_FIRST_RENDER_KEY and _EVENT in
 * @snapshire/contracts), the shell's content area drawn from the HTML (a selector that matches nothing once
 * React has drawn the page), the attribute of the element that holds it (FIRST_RENDER_ATTRIBUTE)].
 */
export type FirstRenderTarget = readonly [key: string, event: string, contentArea: string, attribute: string];

/** The screen's first render with data (ScreenQuery.firstRenderTemplate), for its first-photos module to fill. */
interface FirstRenderFill {
  template: string;
  css: string;
  target: FirstRenderTarget;
}

/**
 * Runs as an inline script, so everything it needs from the page is an argument. Does nothing when the page
 * carries no runtime config (the dev server) or the address is not a remote's screen; any failure is left to
 * the shell, which loads the remote the ordinary way.
 */
export function startRouteRemoteEarly(
  routes: readonly EarlyRoute[],
  configElementId: string,
  registryKey: string | null,
  screenData?: readonly [
    file: string,
    registryKey: string,
    signedPhotosKey: string,
    storeKey: string,
    published?: Record<string, unknown>,
  ],
  storedSessionAttribute?: string,
  firstRenderTarget?: FirstRenderTarget,
  shellScriptsElementId?: string,
): void {
  /** A filled first render's finishing (its afterDraw), when it was filled before the shell had been parsed. */
  let whenDrawn: ((drawn: Element) => void) | undefined;
  const addLink = (
    properties: Partial<Pick<HTMLLinkElement, 'rel' | 'as' | 'crossOrigin' | 'fetchPriority' | 'href'>>,
  ) => document.head.appendChild(Object.assign(document.createElement('link'), properties));
  /**
   * The shell's scripts (the page's data block, packages/federation/src/firstScripts.ts): preloaded once the
   * screen's first query has left, or at once on a page that sends none. Fetched and compiled before it, they
   * held the query, the signing and the photos back on a phone; found only as the federation's entry imports
   * them, they came one import() after another.
   */
  let shellScripts: unknown = [];
  try {
    const block = shellScriptsElementId ? document.getElementById(shellScriptsElementId) : null;
    if (block?.textContent) shellScripts = JSON.parse(block.textContent);
  } catch {
    // The federation's entry finds them.
  }
  const preloadShell = () => {
    const scripts = Array.isArray(shellScripts) ? (shellScripts as unknown[]) : [];
    shellScripts = [];
    for (const href of scripts)
      if (typeof href === 'string') addLink({ rel: 'modulepreload', crossOrigin: 'anonymous', href });
  };
  /** Set when the screen's first query may still leave: that preloads the shell's scripts. */
  let queryPending = false;
  try {
    const block = document.getElementById(configElementId);
    if (!block?.textContent) return;
    const config = JSON.parse(block.textContent) as {
      remotes?: Record<string, unknown>;
      supabaseUrl?: unknown;
      supabaseAnonKey?: unknown;
    };
    let storedSession: string | null = null;
    if (typeof config.supabaseUrl === 'string') {
      try {
        storedSession = localStorage.getItem(authStorageKey(config.supabaseUrl));
      } catch {
        // Storage blocked: supabase-js cannot read a session either.
      }
      // The shell drawn from the HTML keeps the room of the controls a stored session will show.
      if (storedSession !== null && storedSessionAttribute)
        document.documentElement.setAttribute(storedSessionAttribute, '');
    }
    // The route React Router will pick.
    const match = matchRoutePattern(
      routes.map((route) => route[0]),
      location.pathname,
    );
    const best = match && routes[match.index];
    const manifestUrl = best?.[1] && config.remotes?.[best[1]];
    if (!match || !best?.[1] || !best[2] || typeof manifestUrl !== 'string') return;
    const exposedName = best[2];
    if (screenData) {
      try {
        const [file, answerKey, signedPhotosKey, storeKey, published] = screenData;
        startScreenQuery(
          best[0],
          match.params,
          exposedName,
          manifestUrl,
          config.supabaseUrl,
          config.supabaseAnonKey,
          file,
          answerKey,
          signedPhotosKey,
          `${storeKey}.${best[1]}`,
          published?.[best[1]],
          storedSession,
          best[1],
          firstRenderTarget,
        );
      } catch {
        // The screen asks for its data itself.
      }
    }
    // No registry: the remotes' files are in the page's own bundle (e2e/bench/one-bundle), nothing to preload.
    if (registryKey === null) return;
    const response = fetch(manifestUrl, {});
    const key = Symbol.for(registryKey);
    const existing: unknown = Reflect.get(window, key);
    const registry = (existing ?? {}) as Record<string, Promise<Response>>;
    registry[manifestUrl] = response;
    Reflect.set(window, key, registry);
    // After the shell's own scripts, which must run first anyway: the remote's files fill the wait.
    const preload = (href: string) =>
      addLink({ rel: 'modulepreload', crossOrigin: 'anonymous', fetchPriority: 'low', href });
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
        const base =
          meta.publicPath && meta.publicPath !== 'auto' ? new URL(meta.publicPath, manifestUrl).href : manifestUrl;
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
  } finally {
    if (!queryPending) preloadShell();
  }

  /**
   * The screen's first query (ScreenQuery in @snapshire/contracts), from the remote's screen-data.json beside
   * its manifest, sent as the visitor or the signed-in user (their stored token while it is valid; an expired
   * one is refreshed by the shell first, so nothing starts here), the answer left as an EarlyScreenAnswer.
   */
  function startScreenQuery(
    pattern: string,
    params: Record<string, string>,
    exposedName: string,
    manifestUrl: string,
    supabaseUrl: unknown,
    anonKey: unknown,
    file: string,
    answerKey: string,
    signedPhotosKey: string,
    storeKey: string,
    published: unknown,
    stored: string | null,
    remote: string,
    firstRenderTarget: FirstRenderTarget | undefined,
  ): void {
    if (typeof supabaseUrl !== 'string' || typeof anonKey !== 'string') return;
    // An expired stored session is refreshed by the shell first: no query starts here then.
    let token: string | null = anonKey;
    if (stored) {
      const session = JSON.parse(stored) as { access_token?: unknown; expires_at?: unknown };
      const valid = typeof session.expires_at === 'number' && session.expires_at * 1000 > Date.now() + 60_000;
      token = typeof session.access_token === 'string' && valid ? session.access_token : null;
    }
    const search = new URLSearchParams(location.search);
    interface Query {
      route?: unknown;
      operationName?: unknown;
      query?: unknown;
      variables?: Record<string, unknown>;
      unlessSearchParams?: unknown;
      firstPhotos?: unknown;
      firstRender?: { html?: unknown; css?: unknown };
      firstRenderTemplate?: { html?: unknown; css?: unknown };
    }
    // Inlined by a build that has the screens in its own bundle; else the remote's published file, fetched each
    // time and kept for the next visit, whose query leaves from that copy at once instead of after the request.
    let source: Promise<unknown> = Promise.resolve(published);
    if (!published) {
      const url = new URL(file, manifestUrl).href;
      let raw: string | null = null;
      type KeptScreenData = { url?: unknown; screens?: unknown } | null;
      let kept: KeptScreenData = null;
      try {
        raw = localStorage.getItem(storeKey);
        kept = JSON.parse(raw ?? 'null') as KeptScreenData;
      } catch {
        // No storage, or not ours: the file decides.
      }
      const fetched = fetch(url)
        .then((r) => (r.ok ? r.text() : null))
        .then((text) => {
          if (text === null) return null;
          const screens = JSON.parse(text) as unknown;
          const copy = `{"url":${JSON.stringify(url)},"screens":${text}}`;
          try {
            if (copy !== raw) localStorage.setItem(storeKey, copy);
          } catch {
            // Full or blocked: the next visit waits for the file.
          }
          return screens;
        })
        // Not awaited when the kept copy is used: a failed or unreadable file leaves the copy as it is.
        .catch(() => null);
      // The copy only for the screen it holds at this route (a newer deploy may have published the screen since).
      const keptScreens =
        kept?.url === url ? (kept.screens as Record<string, Query | undefined> | undefined) : undefined;
      source = keptScreens?.[exposedName]?.route === pattern ? Promise.resolve(keptScreens) : fetched;
    }
    queryPending = true;
    let queryLeft = false;
    void source
      .then((screens) => {
        const query = (screens as Record<string, Query | undefined> | null)?.[exposedName];
        if (!query || query.route !== pattern) return;
        const firstRender = query.firstRender;
        if (firstRenderTarget && typeof firstRender?.html === 'string' && typeof firstRender.css === 'string')
          drawFirstRender(remote, exposedName, firstRender.html, firstRender.css, firstRenderTarget);
        if (token === null || typeof query.operationName !== 'string' || typeof query.query !== 'string') return;
        const authorization = `Bearer ${token}`;
        const unless = Array.isArray(query.unlessSearchParams) ? (query.unlessSearchParams as string[]) : [];
        if (unless.some((name) => search.has(name))) return;
        const variables: Record<string, unknown> = {};
        for (const [name, value] of Object.entries(query.variables ?? {})) {
          const param = value !== null && typeof value === 'object' ? (value as { param?: unknown }).param : undefined;
          if (param === undefined) variables[name] = value;
          else if (typeof param === 'string' && params[param]) variables[name] = params[param];
          else return;
        }
        const body = fetch(`${supabaseUrl.replace(/\/+$/, '')}/graphql/v1`, {
          method: 'POST',
          headers: { apikey: anonKey, Authorization: authorization, 'Content-Type': 'application/json' },
          body: JSON.stringify({ operationName: query.operationName, query: query.query, variables }),
        })
          .then((r) => (r.ok ? (r.json() as Promise<unknown>) : null))
          .catch(() => null);
        const answer: Record<string, unknown> = {
          sentAt: Date.now(),
          operationName: query.operationName,
          query: query.query,
          variables,
          authorization,
          body,
        };
        // Once in, readable at once: a screen that renders after that draws the data in its first render.
        void body.then((result) => {
          answer.result = result;
        });
        Reflect.set(window, Symbol.for(answerKey), answer);
        queryLeft = true;
        // In a task of its own, so the request is on its way first.
        const preloadShellNext = () => setTimeout(preloadShell);
        if (typeof query.firstPhotos !== 'string') preloadShellNext();
        else {
          // Beside the remote's manifest; a build with the screens in its own bundle has it at the site's root.
          const moduleUrl = new URL(query.firstPhotos, published ? `${location.origin}/` : manifestUrl).href;
          const template = query.firstRenderTemplate;
          const fill: FirstRenderFill | undefined =
            firstRenderTarget && typeof template?.html === 'string' && typeof template.css === 'string'
              ? { template: template.html, css: template.css, target: firstRenderTarget }
              : undefined;
          const signed = startFirstPhotos(moduleUrl, body, supabaseUrl, anonKey, authorization, fill, preloadShellNext);
          Reflect.set(window, Symbol.for(signedPhotosKey), { sentAt: answer.sentAt, body: signed });
        }
      })
      .catch(() => undefined)
      // No query left (none published for this address, or no valid session): the shell's scripts at once.
      .then(() => {
        if (!queryLeft) preloadShell();
      });
  }

  /**
   * The screen's first render: left where the host's slot for the screen finds it, and drawn in the shell's
   * content area, with its styles, as soon as that has been parsed; not drawn there once React has drawn the
   * page (the slot shows it then). The same element the slot draws, so nothing moves when React takes over.
   */
  function drawFirstRender(
    remote: string,
    screen: string,
    html: string,
    css: string,
    [key, event, contentArea, attribute]: FirstRenderTarget,
  ): void {
    Reflect.set(window, Symbol.for(key), { remote, screen, pathname: location.pathname, html });
    const draw = () => {
      document.head.insertAdjacentHTML('beforeend', css);
      // Filled meanwhile (drawFilledFirstRender): that one.
      const current = (Reflect.get(window, Symbol.for(key)) as { html: string }).html;
      const area = document.querySelector(contentArea);
      if (area) {
        area.insertAdjacentHTML('beforeend', `<div ${attribute} style="display:contents">${current}</div>`);
        if (area.lastElementChild) whenDrawn?.(area.lastElementChild);
      }
      window.dispatchEvent(new Event(event));
    };
    // Once the HTML has been parsed (the shell's content area is there): readiness turns "interactive" before
    // the page's module scripts run, DOMContentLoaded only after them.
    if (document.readyState === 'loading') document.addEventListener('readystatechange', draw, { once: true });
    else draw();
  }

  /**
   * The screen's first render filled with its data and photos (FirstPhotosModule.fillFirstRender): drawn over
   * the first render while that is still on the page (the screen's code has not drawn the screen yet) and left
   * where the host's slot for the screen finds it, so the slot draws the same when React takes over.
   */
  function drawFilledFirstRender(
    filled: { html: string; afterDraw?(container: Element): void },
    css: string,
    [key, , , attribute]: FirstRenderTarget,
  ): void {
    const early = Reflect.get(window, Symbol.for(key)) as { pathname?: string; html?: string } | undefined;
    if (early?.pathname !== location.pathname) return;
    const leave = (html: string) => Reflect.set(window, Symbol.for(key), { ...early, html });
    leave(filled.html);
    document.head.insertAdjacentHTML('beforeend', css);
    const { afterDraw } = filled;
    // After a frame has been shown, so what afterDraw does does not hold the first paint back; the slot then
    // draws what is on the page.
    const finish = (drawn: Element) => {
      if (afterDraw)
        requestAnimationFrame(() =>
          setTimeout(() => {
            if (!drawn.isConnected) return;
            afterDraw(drawn);
            leave(drawn.innerHTML);
          }),
        );
    };
    const element = document.querySelector(`[${attribute}]`);
    // Not drawn yet (the shell is still being parsed): drawFirstRender draws what this left, then finishes it.
    if (!element) {
      whenDrawn = finish;
      return;
    }
    element.innerHTML = filled.html;
    finish(element);
  }

  /**
   * The screen's first photos (FirstPhotosModule in @snapshire/contracts, the remote's own layout): signed in
   * the one request the screen would send, and the first row's downloads started at high priority, as the
   * screen's <img> elements will ask for them (no crossorigin), so those find them downloaded or on their way.
   * Resolves to the sign-photos answer the screen's photo signer takes, or null. `whenAsked` runs once the sign
   * answer is in and the photos have been asked for, or once that cannot happen.
   */
  function startFirstPhotos(
    moduleUrl: string,
    queryAnswer: Promise<unknown>,
    supabaseUrl: string,
    anonKey: string,
    authorization: string,
    fill: FirstRenderFill | undefined,
    whenAsked: () => void,
  ): Promise<unknown> {
    interface Plan {
      signRequest?: { functionName: string; body: unknown };
      urlsToFetch(response: unknown): string[];
    }
    interface Planner {
      planFirstPhotos(result: unknown, page: Record<string, unknown>): Plan | null;
      fillFirstRender?(
        template: string,
        result: unknown,
        signed: unknown,
        page: Record<string, unknown>,
      ): { html: string; afterDraw?(container: Element): void } | null;
    }
    return Promise.all([queryAnswer, import(/* @vite-ignore */ moduleUrl) as Promise<Planner>])
      .then(([result, planner]) => {
        const page = {
          viewportWidth: window.innerWidth,
          devicePixelRatio: window.devicePixelRatio || 1,
          supabaseUrl,
          storage: window.localStorage,
        };
        const plan = planner.planFirstPhotos(result, page);
        if (!plan) return null;
        const request = plan.signRequest;
        const response: Promise<unknown> = request
          ? fetch(`${supabaseUrl.replace(/\/+$/, '')}/functions/v1/${request.functionName}`, {
              method: 'POST',
              headers: { apikey: anonKey, Authorization: authorization, 'Content-Type': 'application/json' },
              body: JSON.stringify(request.body),
            })
              .then((r) => (r.ok ? (r.json() as Promise<unknown>) : null))
              .catch(() => null)
          : Promise.resolve(null);
        return response.then((answer) => {
          for (const href of plan.urlsToFetch(answer))
            addLink({ rel: 'preload', as: 'image', fetchPriority: 'high', href });
          whenAsked();
          try {
            const filled = fill && planner.fillFirstRender?.(fill.template, result, answer, page);
            if (fill && filled) drawFilledFirstRender(filled, fill.css, fill.target);
          } catch {
            // The screen draws itself.
          }
          return answer;
        });
      })
      .catch(() => null)
      .finally(whenAsked);
  }
}
