/** The odd-photo fuzz (odd-photos-suite.ts) against handle-post-create served by a Node process of its own. */
import { afterAll, beforeAll, describe, it } from 'vitest';
import { retainedMemoryMb, serveWithNode, type DenoFunction } from './deno-serve.ts';
import { startHarness, type Harness } from './harness.ts';
import { runOddPhotoFuzz, sendAsMember } from './odd-photos-suite.ts';

let h: Harness;
let fn: DenoFunction;
beforeAll(async () => {
  h = await startHarness();
  fn = await serveWithNode('handle-post-create', h.backend, { memoryProbe: true });
}, 120_000);
afterAll(async () => {
  await fn?.stop();
  await h?.stop();
});

describe('handle-post-create on Node, one process, 300 odd files', () => {
  it('stores every JPEG the rules accept, names what is wrong with every other file, and keeps posting', async () => {
    await runOddPhotoFuzz({
      h,
      send: (form) => sendAsMember(h, fn, form),
      residentMb: () => retainedMemoryMb(fn),
      log: fn.output,
    });
  }, 600_000);
});
