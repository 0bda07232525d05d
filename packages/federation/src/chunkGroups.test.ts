import { describe, expect, it } from 'vitest';
import {
  APP_SHARED_CHUNK,
  CHAKRA_COMPONENTS_CHUNK,
  componentCodeChunkNames,
  screenChunkNames,
  isAppModule,
  onlySharedPackagesImport,
  screensReaching,
  type ModuleGraph,
} from './chunkGroups.ts';
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

describe("a contract only a shared package's fallback copy uses", () => {
  const SCHEMAS = '/repo/packages/contracts/src/sign-photos-schemas.ts';
  const graph = (importers: string[]): ModuleGraph => ({
    getModuleInfo: (id) => (id === SCHEMAS ? { importers, dynamicImporters: [], importedIds: [] } : null),
  });
  const INDEX = '/repo/packages/contracts/src/index.ts';
  const DATA = '/repo/packages/data/src/photos/signedPhotosIn.ts';

  it('stays out of the app-shared chunk (with that copy, loaded only when the host does not provide it)', () => {
    expect(onlySharedPackagesImport(SCHEMAS, graph([INDEX, DATA]))).toBe(true);
  });
  it("joins it as any other contract once the app's own code imports it too, or only the index does", () => {
    expect(onlySharedPackagesImport(SCHEMAS, graph([INDEX, DATA, '/repo/src/shared/photoSigner.ts']))).toBe(false);
    expect(onlySharedPackagesImport(SCHEMAS, graph([INDEX]))).toBe(false);
  });
});

describe("the app's shared code by the screens that use it", () => {
  // remote-browse's shape: two screens share a card, and the two form screens a field that draws with a bundled
  // Chakra component (through the package's index); the standalone router reaches every screen lazily.
  const CHAKRA_INDEX = '/repo/node_modules/@chakra-ui/react/dist/esm/index.js';
  const CHECKBOX = '/repo/node_modules/@chakra-ui/react/dist/esm/components/checkbox/index.js';
  const modules: Record<string, { importers?: string[]; dynamicImporters?: string[]; importedIds?: string[] }> = {
    '/repo/src/main.tsx': {},
    '/repo/src/screens/GroupPage/GroupPage.tsx': { dynamicImporters: ['/repo/src/main.tsx'] },
    '/repo/src/screens/GroupsPage/GroupsPage.tsx': { dynamicImporters: ['/repo/src/main.tsx'] },
    '/repo/src/screens/NewGroupPage/NewGroupPage.tsx': { dynamicImporters: ['/repo/src/main.tsx'] },
    '/repo/src/screens/SettingsPage/SettingsPage.tsx': { dynamicImporters: ['/repo/src/main.tsx'] },
    '/repo/src/screens/SettingsPage/Section.tsx': {
      dynamicImporters: ['/repo/src/screens/SettingsPage/SettingsPage.tsx'],
    },
    '/repo/src/shared/Card.tsx': {
      importers: ['/repo/src/screens/GroupPage/GroupPage.tsx', '/repo/src/screens/GroupsPage/GroupsPage.tsx'],
      importedIds: [CHAKRA_INDEX],
    },
    '/repo/src/shared/Field.tsx': {
      importers: ['/repo/src/screens/NewGroupPage/NewGroupPage.tsx', '/repo/src/screens/SettingsPage/Section.tsx'],
      importedIds: [CHECKBOX, '/repo/src/shared/rules.ts'],
    },
    // Its own entry, and the index (which the shell's components take theirs from, on every screen).
    [CHECKBOX]: { importers: ['/repo/src/shared/Field.tsx', CHAKRA_INDEX] },
    [CHAKRA_INDEX]: { importers: ['/repo/src/shared/Everywhere.tsx'] },
    '/repo/src/shared/rules.ts': { importers: ['/repo/src/shared/Field.tsx', '/repo/src/shared/Card.tsx'] },
    '/repo/src/shared/Everywhere.tsx': {
      importers: [
        '/repo/src/screens/GroupPage/GroupPage.tsx',
        '/repo/src/screens/GroupsPage/GroupsPage.tsx',
        '/repo/src/screens/NewGroupPage/NewGroupPage.tsx',
        '/repo/src/screens/SettingsPage/SettingsPage.tsx',
      ],
      importedIds: [CHAKRA_INDEX],
    },
  };
  const graph: ModuleGraph = {
    getModuleInfo: (id) => {
      const info = modules[id];
      return info ? { importers: [], dynamicImporters: [], importedIds: [], ...info } : null;
    },
  };
  const screens = Object.keys(modules).filter((id) => /screens\/(\w+)\/\1\.tsx$/.test(id));

  it('finds the screens through static and lazy imports, stopping at a screen', () => {
    expect(screensReaching('/repo/src/shared/rules.ts', graph, new Set(screens))).toEqual([
      '/repo/src/screens/GroupPage/GroupPage.tsx',
      '/repo/src/screens/GroupsPage/GroupsPage.tsx',
      '/repo/src/screens/NewGroupPage/NewGroupPage.tsx',
      '/repo/src/screens/SettingsPage/SettingsPage.tsx',
    ]);
    expect(screensReaching('/repo/src/main.tsx', graph, new Set(screens))).toEqual([]);
  });

  it('puts code that draws with bundled components with the screens that use it, the rest in one chunk', () => {
    const name = componentCodeChunkNames(screens);
    expect(name('/repo/src/shared/Field.tsx', graph)).toBe(`${APP_SHARED_CHUNK}-NewGroupPage-SettingsPage`);
    expect(name('/repo/src/shared/Card.tsx', graph)).toBe(`${APP_SHARED_CHUNK}-GroupPage-GroupsPage`);
    expect(name('/repo/src/shared/rules.ts', graph)).toBeNull();
    expect(name('/repo/src/shared/Everywhere.tsx', graph)).toBeNull();
  });

  it("puts a bundled component with the screens that draw it, not every screen its package's index reaches", () => {
    expect(screenChunkNames(CHAKRA_COMPONENTS_CHUNK, screens)(CHECKBOX, graph)).toBe(
      `${CHAKRA_COMPONENTS_CHUNK}-NewGroupPage-SettingsPage`,
    );
  });

  it('keeps one chunk when no screens are given (the host)', () => {
    expect(componentCodeChunkNames([])('/repo/src/shared/Field.tsx', graph)).toBeNull();
  });
});
