/** handle-post-create's ICC handling (supabase/functions/handle-post-create/icc.ts), on profiles sharp (lcms) embeds. */
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { jpegIccProfile, rgbToSrgbConversion } from '../../../../supabase/functions/handle-post-create/icc.ts';
import { phonePhoto } from './images.ts';

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
