/**
 * The photo's placeholder: its ThumbHash (the `thumbhash` package, Evan Wallace's reference implementation in
 * plain JavaScript), computed from the pixels the image step has already decoded, never from a second
 * decode. ThumbHash takes at most 100x100 pixels, so the decoded photo (up to LIMITS.STORED_MAX_PIXELS) is
 * first averaged down to that from a grid of samples, then turned upright like the stored photo. About 21-24 bytes for
 * a photo, stored as base64 without padding (at most 32 characters); the seed and the backfill use it too.
 */
import { rgbaToThumbHash } from 'thumbhash';
import { orient } from './orient.ts';

/**
 * The longest side of ThumbHash's input (its own limit is 100). It keeps at most 7 cosine waves along a
 * side, so 32 samples carry all it stores; its encoding cost grows with the input's pixels, and was most of
 * a worker's first placeholder (about 40 ms at 100 px, placeholder-bench.ts).
 */
export const THUMBHASH_MAX_SIDE = 32;

/** The size a width x height image is averaged down to: within 32x32, its shape kept, at least 1x1. */
export function thumbSize(width: number, height: number): { width: number; height: number } {
  const scale = Math.min(1, THUMBHASH_MAX_SIDE / width, THUMBHASH_MAX_SIDE / height);
  return {
    width: Math.max(1, Math.min(THUMBHASH_MAX_SIDE, Math.round(width * scale))),
    height: Math.max(1, Math.min(THUMBHASH_MAX_SIDE, Math.round(height * scale))),
  };
}

/**
 * Source pixels read along each side per placeholder pixel, at least: averaging every one of a 12 MP
 * photo's 4.7 million decoded pixels took 50-80 ms (placeholder-bench.ts), a tenth of the image step;
 * a grid of 6x6 samples or more per placeholder pixel gives the same ThumbHash colours (its detail is a
 * few cosine waves across the whole photo) at a small fraction of that.
 */
const SAMPLES_PER_SIDE = 6;

/**
 * Box-averages `pixels` (width x height, `channels` per pixel: 3 RGB or 4 RGBA, alpha ignored) into an
 * opaque RGBA image of thumbSize(width, height), reading every `step`-th pixel of every `step`-th row
 * (step 1 for a photo already near that size). The memory is a few kilobytes.
 */
export function averageDown(
  pixels: Uint8Array,
  width: number,
  height: number,
  channels: number,
): { width: number; height: number; rgba: Uint8Array } {
  const out = thumbSize(width, height);
  const step = Math.max(1, Math.floor(Math.min(width / out.width, height / out.height) / SAMPLES_PER_SIDE));
  const sums = new Uint32Array(out.width * out.height * 4);
  const column = new Int32Array(Math.ceil(width / step));
  for (let i = 0; i < column.length; i++) column[i] = Math.floor((i * step * out.width) / width) * 4;
  const rowBytes = width * channels;
  const stepBytes = step * channels;
  for (let y = 0; y < height; y += step) {
    const row = Math.floor((y * out.height) / height) * out.width * 4;
    let s = y * rowBytes;
    for (let i = 0; i < column.length; i++) {
      const t = row + column[i]!;
      sums[t] = sums[t]! + pixels[s]!;
      sums[t + 1] = sums[t + 1]! + pixels[s + 1]!;
      sums[t + 2] = sums[t + 2]! + pixels[s + 2]!;
      sums[t + 3] = sums[t + 3]! + 1;
      s += stepBytes;
    }
  }
  const rgba = new Uint8Array(out.width * out.height * 4);
  for (let t = 0; t < rgba.length; t += 4) {
    const n = sums[t + 3] || 1;
    rgba[t] = Math.round(sums[t]! / n);
    rgba[t + 1] = Math.round(sums[t + 1]! / n);
    rgba[t + 2] = Math.round(sums[t + 2]! / n);
    rgba[t + 3] = 255;
  }
  return { ...out, rgba };
}

/** Base64 without padding (the column's form: 4 bytes fewer a post on the wire than with it). */
export function base64NoPadding(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/=+$/, '');
}

/**
 * The ThumbHash of the photo whose decoded pixels are `pixels` (width x height as decoded, `channels` per
 * pixel), as shown upright for its EXIF `orientation`: base64 without padding.
 */
export function photoPlaceholder(
  pixels: Uint8Array,
  width: number,
  height: number,
  channels: number,
  orientation = 1,
): string {
  const small = averageDown(pixels, width, height, channels);
  const turned = orientation >= 5;
  const upright = new Uint8Array(small.rgba.length);
  orient(small.rgba, upright, small.width, small.height, 4, orientation);
  const w = turned ? small.height : small.width;
  const h = turned ? small.width : small.height;
  return base64NoPadding(rgbaToThumbHash(w, h, upright));
}
