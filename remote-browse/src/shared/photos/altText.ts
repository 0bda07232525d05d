import { BROWSE_TEXT } from '@snapshire/contracts';

/** Alt text of a photo: its description, or a plain fallback when it has none. */
export function photoAlt(photo: { description?: string | null }): string {
  const text = photo.description?.trim();
  return text ? text : BROWSE_TEXT.PHOTO_ALT_FALLBACK;
}
