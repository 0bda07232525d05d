import {
  ROUTES,
  EARLY_FIRST_RENDER_EVENT,
  EARLY_FIRST_RENDER_KEY,
  EARLY_SCREEN_DATA_KEY,
  EARLY_SCREEN_DATA_STORE_KEY,
  EARLY_SIGNED_PHOTOS_KEY,
  SCREEN_DATA_FILE,
  authStorageKey,
  matchRoutePattern,
  screenVariables,
  type EarlyScreenAnswer,
} from '@snapshire/contracts';
import { matchRoutes } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { earlyRemoteScript } from '../../../build/earlyRemotePlugin.ts';
import { RUNTIME_CONFIG_ELEMENT_ID } from '../../app/runtimeConfigElement.ts';
import { EARLY_MANIFESTS_KEY, takeEarlyManifest } from './earlyManifests.ts';
import { startRouteRemoteEarly, type EarlyRoute, type FirstRenderTarget } from './earlyRemote.ts';

const BROWSE = 'http://127.0.0.1:5174/mf-manifest.json';
const manifest = {
  metaData: { publicPath: 'auto', remoteEntry: { name: 'remoteEntry.abc123.js', path: '' } },
  exposes: [
    {
      name: 'GroupPage',
      assets: {
        js: {
          sync: ['assets/GroupPage-1.js', 'assets/SignedPhoto-2.js'],
          async: ['assets/react-3.js', 'assets/_virtual_mf___x__loadShare__shared-4.js'],
        },
      },
    },
    { name: 'GroupsPage', assets: { js: { sync: ['assets/GroupsPage-5.js'], async: [] } } },
  ],
};
const routes: EarlyRoute[] = [
  ['/groups', 'remote_browse', 'GroupsPage'],
  ['/groups/new', 'remote_browse', 'NewGroupPage'],
  ['/groups/:groupId', 'remote_browse', 'GroupPage'],
];

function pageWithConfig(path: string) {
  window.history.replaceState(null, '', path);
  const block = document.createElement('script');
  block.type = 'application/json';
  block.id = RUNTIME_CONFIG_ELEMENT_ID;
  block.textContent = JSON.stringify({ supabaseUrl: 'http://127.0.0.1:54321', remotes: { remote_browse: BROWSE } });
  document.head.append(block);
  const fetchImpl = vi.fn(async () => new Response(JSON.stringify(manifest), { status: 200 }));
  vi.stubGlobal('fetch', fetchImpl);
  return fetchImpl;
}

const preloads = () =>
  [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]')].map((link) => link.href);

/**
 * Takes out of <head> what these tests put there (the config block, the script's links), and only that: the
 * <style> elements there belong to Emotion's cache (Chakra), which the test files that run after this one in
 * the same page share (dom-setup.ts). Emptying <head> left the cache inserting before a removed element
 * (NotFoundError in the next file that drew Chakra global styles, AuthLinkNotice.test.tsx).
 */
function removeWhatTheTestAdded() {
  for (const element of document.head.querySelectorAll(`#${RUNTIME_CONFIG_ELEMENT_ID}, #${SHELL_SCRIPTS}, link`))
    element.remove();
}

/** The id of the page's list of the shell's scripts, as the host's build passes it. */
const SHELL_SCRIPTS = 'shell-scripts';
const SHELL_FILES = ['/assets/hostInit-1.js', '/assets/index-2.js'];

/** The page's list of the shell's scripts (packages/federation/src/firstScripts.ts writes it). */
function listShellScripts() {
  const block = document.createElement('script');
  block.type = 'application/json';
  block.id = SHELL_SCRIPTS;
  block.textContent = JSON.stringify(SHELL_FILES);
  document.head.append(block);
}

const shellPreloads = () => preloads().filter((href) => new URL(href).origin === location.origin);

afterEach(() => {
  vi.unstubAllGlobals();
  removeWhatTheTestAdded();
  takeEarlyManifest(BROWSE);
});

