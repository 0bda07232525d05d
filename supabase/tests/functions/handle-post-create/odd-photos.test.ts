/**
 * The odd-photo fuzz (odd-photos-fuzz.ts) against handle-post-create in a process of its own: on Node (as
 * the embedded backend runs it) and under Deno with FFI denied (as Supabase's Edge Runtime does).
 */
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
  serveWithNode,
  type DenoFunction,
} from '../../../../packages/backend/testing/deno-serve.ts';
import { startHarness, type Harness } from '../../../../packages/backend/testing/functions-harness.ts';
import { runOddPhotoFuzz, sendAsMember } from './odd-photos-fuzz.ts';

let h: Harness;
let tmp: string;
beforeAll(async () => {
  h = await startHarness();
  tmp = await mkdtemp(join(tmpdir(), 'snapshire-odd-'));
}, 120_000);
afterAll(async () => {
  await h?.stop();
  if (tmp) await rm(tmp, { recursive: true, force: true });
});

describe.each([
  { runtime: 'Node', serve: serveWithNode },
  { runtime: 'Deno with FFI denied', serve: serveWithDeno },
])('handle-post-create on $runtime, one process, 300 odd files', ({ runtime, serve }) => {
  let fn: DenoFunction;
  beforeAll(async () => {
    fn = await serve('handle-post-create', h.backend, { memoryProbe: true });
  }, 120_000);
  afterAll(async () => {
    await fn?.stop();
  });

  it('stores every JPEG the rules accept, names what is wrong with every other file, and keeps posting', async () => {
    await runOddPhotoFuzz({
      h,
      send: (form) => sendAsMember(h, fn, form),
      residentMb: () => retainedMemoryMb(fn),
      log: fn.output,
    });
    if (runtime.startsWith('Deno')) {
      // Without forced collections (the probe's come only every ten files), what a dropped instance leaves to
      // the collector piles up; the peak must still fit the Edge Runtime's worker budget.
      const used = peakMemoryMb(fn.process.pid!) - (await measureBareRuntime(tmp));
      console.log(`[odd photos] Deno peak ${used.toFixed(0)} MB beyond an idle Deno, of ${EDGE_MEMORY_BUDGET_MB} MB`);
      expect(used).toBeLessThanOrEqual(EDGE_MEMORY_BUDGET_MB);
    }
  }, 600_000);
});
