import { describe, expect, it } from 'vitest';
import { galleryPositionText } from './browse.ts';

describe('galleryPositionText', () => {
  it('uses the counted total even while pages remain to be loaded', () => {
    expect(galleryPositionText(3, { loaded: 30, more: true, total: 500 })).toBe('3 of 500');
  });
  it('never shows fewer than the photos loaded (a photo posted since the count)', () => {
    expect(galleryPositionText(3, { loaded: 31, more: false, total: 30 })).toBe('3 of 31');
  });
  it('without a count, shows the photos loaded, marked while more remain', () => {
    expect(galleryPositionText(3, { loaded: 30, more: true, total: undefined })).toBe('3 of 30+');
    expect(galleryPositionText(3, { loaded: 12, more: false, total: undefined })).toBe('3 of 12');
  });
});