describe('startRouteRemoteEarly', () => {
  it("fetches the route's remote manifest once and preloads its entry and the screen's own files", async () => {
    const fetchImpl = pageWithConfig('/groups/10000000-0000-4000-8000-000000000001');
    startRouteRemoteEarly(routes, RUNTIME_CONFIG_ELEMENT_ID, EARLY_MANIFESTS_KEY);
    expect(fetchImpl).toHaveBeenCalledTimes(1);
    const response = takeEarlyManifest(BROWSE);
    expect(response).toBeDefined();
    expect(takeEarlyManifest(BROWSE)).toBeUndefined(); // handed over once
    await vi.waitFor(() => expect(preloads()).toHaveLength(4));
    expect(preloads()).toEqual([
      'http://127.0.0.1:5174/remoteEntry.abc123.js',
      'http://127.0.0.1:5174/assets/GroupPage-1.js',
      'http://127.0.0.1:5174/assets/SignedPhoto-2.js',
      'http://127.0.0.1:5174/assets/_virtual_mf___x__loadShare__shared-4.js',
    ]);
    // The runtime still gets an unread body.
    expect(await (await response!).json()).toEqual(manifest);
  });

  it('picks the route with the most static segments, as React Router does', async () => {
    pageWithConfig('/groups');
    startRouteRemoteEarly(routes, RUNTIME_CONFIG_ELEMENT_ID, EARLY_MANIFESTS_KEY);
    await vi.waitFor(() => expect(preloads()).toContain('http://127.0.0.1:5174/assets/GroupsPage-5.js'));
    expect(preloads()).not.toContain('http://127.0.0.1:5174/assets/GroupPage-1.js');
  });

  it('does nothing on a page of the shell, or without an inlined config (the dev server)', () => {
    const fetchImpl = pageWithConfig('/terms-and-conditions');
    startRouteRemoteEarly(routes, RUNTIME_CONFIG_ELEMENT_ID, EARLY_MANIFESTS_KEY);
    document.getElementById(RUNTIME_CONFIG_ELEMENT_ID)?.remove();
    window.history.replaceState(null, '', '/groups');
    startRouteRemoteEarly(routes, RUNTIME_CONFIG_ELEMENT_ID, EARLY_MANIFESTS_KEY);
    expect(fetchImpl).not.toHaveBeenCalled();
    expect(takeEarlyManifest(BROWSE)).toBeUndefined();
  });

  it('runs as the self-contained inline script the build writes into index.html', async () => {
    const fetchImpl = pageWithConfig('/groups/10000000-0000-4000-8000-000000000001');
    const script = await earlyRemoteScript();
    // Run as the page runs it: the source alone, with no module scope around it.
    new Function(script)();
    expect(fetchImpl).toHaveBeenCalledWith(BROWSE, {});
    await vi.waitFor(() => expect(preloads()).toContain('http://127.0.0.1:5174/assets/GroupPage-1.js'));
  });
});

