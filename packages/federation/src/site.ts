/**
 * Site-wide defaults the host reads at run time and the build and start scripts at build time. Pure data.
 */

/**
 * The landing page's decorative photos when nothing else is configured: pictures the host itself generates
 * at build time, so the page asks for nothing outside the site. {seed} is 1..LANDING_PHOTO_COUNT and {size}
 * the requested pixel size (ignored by these vector pictures; a photo service such as
 * `https://picsum.photos/seed/{seed}/{size}` uses it).
 */
export const DEFAULT_LANDING_IMAGE_URL = '/landing/photo-{seed}.svg';
export const LANDING_PHOTO_COUNT = 8;
