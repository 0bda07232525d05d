/**
 * handle-post-create's ICC handling (supabase/functions/handle-post-create/icc.ts), on profiles sharp (lcms)
 * embeds and synthetic CMYK profiles (cmyk-photos.ts), against LittleCMS's rendering of them through sharp.
 */
import { readFile } from 'node:fs/promises';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import {
  cmykToSrgbConversion,
  jpegIccProfile,
  jpegSrgbConversions,
  rgbToSrgbConversion,
} from '../../../functions/handle-post-create/icc.ts';
import { sanitizeJpeg, withDecodedPhoto } from '../../../functions/handle-post-create/image.ts';
import {
  cmykPhotoWithProfile,
  cmykProfile,
  difference,
  lut8Tag,
  lutAtoBTag,
  withIccProfile,
  withoutSegments,
} from '../../../../packages/backend/testing/cmyk-photos.ts';
import { phonePhoto } from '../../../../packages/backend/testing/upload-photos.ts';

const painted = (profile?: 'srgb' | 'p3' | 'cmyk') => {
  let image = sharp({ create: { width: 32, height: 24, channels: 3, background: '#c0392b' } });
  if (profile === 'cmyk') image = image.toColourspace('cmyk');
  if (profile) image = image.withIccProfile(profile);
  return image.jpeg({ quality: 95 }).toBuffer();
};

describe('ICC profiles of uploads', () => {
  it('finds the embedded profile, and none in a JPEG without one', async () => {
    expect(jpegIccProfile(await painted())).toBeNull();
    const p3 = jpegIccProfile(await painted('p3'));
    expect(p3).not.toBeNull();
    expect(Buffer.from(p3!.subarray(36, 40)).toString('latin1')).toBe('acsp'); // the ICC signature
  });

  it('joins a profile split over several APP2 segments (larger than 64 KB)', async () => {
    const profile = jpegIccProfile(await painted('cmyk'));
    expect(profile!.length).toBeGreaterThan(65_519);
    expect(profile!.subarray(0, 4).reduce((n, b) => n * 256 + b, 0)).toBe(profile!.length); // its header's size
  });

  it('converts Display P3 to sRGB, and leaves sRGB, CMYK and unprofiled photos as they are', async () => {
    const toSrgb = rgbToSrgbConversion(jpegIccProfile(await painted('p3')));
    expect(toSrgb).not.toBeNull();
    // Display P3's (178, 68, 51) is sRGB's #c0392b (192, 57, 43).
    const pixel = new Uint8Array([178, 68, 51]);
    toSrgb!(pixel);
    expect([...pixel].map((v, i) => Math.abs(v - [192, 57, 43][i]!)).every((d) => d <= 2)).toBe(true);
    expect(rgbToSrgbConversion(jpegIccProfile(await painted('srgb')))).toBeNull();
    expect(rgbToSrgbConversion(jpegIccProfile(await painted('cmyk')))).toBeNull();
    expect(rgbToSrgbConversion(jpegIccProfile(await phonePhoto(640, 512)))).toBeNull();
    expect(rgbToSrgbConversion(null)).toBeNull();
  });
});

/**
 * How close the stored pixels must come to LittleCMS's (sharp's) rendering through the profile: both sample
 * the profile on a 17-point grid and interpolate alike, so only rounding is left (measured: max 1, mean
 * 0.014 on every profile below). The naive conversion misses by far more (max 85-105, mean 17-30).
 */
const LCMS_MAX = 2;
const LCMS_MEAN = 0.1;

/** The photo's pixels as the image step decodes and converts them. */
const decoded = (jpeg: Uint8Array) => withDecodedPhoto(jpeg, (rgb) => Buffer.from(rgb));
/** LittleCMS's rendering of the CMYK JPEG through its embedded profile (perceptual), as sharp converts it. */
const lcmsRendering = (jpeg: Buffer) => sharp(jpeg).toColourspace('srgb').raw().toBuffer();
const withoutProfile = (jpeg: Buffer) =>
  withoutSegments(jpeg, (marker, data) => marker === 0xe2 && data.subarray(0, 11).toString('latin1') === 'ICC_PROFILE');

