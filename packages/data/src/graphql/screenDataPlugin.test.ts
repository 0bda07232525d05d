// @vitest-environment node
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { loadScreenData } from './screenDataPlugin.ts';

describe('loadScreenData', () => {
  it("publishes a screen's first-photos module as one small file of its own, named by its content", async () => {
    const { screens, files } = await loadScreenData(
      fileURLToPath(new URL('./fixtures/screenData.ts', import.meta.url)),
    );
    expect(files).toHaveLength(1);
    const [file] = files;
    expect(file!.fileName).toMatch(/^first-photos-GroupPage\.[0-9a-f]{10}\.js$/);
    expect(screens.GroupPage).toMatchObject({ route: '/groups/:groupId', firstPhotos: file!.fileName });
    // Everything inlined (the first script imports it alone), and only what it uses: not zod, which the
    // contracts it borrows from set up at import.
    expect(file!.source).not.toMatch(/^\s*import\b|\bfrom\s*["'`]/m);
    expect(file!.source).toMatch(/export\s*\{[^}]*planFirstPhotos/);
    expect(file!.source).not.toContain('jitless');
    expect(file!.source.length).toBeLessThan(4_000);
    const planner = (await import(`data:text/javascript,${encodeURIComponent(file!.source)}`)) as {
      planFirstPhotos: (r: unknown, p: { supabaseUrl: string }) => { urlsToFetch: (a: unknown) => string[] };
    };
    expect(planner.planFirstPhotos(null, { supabaseUrl: 'http://x.test' }).urlsToFetch(null)).toEqual([
      'http://x.test/storage/v1/render/image/sign/photography/p.jpg?token=t',
    ]);
  }, 60_000);
});
