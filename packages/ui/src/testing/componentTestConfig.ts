/**
 * The vitest config of every React workspace (host, remotes, packages/ui, packages/data), made in one place:
 * jsdom, the shared DOM setup (dom-setup.ts) and the time a shared 2-core machine needs. Each workspace's
 * vitest.config.ts imports this file by path, as vite configs import packages/federation (Node loads a
 * config's imports, and cannot load a workspace's TypeScript through its package name).
 */
// The jest-dom matchers dom-setup.ts installs, typed for every workspace whose tsconfig includes its config.
/// <reference types="@testing-library/jest-dom/vitest" />
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type ViteUserConfig } from 'vitest/config';

const DOM_SETUP = join(dirname(fileURLToPath(import.meta.url)), 'dom-setup.ts');

export function componentTestConfig(): ViteUserConfig {
  return defineConfig({
    plugins: [react()],
    test: {
      environment: 'jsdom',
      // The machine is shared and `npm test` runs the suites in parallel: allow slow DOM interactions. A limit on
      // a hang, not a speed check: a batch-upload test that takes 2 s alone went past 20 s in a fresh-clone CI
      // run on a loaded 2-core machine.
      testTimeout: 60_000,
      // Screen tests start a real backend (@snapshire/backend/testing) in beforeAll: a few seconds, over a
      // minute when the other suites keep both cores busy (a fresh-clone CI run hit 60 s); as packages/backend.
      hookTimeout: 120_000,
      setupFiles: [DOM_SETUP],
      css: false,
      // The files of a workspace share one worker's jsdom page and modules instead of each loading its own:
      // CPU (user+sys) of the six workspaces' tests 529 s -> 336 s, remote-browse's 163 tests 257 s -> 168 s
      // (285 s -> 185 s wall), host's 37 s -> 9 s, against isolated forks (vitest's default), one after the
      // other on the loaded 2-core machine. Each file still starts from a fresh page's state (dom-setup.ts); what
      // modules keep is Emotion's style cache, and @snapshire/data's clients, which tests dispose (disposeData).
      pool: 'threads',
      isolate: false,
    },
  });
}
