import { describe, expect, it } from 'vitest';
import { LIMITS } from '@snapshire/contracts';
import { photoTransform, requestWidthFor } from './signedPhotoUrl.ts';

describe('requestWidthFor', () => {
  it('asks for the device pixels of the shown width, rounded up to 80 px', () => {
    expect(requestWidthFor(392, 1)).toBe(400);
    expect(requestWidthFor(392, 2)).toBe(800);
    expect(requestWidthFor(392, 1.5)).toBe(640);
  });

  it('goes up to 3x, never beyond, and never past the render limit', () => {
    expect(requestWidthFor(300, 3)).toBe(960);
    expect(requestWidthFor(300, 4)).toBe(960);
    expect(requestWidthFor(600, 3)).toBe(LIMITS.IMAGE_MAX_WIDTH);
    expect(requestWidthFor(0, 1)).toBe(80);
  });

  it('never asks for more than the photo has', () => {
    const photo = { id: 'p', file_name: 'a.jpg', meta_width: 800, meta_height: 600 };
    expect(photoTransform(photo, requestWidthFor(392, 3))).toEqual({ width: 800, height: 600, quality: LIMITS.IMAGE_QUALITY });
    expect(photoTransform(photo, requestWidthFor(392, 1))).toEqual({ width: 400, height: 300, quality: LIMITS.IMAGE_QUALITY });
  });
});