describe("startRouteRemoteEarly: the screen's first query", () => {
  const GROUP = '10000000-0000-4000-8000-000000000001';
  const SCREEN_DATA_URL = 'http://127.0.0.1:5174/screen-data.json';
  const screenData = {
    GroupPage: {
      route: '/groups/:groupId',
      operationName: 'GroupById',
      query: 'query GroupById($id: UUID!) { groupCollection { __typename } }',
      variables: { id: { param: 'groupId' }, withPosts: true, first: 30 },
      unlessSearchParams: ['category'],
    },
  };
  /** The shell's content area drawn from the HTML, as the host's build passes it. */
  const FIRST_RENDER_TARGET: FirstRenderTarget = [
    EARLY_FIRST_RENDER_KEY,
    EARLY_FIRST_RENDER_EVENT,
    '[data-shell] main',
    'data-first-render',
  ];
  const GRAPHQL = 'http://127.0.0.1:54321/graphql/v1';
  const ANSWER = { data: { groupCollection: { __typename: 'groupConnection' } } };

  /** The page with its config, the remote's files and the GraphQL API answering. */
  function page(path: string) {
    window.history.replaceState(null, '', path);
    const block = document.createElement('script');
    block.type = 'application/json';
    block.id = RUNTIME_CONFIG_ELEMENT_ID;
    block.textContent = JSON.stringify({
      supabaseUrl: 'http://127.0.0.1:54321',
      supabaseAnonKey: 'anon-key',
      remotes: { remote_browse: BROWSE },
    });
    document.head.append(block);
    const fetchImpl = vi.fn(async (url: string, _init?: RequestInit) => {
      const body = url === BROWSE ? manifest : url === SCREEN_DATA_URL ? screenData : url === GRAPHQL ? ANSWER : null;
      return new Response(JSON.stringify(body), { status: body ? 200 : 404 });
    });
    vi.stubGlobal('fetch', fetchImpl);
    return fetchImpl;
  }
  const start = (firstRenderTarget?: FirstRenderTarget, shellScriptsElementId?: string) =>
    startRouteRemoteEarly(
      routes,
      RUNTIME_CONFIG_ELEMENT_ID,
      EARLY_MANIFESTS_KEY,
      [SCREEN_DATA_FILE, EARLY_SCREEN_DATA_KEY, EARLY_SIGNED_PHOTOS_KEY, EARLY_SCREEN_DATA_STORE_KEY],
      undefined,
      firstRenderTarget,
      shellScriptsElementId,
    );
  const early = () => Reflect.get(window, Symbol.for(EARLY_SCREEN_DATA_KEY)) as EarlyScreenAnswer | undefined;
  const graphqlCalls = (fetchImpl: ReturnType<typeof page>) => fetchImpl.mock.calls.filter(([url]) => url === GRAPHQL);

  afterEach(() => {
    Reflect.deleteProperty(window, Symbol.for(EARLY_SCREEN_DATA_KEY));
    localStorage.clear();
  });

  it("sends the remote's published query with the route's variables as a visitor, and leaves the answer for Apollo", async () => {
    const fetchImpl = page(`/groups/${GROUP}`);
    start();
    await vi.waitFor(() => expect(graphqlCalls(fetchImpl)).toHaveLength(1));
    const [, init] = graphqlCalls(fetchImpl)[0]!;
    expect(init?.method).toBe('POST');
    expect(init?.headers).toMatchObject({ apikey: 'anon-key', Authorization: 'Bearer anon-key' });
    const variables = { id: GROUP, withPosts: true, first: 30 };
    expect(JSON.parse(String(init?.body))).toEqual({
      operationName: 'GroupById',
      query: screenData.GroupPage.query,
      variables,
    });
    await vi.waitFor(() => expect(early()).toBeDefined());
    expect(early()).toMatchObject({
      operationName: 'GroupById',
      // What the screen's Apollo Client compares with its own query before it takes the answer.
      query: screenData.GroupPage.query,
      variables,
      authorization: 'Bearer anon-key',
    });
    expect(await early()!.body).toEqual(ANSWER);
    expect(early()!.result).toEqual(ANSWER); // readable without waiting once in
    expect(variables).toEqual(screenVariables(screenData.GroupPage.variables, { groupId: GROUP }));
  });

  it('as the signed-in user while their stored session is valid; not at all once it has expired (it is refreshed first)', async () => {
    const session = (expiresIn: number) =>
      JSON.stringify({ access_token: 'user-token', expires_at: Math.floor(Date.now() / 1000) + expiresIn });
    localStorage.setItem(authStorageKey('http://127.0.0.1:54321'), session(3600));
    let fetchImpl = page(`/groups/${GROUP}`);
    start();
    await vi.waitFor(() => expect(graphqlCalls(fetchImpl)).toHaveLength(1));
    expect(graphqlCalls(fetchImpl)[0]![1]?.headers).toMatchObject({ Authorization: 'Bearer user-token' });

    Reflect.deleteProperty(window, Symbol.for(EARLY_SCREEN_DATA_KEY));
    removeWhatTheTestAdded();
    localStorage.setItem(authStorageKey('http://127.0.0.1:54321'), session(-10));
    fetchImpl = page(`/groups/${GROUP}`);
    start();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(graphqlCalls(fetchImpl)).toHaveLength(0);
    expect(early()).toBeUndefined();
  });

  it('starts nothing with a filter in the address, or when the remote publishes its screen at another route', async () => {
    let fetchImpl = page(`/groups/${GROUP}?category=c1`);
    start();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(graphqlCalls(fetchImpl)).toHaveLength(0);

    removeWhatTheTestAdded();
    localStorage.clear(); // A first visit: no copy of the screen data kept.
    screenData.GroupPage.route = '/g/:groupId';
    fetchImpl = page(`/groups/${GROUP}`);
    start();
    await new Promise((resolve) => setTimeout(resolve, 50));
    screenData.GroupPage.route = '/groups/:groupId';
    expect(graphqlCalls(fetchImpl)).toHaveLength(0);
    expect(early()).toBeUndefined();
  });

  it("hands the screen's photo signer nothing (null) when the screen's first-photos module cannot be loaded", async () => {
    const fetchImpl = page(`/groups/${GROUP}`);
    Object.assign(screenData.GroupPage, { firstPhotos: 'first-photos-GroupPage.0123456789.js' });
    try {
      start();
      await vi.waitFor(() => expect(Reflect.get(window, Symbol.for(EARLY_SIGNED_PHOTOS_KEY))).toBeDefined());
      const signed = Reflect.get(window, Symbol.for(EARLY_SIGNED_PHOTOS_KEY)) as {
        sentAt: number;
        body: Promise<unknown>;
      };
      expect(signed.sentAt).toBe(early()!.sentAt);
      expect(await signed.body).toBeNull();
      expect(fetchImpl.mock.calls.filter(([url]) => String(url).includes('/functions/v1/'))).toHaveLength(0);
    } finally {
      Reflect.deleteProperty(screenData.GroupPage, 'firstPhotos');
      Reflect.deleteProperty(window, Symbol.for(EARLY_SIGNED_PHOTOS_KEY));
    }
  });

  const startWithShellScripts = () => start(undefined, SHELL_SCRIPTS);

  it("preloads the shell's scripts once the screen's first query has left, not before", async () => {
    const fetchImpl = page(`/groups/${GROUP}`);
    listShellScripts();
    let preloadedWhenQueryLeft: string[] | undefined;
    const answer = fetchImpl.getMockImplementation()!;
    fetchImpl.mockImplementation(async (url, init) => {
      if (url === GRAPHQL) preloadedWhenQueryLeft = shellPreloads();
      return answer(url, init);
    });
    startWithShellScripts();
    expect(shellPreloads()).toEqual([]);
    await vi.waitFor(() => expect(shellPreloads()).toHaveLength(2));
    expect(preloadedWhenQueryLeft).toEqual([]);
    expect(shellPreloads()).toEqual(SHELL_FILES.map((file) => new URL(file, location.origin).href));
    const link = document.head.querySelector<HTMLLinkElement>(`link[href="${SHELL_FILES[0]}"]`);
    // As the federation's entry imports them (a module script with crossorigin): the same request, reused.
    expect(link?.crossOrigin).toBe('anonymous');
  });

  it("with first photos to get, preloads the shell's scripts once the photos have been asked for", async () => {
    const SIGN = 'http://127.0.0.1:54321/functions/v1/sign-photos';
    const PHOTO = 'http://127.0.0.1:54321/storage/v1/object/sign/photos/a.jpg?token=t';
    const firstPhotos = `data:text/javascript,${encodeURIComponent(`
      export const planFirstPhotos = () => ({
        signRequest: { functionName: 'sign-photos', body: { paths: ['a.jpg'] } },
        urlsToFetch: () => [${JSON.stringify(PHOTO)}],
      });`)}`;
    Object.assign(screenData.GroupPage, { firstPhotos });
    try {
      const fetchImpl = page(`/groups/${GROUP}`);
      listShellScripts();
      let preloadedWhenSignLeft: string[] | undefined;
      let answerSign = () => {};
      const signAnswered = new Promise<void>((resolve) => (answerSign = resolve));
      const answer = fetchImpl.getMockImplementation()!;
      fetchImpl.mockImplementation(async (url, init) => {
        if (url !== SIGN) return answer(url, init);
        preloadedWhenSignLeft = shellPreloads();
        await signAnswered;
        return new Response(JSON.stringify({ signed: [] }), { status: 200 });
      });
      startWithShellScripts();
      await vi.waitFor(() => expect(preloadedWhenSignLeft).toEqual([]));
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(shellPreloads()).toEqual([]);
      answerSign();
      await vi.waitFor(() => expect(shellPreloads()).toHaveLength(2));
      // The photo was asked for first.
      const links = [...document.head.querySelectorAll('link')].map((link) => link.href);
      expect(links.indexOf(PHOTO)).toBeLessThan(links.indexOf(new URL(SHELL_FILES[0]!, location.origin).href));
    } finally {
      Reflect.deleteProperty(screenData.GroupPage, 'firstPhotos');
      Reflect.deleteProperty(window, Symbol.for(EARLY_SIGNED_PHOTOS_KEY));
    }
  });

  it("preloads the shell's scripts at once on a page without a remote screen, and once no query can leave", async () => {
    page('/terms-and-conditions');
    listShellScripts();
    startWithShellScripts();
    expect(shellPreloads()).toHaveLength(2);

    removeWhatTheTestAdded();
    const fetchImpl = page(`/groups/${GROUP}?category=c1`);
    listShellScripts();
    startWithShellScripts();
    await vi.waitFor(() => expect(shellPreloads()).toHaveLength(2));
    expect(graphqlCalls(fetchImpl)).toHaveLength(0);
  });

  it("draws the screen's published first render in the shell's content area, with its styles, and leaves it for the screen's slot", async () => {
    const css = '<style data-emotion="css t1">.t1{color:red}</style>';
    Object.assign(screenData.GroupPage, { firstRender: { html: '<h1 class="t1">A group</h1>', css } });
    const told = vi.fn();
    window.addEventListener(EARLY_FIRST_RENDER_EVENT, told);
    try {
      // The shell drawn from the HTML: the first render goes into its content area.
      document.body.innerHTML = '<div data-shell><main><p>notice</p></main></div>';
      const fetchImpl = page(`/groups/${GROUP}`);
      start(FIRST_RENDER_TARGET);
      await vi.waitFor(() => expect(told).toHaveBeenCalledTimes(1));
      expect(document.querySelector('main')!.innerHTML).toBe(
        '<p>notice</p><div data-first-render="" style="display:contents"><h1 class="t1">A group</h1></div>',
      );
      expect(document.head.querySelector('style[data-emotion="css t1"]')).not.toBeNull();
      expect(Reflect.get(window, Symbol.for(EARLY_FIRST_RENDER_KEY))).toEqual({
        remote: 'remote_browse',
        screen: 'GroupPage',
        pathname: `/groups/${GROUP}`,
        html: '<h1 class="t1">A group</h1>',
      });
      // Its query went too.
      await vi.waitFor(() => expect(graphqlCalls(fetchImpl)).toHaveLength(1));

      // React has drawn the page (the shell's HTML is gone): left for the slot only.
      removeWhatTheTestAdded();
      document.body.innerHTML = '<div id="root"><main></main></div>';
      page(`/groups/${GROUP}`);
      start(FIRST_RENDER_TARGET);
      await vi.waitFor(() => expect(told).toHaveBeenCalledTimes(2));
      expect(document.querySelector('main')!.innerHTML).toBe('');
    } finally {
      window.removeEventListener(EARLY_FIRST_RENDER_EVENT, told);
      Reflect.deleteProperty(screenData.GroupPage, 'firstRender');
      Reflect.deleteProperty(window, Symbol.for(EARLY_FIRST_RENDER_KEY));
      document.head.querySelector('style[data-emotion="css t1"]')?.remove();
      document.body.innerHTML = '';
    }
  });

  it.each([
    ['the HTML has been parsed', false],
    ['the HTML is still being parsed (drawn with the first render once it is)', true],
  ])(
    "draws the first render filled by the screen's first-photos module over it, once the photos are signed: %s",
    async (_, parsing) => {
      // The module fills the template with the answer's name and writes the day's heading after drawing.
      const firstPhotos = `data:text/javascript,${encodeURIComponent(`
      export const planFirstPhotos = () => ({ urlsToFetch: () => [] });
      export const fillFirstRender = (template, result) => ({
        html: template.replace('NAME', result.data.groupCollection.__typename),
        afterDraw: (container) => { container.querySelector('h2').textContent = 'Monday'; },
      });`)}`;
      Object.assign(screenData.GroupPage, {
        firstPhotos,
        firstRender: { html: '<p>Loading</p>', css: '' },
        firstRenderTemplate: {
          html: '<h1>NAME</h1><h2>&nbsp;</h2>',
          css: '<style data-emotion="css t2">.t2{}</style>',
        },
      });
      try {
        document.body.innerHTML = '<div data-shell><main></main></div>';
        if (parsing) Object.defineProperty(document, 'readyState', { value: 'loading', configurable: true });
        page(`/groups/${GROUP}`);
        start(FIRST_RENDER_TARGET);
        const drawn = () => document.querySelector('[data-first-render]')?.innerHTML;
        if (parsing) {
          await vi.waitFor(() =>
            expect(Reflect.get(window, Symbol.for(EARLY_FIRST_RENDER_KEY))).toMatchObject({
              html: '<h1>groupConnection</h1><h2>&nbsp;</h2>',
            }),
          );
          expect(drawn()).toBeUndefined();
          Object.defineProperty(document, 'readyState', { value: 'interactive', configurable: true });
          document.dispatchEvent(new Event('readystatechange'));
        }
        await vi.waitFor(() => expect(drawn()).toBe('<h1>groupConnection</h1><h2>Monday</h2>'));
        expect(document.head.querySelector('style[data-emotion="css t2"]')).not.toBeNull();
        // The slot draws what is on the page.
        expect(Reflect.get(window, Symbol.for(EARLY_FIRST_RENDER_KEY))).toMatchObject({
          pathname: `/groups/${GROUP}`,
          html: '<h1>groupConnection</h1><h2>Monday</h2>',
        });
      } finally {
        for (const key of ['firstPhotos', 'firstRender', 'firstRenderTemplate'])
          Reflect.deleteProperty(screenData.GroupPage, key);
        Reflect.deleteProperty(window, Symbol.for(EARLY_FIRST_RENDER_KEY));
        Reflect.deleteProperty(window, Symbol.for(EARLY_SIGNED_PHOTOS_KEY));
        document.head.querySelector('style[data-emotion="css t2"]')?.remove();
        document.body.innerHTML = '';
        Reflect.deleteProperty(document, 'readyState');
      }
    },
  );

  it("a returning visitor's query leaves from the screen data kept at the last visit, before the file has come; the file is kept for the next", async () => {
    const fetchImpl = page(`/groups/${GROUP}`);
    const answer = fetchImpl.getMockImplementation()!;
    let arrive = () => {};
    const held = new Promise<void>((resolve) => (arrive = resolve));
    fetchImpl.mockImplementation(async (url, init) => {
      if (url === SCREEN_DATA_URL) await held;
      return answer(url, init);
    });
    // The last visit's copy, from the build before (another query text).
    const earlier = 'query GroupById($id: UUID!) { groupCollection { edges { __typename } } }';
    const storeKey = `${EARLY_SCREEN_DATA_STORE_KEY}.remote_browse`;
    localStorage.setItem(
      storeKey,
      JSON.stringify({ url: SCREEN_DATA_URL, screens: { GroupPage: { ...screenData.GroupPage, query: earlier } } }),
    );
    start();
    await vi.waitFor(() => expect(graphqlCalls(fetchImpl)).toHaveLength(1));
    expect(JSON.parse(String(graphqlCalls(fetchImpl)[0]![1]?.body)).query).toBe(earlier);
    expect(early()?.query).toBe(earlier);
    arrive();
    await vi.waitFor(() =>
      expect(JSON.parse(localStorage.getItem(storeKey)!)).toEqual({ url: SCREEN_DATA_URL, screens: screenData }),
    );
    // One query: the screen itself asks again if its text is not the one sent (createApolloClient.ts).
    expect(graphqlCalls(fetchImpl)).toHaveLength(1);
  });

  it('a copy kept for another address of the remote is not used', async () => {
    const fetchImpl = page(`/groups/${GROUP}`);
    localStorage.setItem(
      `${EARLY_SCREEN_DATA_STORE_KEY}.remote_browse`,
      JSON.stringify({ url: 'http://127.0.0.1:9999/screen-data.json', screens: { GroupPage: { route: 'x' } } }),
    );
    start();
    await vi.waitFor(() => expect(graphqlCalls(fetchImpl)).toHaveLength(1));
    expect(JSON.parse(String(graphqlCalls(fetchImpl)[0]![1]?.body)).query).toBe(screenData.GroupPage.query);
  });

  it('a kept copy that lacks the screen (first published by a newer deploy) gives way to the fetched file', async () => {
    const fetchImpl = page(`/groups/${GROUP}`);
    localStorage.setItem(
      `${EARLY_SCREEN_DATA_STORE_KEY}.remote_browse`,
      JSON.stringify({ url: SCREEN_DATA_URL, screens: { GroupsList: { route: '/groups' } } }),
    );
    start();
    await vi.waitFor(() => expect(graphqlCalls(fetchImpl)).toHaveLength(1));
    expect(JSON.parse(String(graphqlCalls(fetchImpl)[0]![1]?.body)).query).toBe(screenData.GroupPage.query);
  });

  it('a file that cannot be had while the kept copy is used leaves no unhandled rejection, and the copy stays', async () => {
    const fetchImpl = page(`/groups/${GROUP}`);
    const answer = fetchImpl.getMockImplementation()!;
    fetchImpl.mockImplementation(async (url, init) => {
      if (url === SCREEN_DATA_URL) return new Response('<html>not json</html>', { status: 200 });
      return answer(url, init);
    });
    const storeKey = `${EARLY_SCREEN_DATA_STORE_KEY}.remote_browse`;
    const copy = JSON.stringify({ url: SCREEN_DATA_URL, screens: screenData });
    localStorage.setItem(storeKey, copy);
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', onUnhandled);
    try {
      start();
      await vi.waitFor(() => expect(graphqlCalls(fetchImpl)).toHaveLength(1));
      await vi.waitFor(() => expect(fetchImpl.mock.calls.some(([url]) => url === SCREEN_DATA_URL)).toBe(true));
      // Rejections are reported after the microtasks that could have handled them.
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(unhandled).toEqual([]);
      expect(localStorage.getItem(storeKey)).toBe(copy);
    } finally {
      process.off('unhandledRejection', onUnhandled);
    }
  });

  it('is part of the inline script the build writes', async () => {
    const script = await earlyRemoteScript();
    for (const name of [SCREEN_DATA_FILE, EARLY_SCREEN_DATA_KEY, EARLY_SIGNED_PHOTOS_KEY, EARLY_SCREEN_DATA_STORE_KEY])
      expect(script).toContain(name);
  });
});

describe('the route the first script picks (matchRoutePattern, @snapshire/contracts)', () => {
  it("is React Router's, with the same parameters, for every route of the site and odd addresses", () => {
    const patterns = Object.values(ROUTES);
    const filled = (pattern: string, value: string) => pattern.replace(/:[A-Za-z]+/g, value);
    const addresses = [
      ...patterns.flatMap((pattern) => [
        filled(pattern, '10000000-0000-4000-8000-000000000001'),
        filled(pattern, 'new').toUpperCase(),
        `${filled(pattern, 'a%20b%2Fc')}/`,
        filled(pattern, '%E0%A4%A'),
        `${filled(pattern, 'x')}/extra`,
      ]),
      '/',
      '//groups',
      '/groups//new',
      '/Groups/New',
      '/nowhere',
      '/groups/x/post',
    ];
    const routeObjects = patterns.map((path) => ({ path }));
    for (const address of addresses) {
      const picked = matchRoutes(routeObjects, address)?.at(-1);
      const expected = picked && {
        index: patterns.indexOf(picked.route.path as (typeof patterns)[number]),
        params: picked.params,
      };
      expect(matchRoutePattern(patterns, address), address).toEqual(expected);
    }
  });
});
