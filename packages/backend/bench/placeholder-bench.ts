/**
 * What the placeholder costs per upload: handle-post-create's ThumbHash step (averaging the decoded photo
 * down to 100 px, turning it upright, encoding) under Deno with FFI denied, on the pixels the image step
 * decoded from a 12 MP and a 48 MP phone photo (EXIF orientation 6 and GPS). One fresh Deno process per
 * photo and round (so the first run of each is a cold one, as a worker's first upload is), `repeat`
 * placeholders each; prints the median and min-max in ms of all runs, and of the first run of each process.
 * measurePlaceholder is also what batch-upload.ts reports.
 *
 *   npx tsx bench/placeholder-bench.ts [rounds=3] [repeat=11]
 */
import { execFileSync } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DENO, denoScriptArgs, medianRange } from '../testing/deno-serve.ts';
import { phonePhoto } from '../testing/upload-photos.ts';

const REPO = resolve(fileURLToPath(new URL('../../../', import.meta.url)));

/** One photo's placeholder timings, in ms: every run, and the first (cold) run of each process. */
export interface PlaceholderCost {
  all: number[];
  first: number[];
  /** width x height of the pixels the placeholder was made from (after the image step's scaled decode). */
  decoded: string;
  /** The placeholder's size. */
  bytes: number;
}

/** `median (min-max) ms`. */
export const msMedianRange = (values: readonly number[]) => `${medianRange(values, 1)} ms`;

/** Times the placeholder of each labelled JPEG: `rounds` fresh Deno processes per photo, `repeat` runs each. */
export async function measurePlaceholder(
  photos: Record<string, Uint8Array>,
  rounds = 3,
  repeat = 11,
): Promise<Map<string, PlaceholderCost>> {
  const dir = await mkdtemp(join(tmpdir(), 'snapshire-placeholder-bench-'));
  try {
    const files = Object.entries(photos).map(([label, bytes], i) => ({ label, bytes, file: join(dir, `${i}.jpg`) }));
    for (const { bytes, file } of files) await writeFile(file, bytes);
    const results = new Map<string, PlaceholderCost>();
    for (let round = 0; round < rounds; round++) {
      for (const { label, file } of files) {
        const line = execFileSync(DENO, denoScriptArgs('placeholder-run.ts', [file, String(repeat)]), {
          cwd: REPO,
          env: { ...process.env, NO_COLOR: '1' },
          encoding: 'utf8',
        });
        const run = JSON.parse(line.trim().split('\n').at(-1)!) as {
          ms: number[];
          width: number;
          height: number;
          bytes: number;
        };
        const entry = results.get(label) ?? {
          all: [],
          first: [],
          decoded: `${run.width}x${run.height}`,
          bytes: run.bytes,
        };
        entry.all.push(...run.ms);
        entry.first.push(run.ms[0]!);
        results.set(label, entry);
      }
    }
    return results;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

const isMain = process.argv[1] && fileURLToPath(import.meta.url) === resolve(process.argv[1]);
if (isMain) {
  const rounds = Number(process.argv[2] ?? 3);
  const repeat = Number(process.argv[3] ?? 11);
  const results = await measurePlaceholder(
    {
      '12 MP (4000x3000)': await phonePhoto(4000, 3000, 88),
      '48 MP (8000x6000)': await phonePhoto(8000, 6000, 80),
    },
    rounds,
    repeat,
  );
  console.log(`placeholder (ThumbHash) per upload, ${rounds} processes x ${repeat} runs, median (min-max)`);
  for (const [label, r] of results) {
    console.log(
      `${label}, decoded ${r.decoded}: ${msMedianRange(r.all)}; first run of a process ${msMedianRange(r.first)}; ${r.bytes} bytes`,
    );
  }
}
