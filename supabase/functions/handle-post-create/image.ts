/**
 * What the photo really is, decided from its bytes (a declared type or name can lie), and the copy that is
 * stored: turned upright, re-encoded, with every metadata block (EXIF, GPS, XMP, comments) dropped.
 *
 * Pixels are decoded and encoded by libjpeg-turbo compiled to WebAssembly (no native addon, no FFI, no
 * worker threads: it runs on Supabase's Edge Runtime); the EXIF orientation is read with exifr. Measured
 * figures and the reason for the pixel ceiling are in supabase/README.md.
 */
import factory from '@cornerstonejs/codec-libjpeg-turbo-8bit/wasmjs';
import exifr from 'exifr';
import { LIMITS, MESSAGES } from '@snapshire/contracts';
import { HttpError } from '../_shared/http.ts';

/** Quality of the stored re-encode: visually lossless for a photo, well under the source size. */
export const STORED_JPEG_QUALITY = 90;

interface FrameInfo {
  width: number;
  height: number;
  bitsPerSample: number;
  componentCount: number;
  isSigned: boolean;
}
interface JpegDecoder {
  getEncodedBuffer(size: number): Uint8Array;
  decode(): void;
  getFrameInfo(): FrameInfo;
  getDecodedBuffer(): Uint8Array;
  delete(): void;
}
interface JpegEncoder {
  getDecodedBuffer(frame: FrameInfo): Uint8Array;
  setQuality(quality: number, lossless: boolean): void;
  encode(): void;
  getEncodedBuffer(): Uint8Array;
  delete(): void;
}
interface TurboModule {
  JPEGDecoder: new () => JpegDecoder;
  JPEGEncoder: new () => JpegEncoder;
}
type TurboFactory = (options: { wasmBinary: Uint8Array }) => Promise<TurboModule>;

let turbo: Promise<TurboModule> | undefined;

/** Reads a file by URL on Deno (Edge Runtime) or, under the embedded backend's shim, on Node. */
async function readFileUrl(url: URL): Promise<Uint8Array> {
  const deno = (globalThis as { Deno?: { readFile?: (u: URL) => Promise<Uint8Array> } }).Deno;
  if (deno?.readFile) return deno.readFile(url);
  const fs = await import('node:fs/promises');
  return new Uint8Array(await fs.readFile(url));
}

/** The WebAssembly module, instantiated once per worker. */
function libjpegTurbo(): Promise<TurboModule> {
  turbo ??= (async () => {
    const wasmBinary = await readFileUrl(new URL(import.meta.resolve('@cornerstonejs/codec-libjpeg-turbo-8bit/wasm')));
    // The package ships no types; TurboFactory above is the slice of its embind API this file uses.
    return (factory as TurboFactory)({ wasmBinary });
  })();
  turbo.catch(() => {
    turbo = undefined;
  });
  return turbo;
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

/** EXIF orientation 1-8 (1 when absent or unreadable: the pixels are shown as stored). */
async function orientationOf(bytes: Uint8Array): Promise<number> {
  try {
    const value = (await exifr.orientation(bytes)) as number | undefined;
    return value && value >= 1 && value <= 8 ? value : 1;
  } catch {
    return 1;
  }
}

/**
 * Copies pixels from src (width x height, `channels` per pixel) into dst turned upright for the EXIF
 * orientation: 2 mirror, 3 half turn, 4 flip, 5 transpose, 6 quarter turn clockwise, 7 transverse,
 * 8 quarter turn anticlockwise. dst is height x width for 5-8.
 */
function orient(src: Uint8Array, dst: Uint8Array, width: number, height: number, channels: number, orientation: number): void {
  if (orientation === 1) {
    dst.set(src.subarray(0, width * height * channels));
    return;
  }
  const outWidth = orientation >= 5 ? height : width;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      let dx: number;
      let dy: number;
      switch (orientation) {
        case 2: dx = width - 1 - x; dy = y; break;
        case 3: dx = width - 1 - x; dy = height - 1 - y; break;
        case 4: dx = x; dy = height - 1 - y; break;
        case 5: dx = y; dy = x; break;
        case 6: dx = height - 1 - y; dy = x; break;
        case 7: dx = height - 1 - y; dy = width - 1 - x; break;
        default: dx = y; dy = width - 1 - x; break; // 8
      }
      const s = (y * width + x) * channels;
      const d = (dy * outWidth + dx) * channels;
      for (let c = 0; c < channels; c++) dst[d + c] = src[s + c]!;
    }
  }
}

/**
 * Decodes the whole image (a truncated or corrupt JPEG fails here), turns it upright from its EXIF
 * orientation and re-encodes it without metadata. Width and height are the upright image's.
 */
export async function sanitizeJpeg(bytes: Uint8Array): Promise<{ data: Uint8Array; width: number; height: number }> {
  const orientation = await orientationOf(bytes);
  const codec = await libjpegTurbo();
  const decoder = new codec.JPEGDecoder();
  let encoder: JpegEncoder | undefined;
  try {
    decoder.getEncodedBuffer(bytes.length).set(bytes);
    decoder.decode();
    const frame = decoder.getFrameInfo();
    if (frame.bitsPerSample !== 8 || (frame.componentCount !== 1 && frame.componentCount !== 3)) {
      throw new Error(`unsupported JPEG: ${frame.componentCount} components of ${frame.bitsPerSample} bits`);
    }
    const turned = orientation >= 5;
    const upright: FrameInfo = { ...frame, width: turned ? frame.height : frame.width, height: turned ? frame.width : frame.height };
    encoder = new codec.JPEGEncoder();
    orient(decoder.getDecodedBuffer(), encoder.getDecodedBuffer(upright), frame.width, frame.height, frame.componentCount, orientation);
    // The decoded copy is freed before encoding, so the encoder's output can reuse its memory.
    decoder.delete();
    encoder.setQuality(STORED_JPEG_QUALITY, false);
    encoder.encode();
    const data = encoder.getEncodedBuffer().slice();
    return { data, width: upright.width, height: upright.height };
  } catch {
    throw new HttpError(400, MESSAGES.NOT_A_JPEG);
  } finally {
    try {
      decoder.delete();
    } catch {
      // already freed above
    }
    encoder?.delete();
  }
}
