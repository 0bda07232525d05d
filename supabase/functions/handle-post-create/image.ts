/**
 * What the photo really is, decided from its bytes (a declared type or name can lie), and the copy that is
 * stored: auto-oriented, re-encoded, with every metadata block (EXIF, GPS, XMP, comments) dropped.
 */
import { LIMITS, MESSAGES } from '@snapshire/contracts';
import sharp, { type Metadata } from 'sharp';
import { HttpError } from './http.ts';

/** Quality of the stored re-encode: visually lossless for a photo, well under the source size. */
export const STORED_JPEG_QUALITY = 90;

/** JPEG files start with SOI (FF D8) followed by a marker (FF). */
export function hasJpegSignature(bytes: Uint8Array): boolean {
  return bytes.length > 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff;
}

/**
 * Checks the signature and the header without decoding pixels: a non-JPEG is 415, a header whose
 * width x height exceeds LIMITS.UPLOAD_MAX_PIXELS is 413 (a decompression bomb is refused before decoding).
 */
export async function inspectJpeg(bytes: Uint8Array): Promise<{ width: number; height: number }> {
  if (!hasJpegSignature(bytes)) throw new HttpError(415, MESSAGES.NOT_A_JPEG);
  let meta: Metadata;
  try {
    meta = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    throw new HttpError(415, MESSAGES.NOT_A_JPEG);
  }
  if (meta.format !== 'jpeg' || !meta.width || !meta.height) throw new HttpError(415, MESSAGES.NOT_A_JPEG);
  if (meta.width * meta.height > LIMITS.UPLOAD_MAX_PIXELS) throw new HttpError(413, MESSAGES.IMAGE_TOO_MANY_PIXELS);
  return { width: meta.width, height: meta.height };
}

/**
 * Decodes the whole image (a truncated or corrupt JPEG fails here: libjpeg's warnings are errors), turns it
 * upright from its EXIF orientation and re-encodes it without metadata. Width and height are the upright
 * image's.
 */
export async function sanitizeJpeg(bytes: Uint8Array): Promise<{ data: Uint8Array; width: number; height: number }> {
  try {
    const { data, info } = await sharp(bytes, { failOn: 'warning', limitInputPixels: LIMITS.UPLOAD_MAX_PIXELS })
      .rotate()
      .jpeg({ quality: STORED_JPEG_QUALITY })
      .toBuffer({ resolveWithObject: true });
    return {
      data: new Uint8Array(data.buffer, data.byteOffset, data.byteLength),
      width: info.width,
      height: info.height,
    };
  } catch {
    throw new HttpError(400, MESSAGES.NOT_A_JPEG);
  }
}
