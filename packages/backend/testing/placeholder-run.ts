/**
 * Runs under Deno (no FFI): decodes one JPEG as handle-post-create's image step does, then computes its
 * placeholder (ThumbHash) from those pixels `repeat` times, and prints one JSON line with each run's
 * milliseconds and the placeholder's size. Used by placeholder-bench.ts.
 */
import { withDecodedPhoto } from '../../../supabase/functions/handle-post-create/image.ts';
import { photoPlaceholder } from '../../../supabase/functions/handle-post-create/placeholder.ts';

declare const Deno: { args: string[]; readFile(path: string): Promise<Uint8Array> };

const bytes = await Deno.readFile(Deno.args[0]!);
const repeat = Number(Deno.args[1] ?? 11);
const out = await withDecodedPhoto(bytes, (rgb, width, height, orientation) => {
  const ms: number[] = [];
  let hash = '';
  for (let i = 0; i < repeat; i++) {
    const started = performance.now();
    hash = photoPlaceholder(rgb, width, height, 3, orientation);
    ms.push(performance.now() - started);
  }
  return { ms, width, height, chars: hash.length, bytes: Math.floor((hash.length * 3) / 4) };
});
console.log(JSON.stringify(out));
