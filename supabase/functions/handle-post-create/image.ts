/**
 * What the photo really is, decided from its bytes (a declared type or name can lie), and the copy that is
 * stored: turned upright, re-encoded, with every metadata block (EXIF, GPS, XMP, comments) dropped.
 *
 * Everything runs as WebAssembly or JavaScript (no native addon, no FFI, no worker threads: it runs on
 * Supabase's Edge Runtime): libjpeg-turbo's TurboJPEG decoder (@cwasm/jpeg-turbo) decodes, scaled down in
 * the DCT when the photo has more than LIMITS.STORED_MAX_PIXELS, so memory stays bounded whatever the
 * upload's size; libjpeg-turbo's encoder (@cornerstonejs/codec-libjpeg-turbo-8bit) re-encodes, and MozJPEG
 * (jSquash's build, @jsquash/jpeg) re-encodes the photos too small for that encoder (TURBO_ENCODER_MIN_PIXEL_BYTES). The EXIF orientation
 * and the camera details are read by hand (readExif in @snapshire/contracts: a few tags of two IFDs, never
 * GPS or serial numbers): a general EXIF library (exifr) added 16 MB to the worker's memory, a tenth of its
 * budget. The placeholder (ThumbHash, placeholder.ts) comes from the decoded pixels before they are encoded.
 * Measured time and memory per size: supabase/README.md.
 *
 * Each WebAssembly module is compiled once per worker and instantiated as needed: an instance that finished
 * a photo cleanly (every allocation freed) serves the next one, so the worker's memory levels off at what
 * its largest photo needed; an instance on which anything failed (a libjpeg error unwinding its stack, a
 * trap, no memory) is dropped with its request, so one odd file can never refuse the next person's photo.
 */
import encoderFactory, { type FrameInfo } from '@cornerstonejs/codec-libjpeg-turbo-8bit/wasmjs';
import mozjpegFactory from '@jsquash/jpeg/codec/enc/mozjpeg_enc.js';
import { type CameraDetails, checkJpegHeader, LIMITS, MESSAGES, readExif } from '@snapshire/contracts';
import { HttpError } from '../_shared/http.ts';
import { jpegSrgbConversions, type SrgbConversions } from './icc.ts';
import { orient } from './orient.ts';
import { photoPlaceholder } from './placeholder.ts';

/** Quality of the stored re-encode: visually lossless for a photo, well under the source size. */
export const STORED_JPEG_QUALITY = 90;

/**
 * The libjpeg-turbo encoder writes into an output buffer of its input's size, which it never grows
 * (its JPEGEncoder.hpp presizes it so and passes TJFLAG_NOREALLOC); a JPEG's own tables take about 0.6 KB,
 * so a photo of a few hundred pixels overflows it and traps the module. From 64 KB of pixels up, a quality-90
 * 4:2:0 JPEG needs under a third of its input even for pure noise (odd-photos-corpus.ts measures none over it);
 * below, MozJPEG (whose output buffer grows as needed) encodes, in a few milliseconds at that size.
 */
export const TURBO_ENCODER_MIN_PIXEL_BYTES = 64 * 1024;

/** MozJPEG's settings for the small photos: what the libjpeg-turbo path writes (baseline, 4:2:0, quality 90). */
const SMALL_PHOTO_ENCODING = {
  quality: STORED_JPEG_QUALITY,
  baseline: true,
  arithmetic: false,
  progressive: false,
  optimize_coding: true,
  smoothing: 0,
  color_space: 3, // YCbCr
  quant_table: 0, // the JPEG standard's tables, as libjpeg-turbo's
  trellis_multipass: false,
  trellis_opt_zero: false,
  trellis_opt_table: false,
  trellis_loops: 1,
  auto_subsample: false,
  chroma_subsample: 2,
  separate_chroma_quality: false,
  chroma_quality: STORED_JPEG_QUALITY,
};

/** turbojpeg.h: TJPF_RGB, TJPF_CMYK, TJSAMP_420, TJCS_CMYK, TJCS_YCCK. */
const TJPF_RGB = 0;
const TJPF_CMYK = 11;
const TJSAMP_420 = 2;
const TJCS_CMYK = 3;
const TJCS_YCCK = 4;

