import type { Rollup } from 'vite';
import { describe, expect, it } from 'vitest';
import { WHOLE_CHAKRA_CHUNK } from './chakraCore.ts';
import { shellScripts, withExposeEntryChunks } from './firstScripts.ts';

// Only the fields the selection reads: a full Rollup output chunk or asset has dozens more.
const chunk = (fileName: string, imports: string[] = [], dynamicImports: string[] = [], name = 'chunk') =>
  ({ type: 'chunk', fileName, name, imports, dynamicImports }) as unknown as Rollup.OutputChunk;
const asset = (fileName: string, source: string) =>
  ({ type: 'asset', fileName, source }) as unknown as Rollup.OutputAsset;

function bundleOf(...files: (Rollup.OutputChunk | Rollup.OutputAsset)[]): Rollup.OutputBundle {
  return Object.fromEntries(files.map((file) => [file.fileName, file]));
}

describe("the host's first scripts", () => {
  // The shape of a federated host's build: the page names the federation's bootstrap, which imports its init,
  // the app's entry and pending shares; the init loads the host's federation entry, which loads the shared map.
  const bundle = bundleOf(
    asset(
      'assets/mf-entry-bootstrap-0-abc.js',
      'import("./hostInit-1.js"); import("./pendingShares-2.js"); import("./index-3.js")',
    ),
    chunk('assets/hostInit-1.js', ['assets/preload-helper-5.js'], ['remoteEntry-12.js'], 'hostInit'),
    chunk('assets/pendingShares-2.js', ['assets/preload-helper-5.js'], [], 'pendingShares'),
    chunk('assets/index-3.js', ['assets/react-6.js'], ['assets/LazyScreen-11.js'], 'index'),
    chunk('remoteEntry-12.js', [], ['assets/localSharedImportMap-4.js', 'assets/whole-chakra-9.js'], 'remoteEntry'),
    chunk(
      'assets/localSharedImportMap-4.js',
      ['assets/preload-helper-5.js'],
      ['assets/react-6.js', 'assets/ui-7.js', 'assets/data-8.js'],
      '_virtual_mf-localSharedImportMap',
    ),
    chunk('assets/preload-helper-5.js'),
    chunk('assets/react-6.js'),
    chunk('assets/ui-7.js', ['assets/chakra-components-10.js']),
    chunk('assets/data-8.js', [], ['assets/realtime-13.js']),
    chunk('assets/whole-chakra-9.js', [], [], WHOLE_CHAKRA_CHUNK),
    chunk('assets/chakra-components-10.js'),
    chunk('assets/LazyScreen-11.js', ['assets/react-6.js']),
    chunk('assets/realtime-13.js'),
  );
  const html = '<script type="module" src="/assets/mf-entry-bootstrap-0-abc.js"></script>';

  it("names what the bootstrap imports, the entries and the host's shared copies, with their imports, once", () => {
    expect(shellScripts(bundle, html, '').sort()).toEqual([
      'assets/chakra-components-10.js',
      'assets/data-8.js',
      'assets/hostInit-1.js',
      'assets/index-3.js',
      'assets/localSharedImportMap-4.js',
      'assets/pendingShares-2.js',
      'assets/preload-helper-5.js',
      'assets/react-6.js',
      'assets/ui-7.js',
      'remoteEntry-12.js',
    ]);
  });

  it("leaves out the whole-Chakra copy for earlier remotes and what the app's own code loads lazily", () => {
    const preloaded = shellScripts(bundle, html, '');
    expect(preloaded).not.toContain('assets/whole-chakra-9.js');
    expect(preloaded).not.toContain('assets/LazyScreen-11.js');
    expect(preloaded).not.toContain('assets/realtime-13.js');
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
