import { describe, expect, it } from 'vitest';
import { LIMITS, PHOTO_WIDTH_STEPS } from '@snapshire/contracts';
import { fallbackRendition, photoRenditions, renditionFor, widthSrcSet, widthStepFor } from './renditions.ts';

const photo = (meta_width: number, meta_height: number) => ({ id: 'p1', file_name: 'a.jpg', meta_width, meta_height });

describe('photoRenditions', () => {
  it('offers a large photo at every width step, up to the render limit, heights in proportion', () => {
    const renditions = photoRenditions(photo(4000, 3000));
    expect(renditions.map((r) => r.transform.width)).toEqual([...PHOTO_WIDTH_STEPS]);
    expect(renditions.at(-1)!.transform).toEqual({
      width: LIMITS.IMAGE_MAX_WIDTH,
      height: 923,
      quality: LIMITS.IMAGE_QUALITY,
    });
    expect(renditions[0]!.key).toBe('photography/posts/p1/a.jpg?w=320&h=240&q=60');
  });

  it('never upscales: a photo narrower than a step is offered at its own width, once', () => {
    expect(photoRenditions(photo(640, 480)).map((r) => [r.transform.width, r.transform.height])).toEqual([
      [320, 240],
      [400, 300],
      [480, 360],
      [640, 480],
    ]);
    expect(photoRenditions(photo(200, 100)).map((r) => r.transform.width)).toEqual([200]);
  });
});

describe('widthStepFor', () => {
  it('takes the narrowest step covering the shown width in device pixels, up to 3x', () => {
    expect(widthStepFor(360, 1)).toBe(400);
    expect(widthStepFor(360, 2)).toBe(800);
    expect(widthStepFor(360, 3)).toBe(LIMITS.IMAGE_MAX_WIDTH);
    expect(widthStepFor(180, 3)).toBe(640);
    expect(widthStepFor(180, 5)).toBe(640); // never beyond 3x
    expect(widthStepFor(100, 1)).toBe(320);
    expect(widthStepFor(2000, 1)).toBe(LIMITS.IMAGE_MAX_WIDTH);
  });

  it('signs a narrower photo at its own width for any larger step', () => {
    expect(renditionFor(photo(640, 480), 1230).transform).toEqual({
      width: 640,
      height: 480,
      quality: LIMITS.IMAGE_QUALITY,
    });
  });
});

describe('srcset and fallback', () => {
  const renditions = [
    { width: 320, url: 'u320' },
    { width: 480, url: 'u480' },
    { width: 800, url: 'u800' },
  ];

  it('describes each size by its width', () => {
    expect(widthSrcSet(renditions)).toBe('u320 320w, u480 480w, u800 800w');
  });

  it('falls back to the narrowest size at least as wide as shown, else the widest', () => {
    expect(fallbackRendition(renditions, 300)?.url).toBe('u320');
    expect(fallbackRendition(renditions, 392)?.url).toBe('u480');
    expect(fallbackRendition(renditions, 1000)?.url).toBe('u800');
    expect(fallbackRendition([], 300)).toBeUndefined();
  });
});
