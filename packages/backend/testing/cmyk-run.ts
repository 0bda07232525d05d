/**
 * Times handle-post-create's CMYK conversion once under Deno (no FFI) in a fresh process, on decoded CMYK
 * pixels (as libjpeg-turbo hands them: inverted) and the photo's profile: the naive conversion, and the
 * profile's (building its table, then converting), each on its own copy of the pixels. Prints one JSON
 * line. Used by cmyk-bench.ts.
 *
 *   deno run ... cmyk-run.ts <profile.icc> <pixels.cmyk>
 */
import { cmykToSrgbConversion } from '../../../supabase/functions/handle-post-create/icc.ts';
import { cmykToRgbInPlace } from '../../../supabase/functions/handle-post-create/image.ts';

/** The Deno APIs this script uses (it runs under Deno; the backend's TypeScript setup knows Node only). */
declare const Deno: { args: string[]; readFile(path: string): Promise<Uint8Array> };

const profile = await Deno.readFile(Deno.args[0]!);
const pixels = await Deno.readFile(Deno.args[1]!);
const count = pixels.length / 4;
const naiveCopy = pixels.slice();
let started = performance.now();
cmykToRgbInPlace(naiveCopy, count);
const naiveMs = performance.now() - started;
started = performance.now();
const convert = cmykToSrgbConversion(profile, true);
const tableMs = performance.now() - started;
if (!convert) throw new Error('the profile was not understood');
const profiledCopy = pixels.slice();
started = performance.now();
convert(profiledCopy, count);
const convertMs = performance.now() - started;
console.log(JSON.stringify({ count, naiveMs, tableMs, convertMs }));