/** The TurboJPEG C functions @cwasm/jpeg-turbo's WebAssembly exports (libjpeg-turbo's turbojpeg.h). */
interface TurboDecoderExports {
  memory: WebAssembly.Memory;
  malloc(size: number): number;
  free(pointer: number): void;
  tjInitDecompress(): number;
  tjDestroy(handle: number): number;
  tjDecompressHeader3(
    handle: number,
    jpeg: number,
    size: number,
    width: number,
    height: number,
    subsamp: number,
    colorspace: number,
  ): number;
  tjDecompress2(
    handle: number,
    jpeg: number,
    size: number,
    dst: number,
    width: number,
    pitch: number,
    height: number,
    pixelFormat: number,
    flags: number,
  ): number;
}

/** libjpeg gave up on the file's data (its error exit, a longjmp): the photo is damaged, not the server. */
class LibjpegErrorExit extends Error {}

/** The WebAssembly modules, compiled once per worker; each photo instantiates its own. */
const compiledModules = new Map<string, Promise<WebAssembly.Module>>();

/** Reads a file by URL on Deno (Edge Runtime) or, under the embedded backend's shim, on Node. */
async function readFileUrl(url: URL): Promise<Uint8Array<ArrayBuffer>> {
  const deno = (globalThis as { Deno?: { readFile?: (u: URL) => Promise<Uint8Array<ArrayBuffer>> } }).Deno;
  if (deno?.readFile) return deno.readFile(url);
  const fs = await import('node:fs/promises');
  return new Uint8Array(await fs.readFile(url));
}

/** A WebAssembly file of an npm package, compiled once per worker (a failed read is tried again next time). */
function compiledOnce(specifier: string): Promise<WebAssembly.Module> {
  let module = compiledModules.get(specifier);
  if (!module) {
    module = readFileUrl(new URL(import.meta.resolve(specifier))).then((bytes) => WebAssembly.compile(bytes));
    compiledModules.set(specifier, module);
    module.catch(() => compiledModules.delete(specifier));
  }
  return module;
}

type TurboEncoderModule = Awaited<ReturnType<typeof encoderFactory>>;

type MozjpegModule = Awaited<ReturnType<typeof mozjpegFactory>>;

/**
 * Instances that finished their last photo cleanly, for the next one. Decoders are kept by size class
 * (DECODER_SMALL_BYTES): the instance a damaged file ruins is dropped whole and its memory waits for the
 * garbage collector, so a small file must not take down the instance that large photos grew.
 */
let spareEncoder: TurboEncoderModule | undefined;
let spareSmallEncoder: MozjpegModule | undefined;
const spareDecoders = new Map<'small' | 'large', TurboDecoderExports>();

/** A decode needing up to this much memory (file and pixels) uses the small decoder: a 1 MP photo. */
const DECODER_SMALL_BYTES = 4 * 1024 * 1024;

/** A new instance of the libjpeg-turbo encoder, from the module compiled once. */
async function newTurboEncoder(): Promise<TurboEncoderModule> {
  const module = await compiledOnce('@cornerstonejs/codec-libjpeg-turbo-8bit/wasm');
  return encoderFactory({
    instantiateWasm(imports, receiveInstance) {
      WebAssembly.instantiate(module, imports).then(receiveInstance, (err: unknown) => {
        throw err;
      });
      return {}; // Emscripten's sign that the instance arrives asynchronously.
    },
  });
}

/** A new instance of MozJPEG's encoder, from the module compiled once. */
async function newSmallEncoder(): Promise<MozjpegModule> {
  const module = await compiledOnce('@jsquash/jpeg/codec/enc/mozjpeg_enc.wasm');
  return mozjpegFactory({
    noInitialRun: true,
    instantiateWasm(imports, receiveInstance) {
      WebAssembly.instantiate(module, imports).then(receiveInstance, (err: unknown) => {
        throw err;
      });
      return {};
    },
  });
}

