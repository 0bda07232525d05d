import { describe, expect, it } from 'vitest';
import { isAppModule } from './chunkGroups.ts';
import { SHARED_PACKAGES } from './shared.ts';

describe('the app-shared chunk', () => {
  it("takes the app's and the workspace packages' source, not a library's or a federation module", () => {
    expect(isAppModule('/repo/remote-browse/src/shared/photos/SignedPhoto.tsx')).toBe(true);
    expect(isAppModule('/repo/packages/contracts/src/messages.ts')).toBe(true);
    expect(isAppModule('/repo/node_modules/some-lib/src/index.js')).toBe(false);
    expect(isAppModule('\0virtual:mf:__loadShare__react')).toBe(false);
    // The shared workspace packages' modules stay in the federation's chunks (provided copy or fallback).
    const sharedWorkspace = SHARED_PACKAGES.filter((name) => name.startsWith('@snapshire/'));
    expect(sharedWorkspace.length).toBeGreaterThan(0);
    for (const name of sharedWorkspace)
      expect(isAppModule(`/repo/packages/${name.slice('@snapshire/'.length)}/src/index.ts`), name).toBe(false);
    expect(isAppModule('/repo/remote-browse/src/virtual:mf-localSharedImportMap')).toBe(false);
  });
});
