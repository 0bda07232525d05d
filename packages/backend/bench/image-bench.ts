/**
 * Benchmark of handle-post-create's image step (decode + orient + re-encode, WebAssembly) under Deno with
 * FFI denied, for a 12 MP and a 48 MP phone photo (EXIF orientation 6 and GPS), alternating, one fresh
 * Deno process per run. Prints the median and min-max of the time and of the peak memory: the process's
 * peak resident memory, and that less an idle Deno process (the runtime the Edge Runtime shares).
 *
 *   npx tsx bench/image-bench.ts [runs=5]
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { measureBareRuntime, medianRange as stats, runDenoScript } from '../testing/deno-serve.ts';
import { phonePhoto } from '../testing/upload-photos.ts';

const runs = Number(process.argv[2] ?? 5);

const dir = await mkdtemp(join(tmpdir(), 'snapshire-image-bench-'));
try {
  const photos = {
    '12 MP (4000x3000)': join(dir, '12mp.jpg'),
    '48 MP (8000x6000)': join(dir, '48mp.jpg'),
  };
  await writeFile(photos['12 MP (4000x3000)'], await phonePhoto(4000, 3000, 88));
  await writeFile(photos['48 MP (8000x6000)'], await phonePhoto(8000, 6000, 80));
  const idle = { peak: await measureBareRuntime(dir) };
  const results = new Map<string, { ms: number[]; peak: number[]; size: string; out: string }>();
  for (let round = 0; round < runs; round++) {
    for (const [label, file] of Object.entries(photos)) {
      const { line, peakMb: peak } = await runDenoScript('image-run.ts', [file]);
      const run = JSON.parse(line) as { ms: number; width: number; height: number; bytes: number };
      const entry = results.get(label) ?? {
        ms: [],
        peak: [],
        size: `${(readFileSync(file).length / 1048576).toFixed(1)} MB`,
        out: '',
      };
      entry.ms.push(run.ms);
      entry.peak.push(peak);
      entry.out = `${run.width}x${run.height}, ${(run.bytes / 1048576).toFixed(1)} MB`;
      results.set(label, entry);
    }
  }
  console.log(`idle Deno process: ${idle.peak.toFixed(0)} MB; ${runs} runs each, median (min-max)`);
  for (const [label, r] of results) {
    console.log(
      `${label}, ${r.size} -> stored ${r.out}: ${stats(r.ms)} ms, process peak ${stats(r.peak)} MB, ` +
        `less idle Deno ${stats(r.peak.map((p) => p - idle.peak))} MB`,
    );
  }
} finally {
  await rm(dir, { recursive: true, force: true });
}