/** A new instance of the TurboJPEG decoder, from the module compiled once. */
async function newJpegDecoder(): Promise<TurboDecoderExports> {
  const module = await compiledOnce('@cwasm/jpeg-turbo/jpeg-turbo.wasm');
  const unsupported = (name: string) => () => {
    throw new Error(`${name} is not available to the JPEG decoder`);
  };
  const instance = await WebAssembly.instantiate(module, {
    // libjpeg reports errors by longjmp: throwing unwinds the decoder (its stack pointer and allocations
    // are left as they were), which is then dropped.
    env: {
      setjmp: () => 0,
      longjmp: () => {
        throw new LibjpegErrorExit('libjpeg error exit');
      },
    },
    wasi_snapshot_preview1: {
      environ_sizes_get: () => 0,
      environ_get: unsupported('environ_get'),
      proc_exit: unsupported('proc_exit'),
      fd_close: unsupported('fd_close'),
      fd_seek: unsupported('fd_seek'),
      fd_write: unsupported('fd_write'),
    },
  });
  // The exports are the C functions of turbojpeg.h (WebAssembly carries no type information beyond numbers).
  const e = instance.exports;
  return {
    memory: e.memory as WebAssembly.Memory,
    malloc: e.malloc as TurboDecoderExports['malloc'],
    free: e.free as TurboDecoderExports['free'],
    tjInitDecompress: e.tjInitDecompress as TurboDecoderExports['tjInitDecompress'],
    tjDestroy: e.tjDestroy as TurboDecoderExports['tjDestroy'],
    tjDecompressHeader3: e.tjDecompressHeader3 as TurboDecoderExports['tjDecompressHeader3'],
    tjDecompress2: e.tjDecompress2 as TurboDecoderExports['tjDecompress2'],
  };
}

/**
 * The size to decode a width x height photo at: the largest of libjpeg-turbo's DCT scaling factors M/8
 * (M = 8..1) whose scaled size has at most `maxPixels` (ceil(dimension x M / 8), as TurboJPEG rounds).
 */
export function decodeSize(width: number, height: number, maxPixels: number): { width: number; height: number } {
  for (let m = 8; m >= 1; m--) {
    const w = Math.ceil((width * m) / 8);
    const h = Math.ceil((height * m) / 8);
    if (w * h <= maxPixels || m === 1) return { width: w, height: h };
  }
  return { width, height };
}

/**
 * Checks the signature and the frame header without decoding pixels, by the rules the new-post screen
 * applies too (checkJpegHeader in @snapshire/contracts): a refusal there is this function's answer.
 */
export function inspectJpeg(bytes: Uint8Array): { width: number; height: number } {
  const verdict = checkJpegHeader(bytes);
  if (verdict.ok !== true) {
    // Without `partial` the verdict is never 'unknown': the whole upload is here.
    const refusal = verdict.ok === false ? verdict.refusal : { status: 415 as const, message: MESSAGES.NOT_A_JPEG };
    throw new HttpError(refusal.status, refusal.message);
  }
  return { width: verdict.width, height: verdict.height };
}

/**
 * The EXIF orientation (tag 0x0112 of IFD0), 1-8; 1 when absent or unreadable: the pixels are then shown
 * as stored, as every viewer does. Read by readExif (@snapshire/contracts), which also reads the camera details.
 */
export function exifOrientation(bytes: Uint8Array): number {
  return readExif(bytes).orientation;
}

export { orient };

/** The photo cannot be read as a picture: its data is damaged, cut short, or of a kind libjpeg refuses. */
const damaged = () => new HttpError(400, MESSAGES.PHOTO_DAMAGED);

/**
 * Converts CMYK pixels (4 bytes each, as Adobe applications write them: inverted, which is how browsers
 * show them) to RGB in place, front to back: pixel p's RGB (at 3p) never overtakes the CMYK still unread (at 4p).
 * For a photo without a CMYK profile, or with one icc.ts cannot evaluate (cmykToSrgbConversion there).
 */
export function cmykToRgbInPlace(pixels: Uint8Array, count: number): void {
  for (let p = 0; p < count; p++) {
    const k = pixels[p * 4 + 3]!;
    const c = pixels[p * 4]!;
    const m = pixels[p * 4 + 1]!;
    const y = pixels[p * 4 + 2]!;
    pixels[p * 3] = Math.round((c * k) / 255);
    pixels[p * 3 + 1] = Math.round((m * k) / 255);
    pixels[p * 3 + 2] = Math.round((y * k) / 255);
  }
}

/**
 * Decodes the whole photo to RGB at `size` and hands the pixels (a view into the decoder's memory) to
 * `withPixels`, then frees everything it allocated. A file libjpeg cannot read (a truncated or corrupt JPEG:
 * warnings count) is the 400 "damaged"; anything else thrown here (a trap, no memory) is the server's own
 * failure and stays an Error. Either way the instance is not reused.
 */
