import { resolve } from 'node:path';
import type { Plugin } from 'vite';

/**
 * A build plugin that works on the written output: `onWritten` gets the output folder (absolute) once the
 * bundle is on disk, for what rewrites or adds files next to Vite's (the immutable entry, compressed copies).
 */
export function afterBuildPlugin(name: string, onWritten: (outDir: string) => void | Promise<void>): Plugin {
  let outDir = '';
  return {
    name,
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      await onWritten(outDir);
    },
  };
}
