import { LANDING_PHOTO_COUNT } from '../../packages/federation/src/site.ts';
import { describe, expect, it } from 'vitest';
import { landingPhotoSvg } from './landingPhotos.ts';

describe('landingPhotoSvg', () => {
  it('draws a distinct, well-formed picture for every seed, the same each time', () => {
    const pictures = Array.from({ length: LANDING_PHOTO_COUNT }, (_, i) => landingPhotoSvg(i + 1));
    expect(new Set(pictures).size).toBe(LANDING_PHOTO_COUNT);
    for (const [i, svg] of pictures.entries()) {
      expect(svg).toBe(landingPhotoSvg(i + 1));
      expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
      expect(svg.trimEnd().endsWith('</svg>')).toBe(true);
      expect(svg).not.toMatch(/NaN|undefined/);
    }
  });
});
