/**
 * Benchmark of handle-post-create's CMYK conversion (icc.ts) under Deno with FFI denied, for a 12 MP and a
 * 48 MP CMYK photo carrying sharp's CMYK profile: the conversion alone on the pixels at their stored size
 * (cmyk-run.ts: naive, and the profile's table plus conversion), and the whole image step (image-run.ts) with
 * the profile and without it (naive), with its peak memory less an idle Deno process. One fresh Deno process
 * per run; median (min-max).
 *
 *   npx tsx bench/cmyk-bench.ts [runs=5]
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { LIMITS } from '@snapshire/contracts';
import sharp from 'sharp';
import { decodeSize } from '../../../supabase/functions/handle-post-create/image.ts';
import { jpegIccProfile } from '../../../supabase/functions/handle-post-create/icc.ts';
import { variedColours, withoutSegments } from '../testing/cmyk-photos.ts';
import { measureBareRuntime, medianRange as stats, runDenoScript } from '../testing/deno-serve.ts';

const runs = Number(process.argv[2] ?? 5);

const dir = await mkdtemp(join(tmpdir(), 'snapshire-cmyk-bench-'));
try {
  const small = variedColours(400, 300);
  const idle = { peak: await measureBareRuntime(dir) };
  console.log(`idle Deno process: ${idle.peak.toFixed(0)} MB; ${runs} runs each, median (min-max)`);
  for (const [label, width, height] of [
    ['12 MP (4000x3000)', 4000, 3000],
    ['48 MP (8000x6000)', 8000, 6000],
  ] as const) {
    const jpeg = await sharp(small.data, { raw: { width: small.width, height: small.height, channels: 3 } })
      .resize(width, height)
      .toColourspace('cmyk')
      .withIccProfile('cmyk')
      .jpeg({ quality: 85 })
      .toBuffer();
    const files = { profile: join(dir, 'profile.icc'), pixels: join(dir, 'pixels.cmyk') };
    const withProfile = join(dir, `${width}-profile.jpg`);
    const naive = join(dir, `${width}-naive.jpg`);
    await writeFile(withProfile, jpeg);
    await writeFile(
      naive,
      withoutSegments(jpeg, (marker) => marker === 0xe2),
    );
    await writeFile(files.profile, jpegIccProfile(jpeg)!);
    // The pixels as the decoder hands them at the stored size: ink values, inverted.
    const stored = decodeSize(width, height, LIMITS.STORED_MAX_PIXELS);
    const ink = await sharp(jpeg)
      .pipelineColourspace('cmyk')
      .resize(stored.width, stored.height)
      .toColourspace('cmyk')
      .raw()
      .toBuffer();
    await writeFile(
      files.pixels,
      ink.map((v) => 255 - v),
    );
    const conversion = { naive: [] as number[], table: [] as number[], convert: [] as number[] };
    const step = {
      profile: [] as number[],
      naive: [] as number[],
      profilePeak: [] as number[],
      naivePeak: [] as number[],
    };
    for (let round = 0; round < runs; round++) {
      const run = JSON.parse((await runDenoScript('cmyk-run.ts', [files.profile, files.pixels])).line) as {
        naiveMs: number;
        tableMs: number;
        convertMs: number;
      };
      conversion.naive.push(run.naiveMs);
      conversion.table.push(run.tableMs);
      conversion.convert.push(run.convertMs);
      for (const [kind, file] of [
        ['profile', withProfile],
        ['naive', naive],
      ] as const) {
        const { line, peakMb: peak } = await runDenoScript('image-run.ts', [file]);
        step[kind].push((JSON.parse(line) as { ms: number }).ms);
        step[kind === 'profile' ? 'profilePeak' : 'naivePeak'].push(peak - idle.peak);
      }
    }
    console.log(
      `${label}, ${(jpeg.length / 1048576).toFixed(1)} MB, converted at ${stored.width}x${stored.height}: ` +
        `naive ${stats(conversion.naive)} ms; profile: table ${stats(conversion.table)} ms + conversion ${stats(conversion.convert)} ms; ` +
        `whole image step ${stats(step.profile)} ms with the profile, ${stats(step.naive)} ms naive; ` +
        `peak beyond idle Deno ${stats(step.profilePeak)} MB with the profile, ${stats(step.naivePeak)} MB naive`,
    );
  }
} finally {
  await rm(dir, { recursive: true, force: true });
}
