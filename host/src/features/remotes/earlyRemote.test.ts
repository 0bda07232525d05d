import { afterEach, describe, expect, it, vi } from 'vitest';
import { earlyRemoteScript } from '../../../build/earlyRemotePlugin.ts';
import { RUNTIME_CONFIG_ELEMENT_ID } from '../../app/runtimeConfigElement.ts';
import { EARLY_MANIFESTS_KEY, startRouteRemoteEarly, takeEarlyManifest, type EarlyRoute } from './earlyRemote.ts';

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

afterEach(() => {
  vi.unstubAllGlobals();
  document.head.innerHTML = '';
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
    const script = earlyRemoteScript();
    expect(script).toContain('"/groups/:groupId","remote_browse","GroupPage"');
    // Run as the page runs it: the source alone, with no module scope around it.
    new Function(script)();
    expect(fetchImpl).toHaveBeenCalledWith(BROWSE, {});
    await vi.waitFor(() => expect(preloads()).toContain('http://127.0.0.1:5174/assets/GroupPage-1.js'));
  });
});
