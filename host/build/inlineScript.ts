/**
 * An inline script of index.html, bundled at build time from a module of the repository: one classic script
 * (IIFE, minified) with what it imports, so it shares code with the modules that own it instead of copying it.
 * `constants` are the entry's declared globals, each replaced by its JSON value (Vite's define).
 */
import { build, type Rollup } from 'vite';

export async function bundleInlineScript(entry: string, constants: Record<string, unknown>): Promise<string> {
  const result = await build({
    configFile: false,
    logLevel: 'warn',
    define: Object.fromEntries(Object.entries(constants).map(([name, value]) => [name, JSON.stringify(value)])),
    build: {
      write: false,
      minify: true,
      copyPublicDir: false,
      modulePreload: false,
      rollupOptions: { input: entry, output: { format: 'iife' } },
    },
  });
  const outputs = (Array.isArray(result) ? result : [result]) as Rollup.RollupOutput[];
  const chunks = outputs.flatMap((output) => output.output).filter((file) => file.type === 'chunk');
  if (chunks.length !== 1) throw new Error(`${entry} bundled into ${chunks.length} chunks, not one.`);
  return chunks[0]!.code.trim();
}