async function withDecodedRgb<T>(
  bytes: Uint8Array,
  size: { width: number; height: number },
  withPixels: (rgb: Uint8Array) => Promise<T>,
  toSrgb: SrgbConversions = { rgb: null, cmyk: null },
): Promise<T> {
  const sizeClass = bytes.length + size.width * size.height * 4 <= DECODER_SMALL_BYTES ? 'small' : 'large';
  const turbo = spareDecoders.get(sizeClass) ?? (await newJpegDecoder());
  spareDecoders.delete(sizeClass);
  const input = turbo.malloc(bytes.length);
  const header = turbo.malloc(16);
  // CMYK decodes at 4 bytes a pixel, converted to RGB in place afterwards.
  const pixels = turbo.malloc(size.width * size.height * 4);
  const handle = turbo.tjInitDecompress();
  if (!input || !header || !pixels || !handle) throw new Error('out of memory for the JPEG decoder');
  const release = () => {
    turbo.tjDestroy(handle);
    turbo.free(pixels);
    turbo.free(header);
    turbo.free(input);
    spareDecoders.set(sizeClass, turbo);
  };
  new Uint8Array(turbo.memory.buffer, input, bytes.length).set(bytes);
  let decoded: boolean;
  try {
    // Both return -1 for errors and for warnings such as a premature end of the data; the instance is
    // sound after either (only a throw, below, leaves it half-way).
    decoded =
      turbo.tjDecompressHeader3(handle, input, bytes.length, header, header + 4, header + 8, header + 12) === 0 &&
      decodeInto(turbo, handle, input, bytes.length, header, pixels, size, toSrgb);
  } catch (err) {
    if (err instanceof LibjpegErrorExit) throw damaged();
    throw err;
  }
  if (!decoded) {
    release();
    throw damaged();
  }
  // Views are taken only now: decoding grows the memory, which detaches the buffer seen before.
  try {
    return await withPixels(new Uint8Array(turbo.memory.buffer, pixels, size.width * size.height * 3));
  } finally {
    release(); // the decoder is sound whatever the encoder did
  }
}

/**
 * Decodes into `pixels` as RGB (CMYK decoded as such, then converted in place, by its ICC profile when it has
 * one icc.ts can evaluate; RGB converted to sRGB by its ICC profile, when it has one other than sRGB); false
 * if libjpeg said no.
 */
function decodeInto(
  turbo: TurboDecoderExports,
  handle: number,
  input: number,
  length: number,
  header: number,
  pixels: number,
  size: { width: number; height: number },
  toSrgb: SrgbConversions,
): boolean {
  const colorspace = new DataView(turbo.memory.buffer).getInt32(header + 12, true);
  const cmyk = colorspace === TJCS_CMYK || colorspace === TJCS_YCCK;
  const format = cmyk ? TJPF_CMYK : TJPF_RGB;
  const pitch = size.width * (cmyk ? 4 : 3);
  if (turbo.tjDecompress2(handle, input, length, pixels, size.width, pitch, size.height, format, 0) !== 0) return false;
  const count = size.width * size.height;
  if (cmyk) (toSrgb.cmyk ?? cmykToRgbInPlace)(new Uint8Array(turbo.memory.buffer, pixels, count * 4), count);
  else toSrgb.rgb?.(new Uint8Array(turbo.memory.buffer, pixels, count * 3));
  return true;
}

