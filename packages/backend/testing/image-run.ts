/**
 * Runs handle-post-create's image step once under Deno (no FFI) on one JPEG and prints one JSON line with
 * the milliseconds for decode + orient + re-encode, then waits for its standard input to close so the
 * parent can read this process's peak resident memory (VmHWM in /proc/<pid>/status: a process denied FFI
 * may not read its own /proc entry). Used by image-bench.ts, one fresh process per measurement.
 */
import { sanitizeJpeg } from '../../../supabase/functions/handle-post-create/image.ts';

/** The Deno APIs this script uses (it runs under Deno; the backend's TypeScript setup knows Node only). */
declare const Deno: {
  args: string[];
  readFile(path: string): Promise<Uint8Array>;
  stdin: { read(buffer: Uint8Array): Promise<number | null> };
};

const bytes = await Deno.readFile(Deno.args[0]!);
const started = performance.now();
const out = await sanitizeJpeg(bytes);
const ms = performance.now() - started;
console.log(JSON.stringify({ ms: Math.round(ms), width: out.width, height: out.height, bytes: out.data.length }));
await Deno.stdin.read(new Uint8Array(1));
