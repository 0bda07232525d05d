/** The odd-photo fuzz (odd-photos-suite.ts) against handle-post-create served by Deno with FFI denied. */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  EDGE_MEMORY_BUDGET_MB,
  measureBareRuntime,
  peakMemoryMb,
  retainedMemoryMb,
  serveWithDeno,
  type DenoFunction,
} from './deno-serve.ts';
import { startHarness, type Harness } from './harness.ts';
import { runOddPhotoFuzz, sendAsMember } from './odd-photos-suite.ts';

let h: Harness;
let fn: DenoFunction;
let tmp: string;
let bareRuntimeMb = 0;
beforeAll(async () => {
  h = await startHarness();
  tmp = await mkdtemp(join(tmpdir(), 'snapshire-odd-'));
  bareRuntimeMb = await measureBareRuntime(tmp);
  fn = await serveWithDeno('handle-post-create', h.backend, { memoryProbe: true });
}, 120_000);
afterAll(async () => {
  await fn?.stop();
  await h?.stop();
  if (tmp) await rm(tmp, { recursive: true, force: true });
});

describe('handle-post-create under Deno with FFI denied, one process, 300 odd files', () => {
  it('stores every JPEG the rules accept, names what is wrong with every other file, and keeps posting', async () => {
    await runOddPhotoFuzz({
      h,
      send: (form) => sendAsMember(h, fn, form),
      residentMb: () => retainedMemoryMb(fn),
      log: fn.output,
    });
    // Without forced collections (the probe's come only every ten files), what a dropped instance leaves to
    // the collector piles up; the peak must still fit the Edge Runtime's worker budget.
    const used = peakMemoryMb(fn.process.pid!) - bareRuntimeMb;
    console.log(`[odd photos] Deno peak ${used.toFixed(0)} MB beyond an idle Deno, of ${EDGE_MEMORY_BUDGET_MB} MB`);
    expect(used).toBeLessThanOrEqual(EDGE_MEMORY_BUDGET_MB);
  }, 600_000);
});
