import { LIMITS } from '@snapshire/contracts';
import { DEFAULT_LANDING_IMAGE_URL, LANDING_PHOTO_COUNT } from '@snapshire/federation/site';

/** One decorative photo of the landing page and its random placement and timing (docs/product.md, "Landing page"). */
export interface FloatingPhoto {
  src: string;
  /** Percent of the page's width, -20..120 (some drift partly off-screen). */
  leftPct: number;
  /** Percent of the page's height, 5..95. */
  topPct: number;
  floatSeconds: number;
  swaySeconds: number;
  blurSeconds: number;
  /** Negative delay, so the photos are mid-flight when the page opens rather than all starting at once. */
  delaySeconds: number;
}

const between = (random: () => number, min: number, max: number) => min + random() * (max - min);

/** Fills {seed} and {size} into the configured image URL template. */
export function landingPhotoUrl(template: string, seed: number, size: number): string {
  return template.replaceAll('{seed}', String(seed)).replaceAll('{size}', String(size));
}

/**
 * Three photos with random source size (250-350 px), position (left -20%..120%, top 5%..95%) and timing
 * (vertical 10-25 s, sideways 2-4 s, blur 5-10 s). The host's own pictures are numbered 1..8, so seeds stay in
 * that range; any other template gets seeds from a wider range.
 */
export function randomFloatingPhotos(template: string, random: () => number = Math.random): FloatingPhoto[] {
  const seedRange = template === DEFAULT_LANDING_IMAGE_URL ? LANDING_PHOTO_COUNT : 1000;
  const seeds = new Set<number>();
  while (seeds.size < Math.min(LIMITS.LANDING_DECORATIVE_IMAGES, seedRange))
    seeds.add(1 + Math.floor(random() * seedRange));
  return [...seeds].map((seed) => {
    const size = Math.round(between(random, 250, 350));
    const floatSeconds = between(random, 10, 25);
    return {
      src: landingPhotoUrl(template, seed, size),
      leftPct: between(random, -20, 120),
      topPct: between(random, 5, 95),
      floatSeconds,
      swaySeconds: between(random, 2, 4),
      blurSeconds: between(random, 5, 10),
      delaySeconds: -between(random, 0, floatSeconds),
    };
  });
}