/** The signature and type of the profile's A2B0 tag. */
function a2b0Type(profile: Uint8Array): string {
  const view = new DataView(profile.buffer, profile.byteOffset, profile.byteLength);
  for (let i = 0; i < view.getUint32(128); i++) {
    const entry = 132 + i * 12;
    if (Buffer.from(profile.subarray(entry, entry + 4)).toString('latin1') === 'A2B0') {
      const at = view.getUint32(entry + 4);
      return Buffer.from(profile.subarray(at, at + 4)).toString('latin1');
    }
  }
  return 'none';
}

describe('CMYK photos with an ICC profile', () => {
  it('are converted through the embedded profile (sharp’s, lut16 to Lab) as LittleCMS renders them', async () => {
    const jpeg = await cmykPhotoWithProfile();
    const profile = jpegIccProfile(jpeg)!;
    expect(Buffer.from(profile.subarray(16, 24)).toString('latin1')).toBe('CMYKLab ');
    expect(a2b0Type(profile)).toBe('mft2');
    const reference = await lcmsRendering(jpeg);
    const ours = difference(await decoded(jpeg), reference);
    const naive = difference(await decoded(withoutProfile(jpeg)), reference);
    console.log(
      `[icc] sharp's CMYK profile: ours vs LittleCMS ${JSON.stringify(ours)}, naive ${JSON.stringify(naive)}`,
    );
    expect(ours.max).toBeLessThanOrEqual(LCMS_MAX);
    expect(ours.mean).toBeLessThanOrEqual(LCMS_MEAN);
    // What the photo looked like before: the test fails without the profile's conversion.
    expect(naive.max).toBeGreaterThan(LCMS_MAX * 10);
    expect(naive.mean).toBeGreaterThan(LCMS_MEAN * 10);
  });

  it.each([
    ['lut8, Lab, version 2', cmykProfile(2, 'Lab ', [['A2B0', lut8Tag(5)]])],
    ['lut8, Lab, version 4', cmykProfile(4, 'Lab ', [['A2B0', lut8Tag(5)]])],
    ['lutAtoB, Lab, 2-byte grid, version 4', cmykProfile(4, 'Lab ', [['A2B0', lutAtoBTag('Lab ', 2)]])],
    ['lutAtoB, XYZ, 1-byte grid, version 4', cmykProfile(4, 'XYZ ', [['A2B0', lutAtoBTag('XYZ ', 1)]])],
    ['lutAtoB, XYZ, 2-byte grid, version 2', cmykProfile(2, 'XYZ ', [['A2B0', lutAtoBTag('XYZ ', 2)]])],
  ])('are converted through a %s profile as LittleCMS renders them', async (name, profile) => {
    const jpeg = withIccProfile(await cmykPhotoWithProfile(), profile);
    expect((await sharp(jpeg).metadata()).icc?.length).toBe(profile.length);
    const reference = await lcmsRendering(jpeg);
    const ours = difference(await decoded(jpeg), reference);
    const naive = difference(await decoded(withoutProfile(jpeg)), reference);
    console.log(`[icc] ${name}: ours vs LittleCMS ${JSON.stringify(ours)}, naive ${JSON.stringify(naive)}`);
    expect(ours.max).toBeLessThanOrEqual(LCMS_MAX);
    expect(ours.mean).toBeLessThanOrEqual(LCMS_MEAN);
    expect(naive.mean).toBeGreaterThan(LCMS_MEAN * 10);
  });

  it('are read as inverted whether or not they carry Adobe’s marker, as sharp (libvips) and browsers read them', async () => {
    const jpeg = await cmykPhotoWithProfile();
    const unmarked = withoutSegments(jpeg, (marker) => marker === 0xee);
    expect(unmarked.length).toBeLessThan(jpeg.length);
    const ours = difference(await decoded(unmarked), await lcmsRendering(unmarked));
    expect(ours.max).toBeLessThanOrEqual(LCMS_MAX);
    expect(ours.mean).toBeLessThanOrEqual(LCMS_MEAN);
    // The evaluator itself takes either: ink values give what their inverse gives when read as inverted.
    const profile = jpegIccProfile(jpeg);
    const stored = Uint8Array.from({ length: 4 * 500 }, (_, i) => (i * 97 + (i >> 2) * 31) % 256);
    const ink = stored.map((v) => 255 - v);
    cmykToSrgbConversion(profile, true)!(stored, 500);
    cmykToSrgbConversion(profile, false)!(ink, 500);
    expect(difference(stored.subarray(0, 1500), ink.subarray(0, 1500)).max).toBe(0);
  });

  it('converts a YCCK JPEG through its profile too', async () => {
    // fixtures/ycck.jpg (written by libjpeg-turbo, Adobe marker with transform 2), given sharp's CMYK profile.
    const ycck = await readFile(new URL('./fixtures/ycck.jpg', import.meta.url));
    const profile = jpegIccProfile(await cmykPhotoWithProfile(8, 8))!;
    const jpeg = withIccProfile(ycck, profile);
    const reference = await lcmsRendering(jpeg);
    const ours = difference(await decoded(jpeg), reference);
    const naive = difference(await decoded(ycck), reference);
    console.log(`[icc] YCCK: ours vs LittleCMS ${JSON.stringify(ours)}, naive ${JSON.stringify(naive)}`);
    expect(ours.max).toBeLessThanOrEqual(LCMS_MAX);
    expect(naive.max).toBeGreaterThan(LCMS_MAX * 5);
  });

  it('use A2B1, then A2B2, when A2B0 is missing', () => {
    const tag = lut8Tag(3);
    const pixels = () => Uint8Array.from({ length: 4 * 64 }, (_, i) => (i * 37) % 256);
    const render = (profile: Uint8Array) => {
      const out = pixels();
      cmykToSrgbConversion(profile, true)!(out, 64);
      return out;
    };
    const a2b0 = render(cmykProfile(2, 'Lab ', [['A2B0', tag]]));
    expect(render(cmykProfile(2, 'Lab ', [['A2B1', tag]]))).toEqual(a2b0);
    expect(render(cmykProfile(2, 'Lab ', [['A2B2', tag]]))).toEqual(a2b0);
  });

  it('are stored naively when the profile’s table is of a kind not understood here', async () => {
    // A multiProcessElementType ('mpet') table, and a lut16 of three inputs: not a CMYK table this reads.
    const mpet = Buffer.concat([Buffer.from('mpet\0\0\0\0', 'latin1'), Buffer.alloc(24)]);
    const threeInputs = lut8Tag(3);
    threeInputs[8] = 3;
    const base = await cmykPhotoWithProfile(64, 48);
    for (const profile of [cmykProfile(2, 'Lab ', [['A2B0', mpet]]), cmykProfile(2, 'Lab ', [['A2B0', threeInputs]])]) {
      expect(cmykToSrgbConversion(profile, true)).toBeNull();
      const jpeg = withIccProfile(base, profile);
      expect(await decoded(jpeg)).toEqual(await decoded(withoutProfile(jpeg)));
      expect((await sanitizeJpeg(jpeg)).width).toBe(64);
    }
  });

  it('never fail on a truncated or corrupt profile', async () => {
    const jpeg = await cmykPhotoWithProfile(64, 48);
    // The profile cut short: its last APP2 chunks lost.
    const cut = withoutSegments(jpeg, (marker, data) => marker === 0xe2 && data[12]! > 3);
    expect(jpegIccProfile(cut)!.length).toBeLessThan(jpegIccProfile(jpeg)!.length);
    expect((await sanitizeJpeg(cut)).width).toBe(64);
    // Synthetic profiles cut anywhere and with flipped bytes (seeded): a conversion or none, never a throw.
    let seed = 11;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    const profiles = [
      cmykProfile(2, 'Lab ', [['A2B0', lut8Tag(3)]]),
      cmykProfile(4, 'XYZ ', [['A2B0', lutAtoBTag('XYZ ', 1)]]),
      cmykProfile(4, 'Lab ', [['A2B0', lutAtoBTag('Lab ', 2)]]),
    ];
    let converted = 0;
    for (let i = 0; i < 120; i++) {
      const source = profiles[i % profiles.length]!;
      let broken = source.slice(0, i % 2 === 0 ? Math.floor(random() * source.length) : source.length);
      if (i % 2 === 1)
        for (let f = 0; f < 1 + Math.floor(random() * 6); f++)
          broken[Math.floor(random() * broken.length)] = Math.floor(random() * 256);
      if (i % 5 === 0) broken = broken.subarray(0, 100); // shorter than a profile's header
      const { cmyk } = jpegSrgbConversions(withIccProfile(jpeg, broken));
      if (cmyk) {
        converted += 1;
        cmyk(
          Uint8Array.from({ length: 4 * 16 }, (_, p) => (p * 53) % 256),
          16,
        );
      }
    }
    expect(converted).toBeGreaterThan(0);
  });
});
