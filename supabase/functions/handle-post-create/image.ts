/**
 * What the photo really is, decided from its bytes (a declared type or name can lie), and the copy that is
 * stored: turned upright, re-encoded, with every metadata block (EXIF, GPS, XMP, comments) dropped.
 *
 * Everything runs as WebAssembly (no native addon, no FFI, no worker threads: it runs on Supabase's Edge
 * Runtime): libjpeg-turbo's TurboJPEG decoder (@cwasm/jpeg-turbo) decodes, scaled down in the DCT when the
 * photo has more than LIMITS.STORED_MAX_PIXELS, so memory stays bounded whatever the upload's size;
 * libjpeg-turbo's encoder (@cornerstonejs/codec-libjpeg-turbo-8bit) re-encodes. The EXIF orientation is
 * read here (one tag of one IFD): a general EXIF library (exifr) added 16 MB to the worker's memory, a
 * tenth of its budget. Measured time and memory per size: supabase/README.md.
 */
import encoderFactory, { type FrameInfo, type JpegEncoder } from '@cornerstonejs/codec-libjpeg-turbo-8bit/wasmjs';
import { LIMITS, MESSAGES } from '@snapshire/contracts';
import { HttpError } from '../_shared/http.ts';

/** Quality of the stored re-encode: visually lossless for a photo, well under the source size. */
export const STORED_JPEG_QUALITY = 90;

type EncoderModule = Awaited<ReturnType<typeof encoderFactory>>;

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
/** turbojpeg.h: TJPF_RGB, TJSAMP_420. */
const TJPF_RGB = 0;
const TJSAMP_420 = 2;

let encoderModule: Promise<EncoderModule> | undefined;
let decoderModule: Promise<WebAssembly.Module> | undefined;

/** Reads a file by URL on Deno (Edge Runtime) or, under the embedded backend's shim, on Node. */
async function readFileUrl(url: URL): Promise<Uint8Array<ArrayBuffer>> {
  const deno = (globalThis as { Deno?: { readFile?: (u: URL) => Promise<Uint8Array<ArrayBuffer>> } }).Deno;
  if (deno?.readFile) return deno.readFile(url);
  const fs = await import('node:fs/promises');
  return new Uint8Array(await fs.readFile(url));
}

/** The encoder's WebAssembly module, instantiated once per worker. */
function jpegEncoderModule(): Promise<EncoderModule> {
  encoderModule ??= (async () => {
    const wasmBinary = await readFileUrl(new URL(import.meta.resolve('@cornerstonejs/codec-libjpeg-turbo-8bit/wasm')));
    return encoderFactory({ wasmBinary });
  })();
  encoderModule.catch(() => {
    encoderModule = undefined;
  });
  return encoderModule;
}

/**
 * A fresh instance of the TurboJPEG decoder for one photo. Fresh, because WebAssembly memory only grows:
 * dropping the instance afterwards gives the photo's memory back, and a libjpeg error (thrown from its
 * longjmp) cannot leave a half-used decoder behind.
 */