/** Encodes upright RGB pixels as the stored JPEG: libjpeg-turbo, or jpeg-js for the smallest photos. */
async function encodeStored(frame: FrameInfo, fill: (rgb: Uint8Array) => void): Promise<Uint8Array> {
  const rgbBytes = frame.width * frame.height * 3;
  if (rgbBytes < TURBO_ENCODER_MIN_PIXEL_BYTES) {
    const rgb = new Uint8Array(rgbBytes);
    fill(rgb);
    const rgba = new Uint8Array(frame.width * frame.height * 4);
    for (let p = 0; p < frame.width * frame.height; p++) {
      rgba[p * 4] = rgb[p * 3]!;
      rgba[p * 4 + 1] = rgb[p * 3 + 1]!;
      rgba[p * 4 + 2] = rgb[p * 3 + 2]!;
      rgba[p * 4 + 3] = 255;
    }
    const mozjpeg = spareSmallEncoder ?? (await newSmallEncoder());
    spareSmallEncoder = undefined;
    const data = mozjpeg.encode(rgba, frame.width, frame.height, SMALL_PHOTO_ENCODING).slice();
    spareSmallEncoder = mozjpeg;
    return data;
  }
  const codec = spareEncoder ?? (await newTurboEncoder());
  spareEncoder = undefined;
  const encoder = new codec.JPEGEncoder();
  fill(encoder.getDecodedBuffer(frame));
  encoder.setQuality(STORED_JPEG_QUALITY, false);
  // 4:2:0, as phone cameras (and sharp) write: a smaller output buffer and a faster encode than 4:4:4.
  encoder.setSubSampling(TJSAMP_420);
  encoder.encode(); // a throw or trap here drops the instance with the request
  const data = encoder.getEncodedBuffer().slice();
  encoder.delete();
  spareEncoder = codec;
  return data;
}

/**
 * The upload's pixels as the image step decodes them (at the stored size, not yet turned upright), handed to
 * `use` with their size and the EXIF orientation, then freed: for measuring what is computed from them
 * (packages/backend/bench/placeholder-bench.ts) without a second decoder.
 */
export async function withDecodedPhoto<T>(
  bytes: Uint8Array,
  use: (rgb: Uint8Array, width: number, height: number, orientation: number) => T,
): Promise<T> {
  const header = inspectJpeg(bytes);
  const { orientation } = readExif(bytes);
  const size = decodeSize(header.width, header.height, LIMITS.STORED_MAX_PIXELS);
  const toSrgb = jpegSrgbConversions(bytes);
  return withDecodedRgb(bytes, size, async (rgb) => use(rgb, size.width, size.height, orientation), toSrgb);
}

/** The stored photo and what was read from the upload on the way. */
export interface SanitizedPhoto {
  data: Uint8Array;
  width: number;
  height: number;
  /** ThumbHash of the stored photo (base64, no padding); undefined if it could not be computed. */
  placeholder: string | undefined;
  /** From the upload's EXIF, before it is stripped: never GPS, never serial numbers (readExif). */
  camera: CameraDetails;
}

/**
 * Decodes the whole image (a truncated or corrupt JPEG is refused as damaged), scaled down when it has
 * more than LIMITS.STORED_MAX_PIXELS, turns it upright from its EXIF orientation and re-encodes it without
 * metadata; an RGB photo with an ICC profile other than sRGB, or a CMYK one with a CMYK profile, is converted
 * to sRGB by it first (icc.ts). Width and
 * height are the stored, upright image's. The placeholder is computed from the same
 * decoded pixels, before they are encoded (no second decode). Any failure other than the file's own is
 * thrown as an Error, for the caller to report as the server's.
 */
export async function sanitizeJpeg(bytes: Uint8Array): Promise<SanitizedPhoto> {
  const header = inspectJpeg(bytes);
  const { orientation, camera } = readExif(bytes);
  const size = decodeSize(header.width, header.height, LIMITS.STORED_MAX_PIXELS);
  const turned = orientation >= 5;
  const upright: FrameInfo = {
    width: turned ? size.height : size.width,
    height: turned ? size.width : size.height,
    bitsPerSample: 8,
    componentCount: 3,
    isSigned: false,
  };
  // A wide-gamut photo (Display P3, Adobe RGB) or a CMYK one with its profile is converted to sRGB by it (icc.ts).
  const toSrgb = jpegSrgbConversions(bytes);
  let placeholder: string | undefined;
  const data = await withDecodedRgb(
    bytes,
    size,
    (decoded) => {
      try {
        placeholder = photoPlaceholder(decoded, size.width, size.height, 3, orientation);
      } catch (err) {
        // A nicety: the post is stored without one rather than refused.
        console.error(`[handle-post-create] no placeholder: ${err instanceof Error ? err.message : String(err)}`);
      }
      return encodeStored(upright, (rgb) => orient(decoded, rgb, size.width, size.height, 3, orientation));
    },
    toSrgb,
  );
  return { data, width: upright.width, height: upright.height, placeholder, camera };
}
