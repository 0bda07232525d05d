import { describe, expect, it } from 'vitest';
import type { Plugin } from 'vite';
import { seedBatches, seedOrderPlugin } from './seedOrder.ts';
import { packageOf } from './shared.ts';

// The order, batches and prerequisites @module-federation/vite 1.23 generated for remote-upload.
const ORDER = [
  'react',
  'react/jsx-runtime',
  'react-dom',
  '@emotion/react',
  'react-dom/client',
  '@chakra-ui/react/styled-system',
  '@snapshire/ui',
  '@apollo/client',
];
const GENERATED = { 1: [0], 2: [0], 3: [0, 2], 4: [0, 2], 5: [3, 0, 2], 6: [3, 0, 2], 7: [0, 2] };
const DEPENDENCIES: Record<string, string[]> = {
  react: [],
  'react-dom': ['scheduler', 'react'],
  '@emotion/react': ['react'],
  '@chakra-ui/react': ['@emotion/react', 'react', 'react-dom'],
  '@snapshire/ui': ['@chakra-ui/react', '@emotion/react', 'next-themes', 'react', 'react-dom'],
  '@apollo/client': ['react', 'react-dom', 'graphql'],
};
const dependenciesOf = (share: string) => DEPENDENCIES[packageOf(share)] ?? [];

describe('seedBatches', () => {
  it("loads @snapshire/ui's copy after Chakra's core, which it reaches through a subpath share", () => {
    const { batches, prerequisites } = seedBatches(ORDER, GENERATED, dependenciesOf);
    expect(prerequisites[6]).toEqual([0, 2, 3, 5]);
    const batchOf = (share: string) => batches.findIndex((batch) => batch.includes(share));
    expect(batchOf('@snapshire/ui')).toBeGreaterThan(batchOf('@chakra-ui/react/styled-system'));
    expect(batches).toEqual([
      ['react'],
      ['react/jsx-runtime', 'react-dom'],
      ['@emotion/react', 'react-dom/client', '@apollo/client'],
      ['@chakra-ui/react/styled-system'],
      ['@snapshire/ui'],
    ]);
  });

  it('keeps the generated prerequisites, and adds nothing where every dependency is shared by its name', () => {
    const order = ['react', 'react-dom', '@emotion/react'];
    const generated = { 1: [0], 2: [0] };
    expect(seedBatches(order, generated, dependenciesOf)).toEqual({
      batches: [['react'], ['react-dom', '@emotion/react']],
      prerequisites: generated,
    });
  });

  it('does not depend on prerequisites being listed first, and refuses a cycle', () => {
    expect(seedBatches(['b', 'a'], { 0: [1] }, () => []).batches).toEqual([['a'], ['b']]);
    expect(() => seedBatches(['a', 'b'], { 0: [1], 1: [0] }, () => [])).toThrow(/cycle/);
  });
});

describe('seedOrderPlugin', () => {
  const transform = (code: string) => {
    const plugin = seedOrderPlugin(process.cwd()) as Plugin & {
      transform: (this: { error: (message: string) => never }, code: string) => { code: string } | null;
    };
    return plugin.transform.call(
      {
        error: (message: string) => {
          throw new Error(message);
        },
      },
      code,
    );
  };

  it("rewrites the generated container's batches and prerequisites", () => {
    const code = [
      `const __mfSeedOrder = ${JSON.stringify(['react', '@chakra-ui/react/styled-system', '@snapshire/ui'])};`,
      `const __mfSeedBatches = ${JSON.stringify([['react'], ['@chakra-ui/react/styled-system', '@snapshire/ui']])};`,
      `const __mfSeedPrerequisites = ${JSON.stringify({ 1: [0], 2: [0] })};`,
    ].join('\n');
    const out = transform(code)!.code;
    expect(out).toContain(
      `const __mfSeedBatches = ${JSON.stringify([['react'], ['@chakra-ui/react/styled-system'], ['@snapshire/ui']])};`,
    );
    expect(out).toContain(`const __mfSeedPrerequisites = ${JSON.stringify({ 1: [0], 2: [0, 1] })};`);
  });

  it('leaves other modules alone, and fails the build when the generated code changed shape', () => {
    expect(transform('export const x = 1;')).toBeNull();
    expect(() => transform('const __mfSeedBatches = [];')).toThrow(/seedOrder\.ts/);
  });
});
