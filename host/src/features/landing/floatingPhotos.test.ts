import { DEFAULT_LANDING_IMAGE_URL, LANDING_PHOTO_COUNT } from '@snapshire/federation/site';
import { describe, expect, it } from 'vitest';
import { landingPhotoUrl, randomFloatingPhotos } from './floatingPhotos.ts';

/** A repeatable sequence standing in for Math.random. */
function sequence(seed: number) {
  let x = seed;
  return () => {
    x = (x * 16807) % 2147483647;
    return (x - 1) / 2147483646;
  };
}

describe('randomFloatingPhotos', () => {
  it('places three photos within the stated ranges, many times over', () => {
    for (let run = 1; run <= 200; run++) {
      const photos = randomFloatingPhotos('https://img.example/{seed}/{size}', sequence(run));
      expect(photos).toHaveLength(3);
      for (const p of photos) {
        const [, , size] = /\/(\d+)\/(\d+)$/.exec(p.src)!;
        expect(Number(size)).toBeGreaterThanOrEqual(250);
        expect(Number(size)).toBeLessThanOrEqual(350);
        expect(p.leftPct).toBeGreaterThanOrEqual(-20);
        expect(p.leftPct).toBeLessThanOrEqual(120);
        expect(p.topPct).toBeGreaterThanOrEqual(5);
        expect(p.topPct).toBeLessThanOrEqual(95);
        expect(p.floatSeconds).toBeGreaterThanOrEqual(10);
        expect(p.floatSeconds).toBeLessThanOrEqual(25);
        expect(p.swaySeconds).toBeGreaterThanOrEqual(2);
        expect(p.swaySeconds).toBeLessThanOrEqual(4);
        expect(p.blurSeconds).toBeGreaterThanOrEqual(5);
        expect(p.blurSeconds).toBeLessThanOrEqual(10);
        expect(p.delaySeconds).toBeLessThanOrEqual(0);
      }
      expect(new Set(photos.map((p) => p.src)).size).toBe(3);
    }
  });

  it('uses only the host pictures that exist with the default template', () => {
    for (let run = 1; run <= 100; run++)
      for (const p of randomFloatingPhotos(DEFAULT_LANDING_IMAGE_URL, sequence(run))) {
        const n = Number(/photo-(\d+)\.svg$/.exec(p.src)![1]);
        expect(n).toBeGreaterThanOrEqual(1);
        expect(n).toBeLessThanOrEqual(LANDING_PHOTO_COUNT);
      }
  });

  it('fills {seed} and {size} in', () => {
    expect(landingPhotoUrl('https://picsum.photos/seed/{seed}/{size}', 7, 300)).toBe(
      'https://picsum.photos/seed/7/300',
    );
  });
});
