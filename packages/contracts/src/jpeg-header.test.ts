import { describe, expect, it } from 'vitest';
import { checkJpegHeader, jpegFrame } from './jpeg-header.ts';
import { LIMITS } from './limits.ts';
import { MESSAGES } from './messages.ts';

/** SOI, an APP0 segment of `appBytes`, then a frame header (marker, precision, height, width) and a scan. */
function header(options: {
  marker?: number;
  precision?: number;
  width: number;
  height: number;
  appBytes?: number;
}): Uint8Array {
  const app = options.appBytes ?? 16;
  const bytes: number[] = [0xff, 0xd8, 0xff, 0xe0, (app + 2) >> 8, (app + 2) & 0xff, ...new Array<number>(app).fill(0)];
  const { width, height } = options;
  bytes.push(
    0xff,
    options.marker ?? 0xc0,
    0,
    11,
    options.precision ?? 8,
    height >> 8,
    height & 0xff,
    width >> 8,
    width & 0xff,
    1,
    1,
    0x11,
    0,
  );
  bytes.push(0xff, 0xda, 0, 8, 1, 1, 0, 0, 0x3f, 0);
  return new Uint8Array(bytes);
}

describe('checkJpegHeader: the rules the new-post screen and handle-post-create share', () => {
  it('reads the size of a baseline, extended or progressive JPEG, tiny ones included', () => {
    for (const marker of [0xc0, 0xc1, 0xc2]) {
      expect(checkJpegHeader(header({ marker, width: 1, height: 1 }))).toEqual({ ok: true, width: 1, height: 1 });
    }
    expect(checkJpegHeader(header({ width: 4000, height: 3000 }))).toEqual({ ok: true, width: 4000, height: 3000 });
  });

  it('refuses what is not a JPEG, and a JPEG whose markers end before any frame', () => {
    const notJpeg = { ok: false, refusal: { status: 415, message: MESSAGES.NOT_A_JPEG } };
    expect(checkJpegHeader(new Uint8Array([...'not a photograph'].map((c) => c.charCodeAt(0))))).toEqual(notJpeg);
    expect(checkJpegHeader(new Uint8Array([0xff, 0xd8, 0xff, 0xd9]))).toEqual(notJpeg);
    expect(checkJpegHeader(header({ width: 0, height: 10 }))).toEqual(notJpeg);
  });

  it('refuses lossless, arithmetic-coded and 12-bit JPEGs as a kind not supported', () => {
    const unsupported = { ok: false, refusal: { status: 415, message: MESSAGES.JPEG_KIND_UNSUPPORTED } };
    expect(checkJpegHeader(header({ marker: 0xc3, width: 8, height: 8 }))).toEqual(unsupported);
    expect(checkJpegHeader(header({ marker: 0xc9, width: 8, height: 8 }))).toEqual(unsupported);
    expect(checkJpegHeader(header({ precision: 12, width: 8, height: 8 }))).toEqual(unsupported);
  });

  it('refuses too many pixels and a side longer than libjpeg reads, from the header alone', () => {
    expect(checkJpegHeader(header({ width: 10_000, height: 10_000 }))).toEqual({
      ok: false,
      refusal: { status: 413, message: MESSAGES.IMAGE_TOO_MANY_PIXELS },
    });
    expect(checkJpegHeader(header({ width: LIMITS.PHOTO_MAX_SIDE_PX + 1, height: 1 }))).toEqual({
      ok: false,
      refusal: { status: 413, message: MESSAGES.PHOTO_SIDE_TOO_LONG },
    });
    expect(checkJpegHeader(header({ width: LIMITS.PHOTO_MAX_SIDE_PX, height: 1 })).ok).toBe(true);
  });

  it('leaves a file read only in part undecided when its frame header lies further on', () => {
    const whole = header({ width: 640, height: 480, appBytes: 60_000 });
    const start = whole.subarray(0, 1_000);
    expect(jpegFrame(start)).toBe('more');
    expect(checkJpegHeader(start, { partial: true })).toEqual({ ok: 'unknown' });
    expect(checkJpegHeader(start)).toEqual({ ok: false, refusal: { status: 415, message: MESSAGES.NOT_A_JPEG } });
    expect(checkJpegHeader(whole, { partial: true })).toEqual({ ok: true, width: 640, height: 480 });
  });
});
