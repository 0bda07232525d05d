/**
 * Writes a brotli (.br) and a gzip (.gz) copy next to each text asset of a build, so the static server
 * (scripts/lib/static-server.mjs) can answer Accept-Encoding without compressing on every request.
 * Files that change after the build (config.json, rewritten by `npm start`) are left out: the server serves
 * a compressed copy only when it is at least as new as the file itself.
 */
import { readFile, readdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { promisify } from 'node:util';
import type { Plugin } from 'vite';
import { afterBuildPlugin } from './afterBuildPlugin.ts';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Text formats worth compressing (images and fonts already are). */
export const COMPRESSIBLE = /\.(js|mjs|css|html|json|svg|txt|map|xml|webmanifest)$/;
/** Below this, the compressed copy saves less than the request overhead. */
export const MIN_COMPRESS_BYTES = 1024;
const NOT_COMPRESSED_AT_BUILD = /(^|[\\/])config\.json$/;

async function* walk(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(path);
    else if (entry.isFile()) yield path;
  }
}

/** Compresses every eligible file under `dir` (brotli at maximum quality, gzip at level 9). */
export async function compressDirectory(dir: string): Promise<number> {
  let count = 0;
  for await (const path of walk(dir)) {
    if (!COMPRESSIBLE.test(path) || NOT_COMPRESSED_AT_BUILD.test(path)) continue;
    const source = await readFile(path);
    if (source.length < MIN_COMPRESS_BYTES) continue;
    const [br, gz] = await Promise.all([
      brotli(source, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
          [constants.BROTLI_PARAM_SIZE_HINT]: source.length,
        },
      }),
      gzipAsync(source, { level: 9 }),
    ]);
    await Promise.all([writeFile(`${path}.br`, br), writeFile(`${path}.gz`, gz)]);
    count += 1;
  }
  return count;
}

/** The Vite plugin: compresses the output folder once the bundle is written. */
export function compressPlugin(): Plugin {
  return afterBuildPlugin('snapshire-compress', async (outDir) => {
    await compressDirectory(outDir);
  });
}
