import { mkdtemp, readFile, rm, writeFile, mkdir } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { compressDirectory } from './compressPlugin.ts';

describe('compressDirectory', () => {
  let dir = '';
  afterEach(() => rm(dir, { recursive: true, force: true }));

  it('writes brotli and gzip copies of text assets that decompress to the original', async () => {
    dir = await mkdtemp(join(tmpdir(), 'compress-'));
    await mkdir(join(dir, 'assets'));
    const js = 'export const x = "snapshire";\n'.repeat(200);
    await writeFile(join(dir, 'assets', 'index-Ab12Cd34.js'), js);
    await writeFile(join(dir, 'small.js'), 'export {};');
    await writeFile(join(dir, 'config.json'), JSON.stringify({ big: 'x'.repeat(4000) }));
    await writeFile(join(dir, 'photo.png'), Buffer.alloc(4000));

    expect(await compressDirectory(dir)).toBe(1);
    const br = await readFile(join(dir, 'assets', 'index-Ab12Cd34.js.br'));
    const gz = await readFile(join(dir, 'assets', 'index-Ab12Cd34.js.gz'));
    expect(brotliDecompressSync(br).toString()).toBe(js);
    expect(gunzipSync(gz).toString()).toBe(js);
    expect(br.length).toBeLessThan(js.length / 10);
    // Too small to gain, rewritten after the build (config.json), or already compressed (images): left alone.
    for (const name of ['small.js', 'config.json', 'photo.png']) {
      expect(existsSync(join(dir, `${name}.br`))).toBe(false);
      expect(existsSync(join(dir, `${name}.gz`))).toBe(false);
    }
  });
});
