import { describe, expect, it } from 'vitest';
import { noPagePreloadsPlugin, withExposeEntryChunks } from './firstScripts.ts';

describe("the host's page", () => {
  it('preloads no script: the setting both Vite and the federation plugin read', () => {
    const config = noPagePreloadsPlugin().config as () => { build: { modulePreload: unknown } };
    expect(config().build.modulePreload).toBe(false);
  });
});

describe("a remote's manifest", () => {
  it("puts each exposed screen's own entry chunk first among its files, and only once", () => {
    const manifest = {
      metaData: { name: 'remote_browse' },
      exposes: [
        {
          name: 'GroupPage',
          path: './GroupPage',
          assets: { js: { sync: ['assets/app-shared.js'], async: ['assets/GroupPage-1.js'] } },
        },
        { name: 'PostView', path: './PostView', assets: { js: { sync: ['assets/app-shared.js'], async: [] } } },
      ],
    };
    const patched = JSON.parse(
      withExposeEntryChunks(JSON.stringify(manifest), new Map([['./GroupPage', 'assets/GroupPage-1.js']])),
    ) as typeof manifest;
    expect(patched.exposes[0]!.assets.js).toEqual({
      sync: ['assets/GroupPage-1.js', 'assets/app-shared.js'],
      async: [],
    });
    expect(patched.exposes[1]!.assets.js).toEqual(manifest.exposes[1]!.assets.js);
    expect(patched.metaData).toEqual(manifest.metaData);
  });
});
