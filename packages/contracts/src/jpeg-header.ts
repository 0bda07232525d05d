/**
 * What a photo's first bytes say, read the same way by the new-post screen (before Submit, from the start of
 * the chosen file) and by handle-post-create (from the whole upload): is it a JPEG, of a kind the server
 * decodes, within the size limits. Pure: bytes in, the verdict in the product's words out.
 */
import { LIMITS } from './limits.ts';
import { MESSAGES } from './messages.ts';

/**
 * How much of a chosen file the new-post screen reads to find its frame header: phones put it after
 * EXIF (at most 64 KB) and an ICC profile, well within this; a header further on is left to the server.
 */
export const JPEG_HEADER_READ_BYTES = 262_144;

/** The first frame header (SOFn): its marker, sample precision and size. */
export interface JpegFrame {
  marker: number;
  precision: number;
  width: number;
  height: number;
}

/**
 * The JPEG processes photos are written in, and the server's decoder reads: baseline (SOF0), extended (SOF1)
 * and progressive (SOF2) Huffman-coded frames of 8-bit samples. Lossless, hierarchical, arithmetic-coded and
 * 12-bit JPEGs (medical and archival tools write them; browsers show few of them) are not.
 */
const SUPPORTED_FRAMES: ReadonlySet<number> = new Set([0xc0, 0xc1, 0xc2]);

/** A marker segment of a JPEG's header: its marker and where its payload starts and ends (past the length). */
export interface JpegSegment {
  marker: number;
  start: number;
  end: number;
}

/**
 * The marker segments before the image data (EXIF, ICC profile, frame header, ...), in file order; stops at
 * the first scan or the end, or where the markers are broken. The one walk the metadata readers share
 * (exif.ts here, the ICC reader of supabase/functions/handle-post-create/icc.ts).
 */
export function* jpegSegments(bytes: Uint8Array): Generator<JpegSegment> {
  let at = 2;
  while (at + 4 <= bytes.length && bytes[at] === 0xff) {
    const marker = bytes[at + 1]!;
    if (marker === 0xda || marker === 0xd9) return; // image data: no metadata after this
    const length = (bytes[at + 2]! << 8) | bytes[at + 3]!;
    if (length < 2) return;
    yield { marker, start: at + 4, end: Math.min(at + 2 + length, bytes.length) };
    at += 2 + length;
  }
}

/** JPEG files start with SOI (FF D8) followed by a marker (FF). */
export function hasJpegSignature(bytes: Uint8Array): boolean {
  return bytes.length > 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff;
}

/**
 * The first frame header (SOF0-SOF15 except DHT, JPG, DAC); 'none' when the markers are broken or a scan
 * or the end comes first; 'more' when the bytes end before either (a file read only in part).
 */
export function jpegFrame(bytes: Uint8Array): JpegFrame | 'none' | 'more' {
  let at = 2;
  while (at + 4 <= bytes.length) {
    if (bytes[at] !== 0xff) return 'none';
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
    if (length < 2) return 'none';
    const isFrame = marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
    if (isFrame) {
      if (at + 9 > bytes.length) return 'more';
      const height = (bytes[at + 5]! << 8) | bytes[at + 6]!;
      const width = (bytes[at + 7]! << 8) | bytes[at + 8]!;
      return { marker, precision: bytes[at + 4]!, width, height };
    }
    if (marker === 0xda || marker === 0xd9) return 'none'; // scan or end before any frame header
    at += 2 + length;
  }
  return 'more';
}

/** A photo's header refused, with the HTTP status the server answers and the message people see. */
export interface JpegHeaderRefusal {
  status: 413 | 415;
  message: string;
}

export type JpegHeaderVerdict =
  | { ok: true; width: number; height: number }
  | { ok: false; refusal: JpegHeaderRefusal }
  /** Only with `partial`: the frame header lies past the bytes read; the preview and the server decide. */
  | { ok: 'unknown' };

/**
 * Checks the signature and the frame header without decoding pixels: a non-JPEG, or a kind of JPEG the
 * server does not decode (SUPPORTED_FRAMES), is 415; a header whose width x height exceeds
 * LIMITS.UPLOAD_MAX_PIXELS (a decompression bomb), or with a side over LIMITS.PHOTO_MAX_SIDE_PX (more than
 * libjpeg reads), is 413. `partial`: `bytes` is only the start of the file.
 */
export function checkJpegHeader(bytes: Uint8Array, options: { partial?: boolean } = {}): JpegHeaderVerdict {
  const refuse = (status: 413 | 415, message: string): JpegHeaderVerdict => ({
    ok: false,
    refusal: { status, message },
  });
  if (!hasJpegSignature(bytes)) return refuse(415, MESSAGES.NOT_A_JPEG);
  const frame = jpegFrame(bytes);
  if (frame === 'more' && options.partial) return { ok: 'unknown' };
  if (frame === 'more' || frame === 'none' || !frame.width || !frame.height) return refuse(415, MESSAGES.NOT_A_JPEG);
  if (!SUPPORTED_FRAMES.has(frame.marker) || frame.precision !== 8) return refuse(415, MESSAGES.JPEG_KIND_UNSUPPORTED);
  if (frame.width * frame.height > LIMITS.UPLOAD_MAX_PIXELS) return refuse(413, MESSAGES.IMAGE_TOO_MANY_PIXELS);
  if (Math.max(frame.width, frame.height) > LIMITS.PHOTO_MAX_SIDE_PX) return refuse(413, MESSAGES.PHOTO_SIDE_TOO_LONG);
  return { ok: true, width: frame.width, height: frame.height };
}