async function jpegDecoder(): Promise<TurboDecoderExports> {
  decoderModule ??= readFileUrl(new URL(import.meta.resolve('@cwasm/jpeg-turbo/jpeg-turbo.wasm'))).then((bytes) =>
    WebAssembly.compile(bytes),
  );
  decoderModule.catch(() => {
    decoderModule = undefined;
  });
  const unsupported = (name: string) => () => {
    throw new Error(`${name} is not available to the JPEG decoder`);
  };
  const instance = await WebAssembly.instantiate(await decoderModule, {
    // libjpeg reports errors by longjmp: throwing unwinds the decoder, which is then dropped.
    env: { setjmp: () => 0, longjmp: unsupported('longjmp') },
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

/** JPEG files start with SOI (FF D8) followed by a marker (FF). */
export function hasJpegSignature(bytes: Uint8Array): boolean {
  return bytes.length > 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff;
}

/** Width and height from the first frame header (SOF0-SOF15 except DHT, JPG, DAC), or undefined. */
export function jpegFrameSize(bytes: Uint8Array): { width: number; height: number } | undefined {
  let at = 2;
  while (at + 4 <= bytes.length) {
    if (bytes[at] !== 0xff) return undefined;
    const marker = bytes[at + 1]!;
    if (marker === 0xff) {
      at += 1; // fill byte
      continue;
    }
    if (marker === 0xd8 || (marker >= 0xd0 && marker <= 0xd7) || marker === 0x01) {
      at += 2;
      continue;
    }
    const length = (bytes[at + 2]! << 8) | bytes[at + 3]!;
    if (length < 2) return undefined;
    const isFrame = marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
    if (isFrame) {
      if (at + 9 > bytes.length) return undefined;
      const height = (bytes[at + 5]! << 8) | bytes[at + 6]!;
      const width = (bytes[at + 7]! << 8) | bytes[at + 8]!;
      return { width, height };
    }
    if (marker === 0xda || marker === 0xd9) return undefined; // scan or end before any frame header
    at += 2 + length;
  }
  return undefined;
}

/**
 * Checks the signature and the frame header without decoding pixels: a non-JPEG is 415, a header whose
 * width x height exceeds LIMITS.UPLOAD_MAX_PIXELS is 413 (a decompression bomb is refused before decoding).
 */
export function inspectJpeg(bytes: Uint8Array): { width: number; height: number } {
  if (!hasJpegSignature(bytes)) throw new HttpError(415, MESSAGES.NOT_A_JPEG);
  const size = jpegFrameSize(bytes);
  if (!size || !size.width || !size.height) throw new HttpError(415, MESSAGES.NOT_A_JPEG);
  if (size.width * size.height > LIMITS.UPLOAD_MAX_PIXELS) throw new HttpError(413, MESSAGES.IMAGE_TOO_MANY_PIXELS);
  return size;
}

/**
 * The EXIF orientation (tag 0x0112 of IFD0 in the APP1 "Exif" segment), 1-8; 1 when absent or unreadable:
 * the pixels are then shown as stored, as every viewer does.
 */
export function exifOrientation(bytes: Uint8Array): number {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let at = 2;
  while (at + 4 <= bytes.length && bytes[at] === 0xff) {
    const marker = bytes[at + 1]!;
    if (marker === 0xda || marker === 0xd9) break; // image data: no metadata after this
    const length = view.getUint16(at + 2);
    if (length < 2) break;
    const segment = at + 4;
    const end = Math.min(at + 2 + length, bytes.length);
    const isExif =
      marker === 0xe1 &&
      end - segment >= 14 &&
      view.getUint32(segment) === 0x45786966 &&
      view.getUint16(segment + 4) === 0;
    if (isExif) {
      const tiff = segment + 6;
      const order = view.getUint16(tiff);
      if (order !== 0x4949 && order !== 0x4d4d) return 1;
      const little = order === 0x4949;
      if (view.getUint16(tiff + 2, little) !== 42) return 1;
      const ifd = tiff + view.getUint32(tiff + 4, little);
      if (ifd + 2 > end) return 1;
      const entries = view.getUint16(ifd, little);
      for (let i = 0; i < entries; i++) {
        const entry = ifd + 2 + i * 12;
        if (entry + 12 > end) return 1;
        if (view.getUint16(entry, little) === 0x0112) {
          const value = view.getUint16(entry + 8, little);
          return value >= 1 && value <= 8 ? value : 1;
        }
      }
      return 1;
    }
    at += 2 + length;
  }
  return 1;
}

/**
 * Copies pixels from src (width x height, `channels` per pixel) into dst turned upright for the EXIF
 * orientation: 2 mirror, 3 half turn, 4 flip, 5 transpose, 6 quarter turn clockwise, 7 transverse,
 * 8 quarter turn anticlockwise. dst is height x width for 5-8. Source pixel (x, y) goes to destination
 * pixel start + x * stepX + y * stepY.
 */
export function orient(
  src: Uint8Array,
  dst: Uint8Array,
  width: number,
  height: number,
  channels: number,
  orientation: number,
): void {
  if (orientation < 2 || orientation > 8) {
    dst.set(src.subarray(0, width * height * channels));
    return;
  }
  const outWidth = orientation >= 5 ? height : width;
  const [start, stepX, stepY] = {
    2: [width - 1, -1, outWidth],
    3: [(height - 1) * outWidth + width - 1, -1, -outWidth],
    4: [(height - 1) * outWidth, 1, -outWidth],
    5: [0, outWidth, 1],
    6: [height - 1, outWidth, -1],
    7: [(width - 1) * outWidth + height - 1, -outWidth, -1],
    8: [(width - 1) * outWidth, -outWidth, 1],
  }[orientation] as [number, number, number];
  let s = 0;
  for (let y = 0; y < height; y++) {
    let d = (start + y * stepY) * channels;
    const step = stepX * channels;
    for (let x = 0; x < width; x++) {
      for (let c = 0; c < channels; c++) dst[d + c] = src[s + c]!;
      s += channels;
      d += step;
    }
  }
}

/** Decodes the whole photo to RGB at `size` (a truncated or corrupt JPEG fails: warnings count). */
function decodeRgb(turbo: TurboDecoderExports, bytes: Uint8Array, size: { width: number; height: number }): number {
  const input = turbo.malloc(bytes.length);
  const header = turbo.malloc(16);
  const pixels = turbo.malloc(size.width * size.height * 3);
  const handle = turbo.tjInitDecompress();
  if (!input || !header || !pixels || !handle) throw new Error('out of memory for the JPEG decoder');
  new Uint8Array(turbo.memory.buffer, input, bytes.length).set(bytes);
  if (turbo.tjDecompressHeader3(handle, input, bytes.length, header, header + 4, header + 8, header + 12) !== 0) {
    throw new Error('unreadable JPEG header');
  }
  // tjDecompress2 returns -1 for errors and for warnings such as a premature end of the data.
  if (
    turbo.tjDecompress2(handle, input, bytes.length, pixels, size.width, size.width * 3, size.height, TJPF_RGB, 0) !== 0
  ) {
    throw new Error('JPEG data is damaged or incomplete');
  }
  return pixels;
}

/**
 * Decodes the whole image (a truncated or corrupt JPEG fails here), scaled down when it has more than
 * LIMITS.STORED_MAX_PIXELS, turns it upright from its EXIF orientation and re-encodes it without metadata.
 * Width and height are the stored, upright image's.
 */
export async function sanitizeJpeg(bytes: Uint8Array): Promise<{ data: Uint8Array; width: number; height: number }> {
  const header = jpegFrameSize(bytes);
  if (!header) throw new HttpError(415, MESSAGES.NOT_A_JPEG);
  const orientation = exifOrientation(bytes);
  const size = decodeSize(header.width, header.height, LIMITS.STORED_MAX_PIXELS);
  const codec = await jpegEncoderModule();
  let encoder: JpegEncoder | undefined;
  try {
    let turbo: TurboDecoderExports | undefined = await jpegDecoder();
    const pixels = decodeRgb(turbo, bytes, size);
    const turned = orientation >= 5;
    const upright: FrameInfo = {
      width: turned ? size.height : size.width,
      height: turned ? size.width : size.height,
      bitsPerSample: 8,
      componentCount: 3,
      isSigned: false,
    };
    encoder = new codec.JPEGEncoder();
    const decoded = new Uint8Array(turbo.memory.buffer, pixels, size.width * size.height * 3);
    orient(decoded, encoder.getDecodedBuffer(upright), size.width, size.height, 3, orientation);
    turbo = undefined; // the decoder's memory can go before the encoder allocates its output
    encoder.setQuality(STORED_JPEG_QUALITY, false);
    // 4:2:0, as phone cameras (and sharp) write: a smaller output buffer and a faster encode than 4:4:4.
    encoder.setSubSampling(TJSAMP_420);
    encoder.encode();
    const data = encoder.getEncodedBuffer().slice();
    return { data, width: upright.width, height: upright.height };
  } catch {
    throw new HttpError(400, MESSAGES.NOT_A_JPEG);
  } finally {
    encoder?.delete();
  }
}
