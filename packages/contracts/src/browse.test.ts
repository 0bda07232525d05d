import { describe, expect, it } from 'vitest';
import { columnCountForWidth, galleryPositionText } from './browse.ts';
import { LIMITS } from './limits.ts';

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

describe('columnCountForWidth', () => {
  it('has 1 column below 350px, 2 from 350px and 3 from 750px', () => {
    expect(columnCountForWidth(320)).toBe(1);
    expect(columnCountForWidth(349)).toBe(1);
    expect(columnCountForWidth(350)).toBe(2);
    expect(columnCountForWidth(360)).toBe(2);
    expect(columnCountForWidth(749)).toBe(2);
    expect(columnCountForWidth(750)).toBe(3);
    expect(columnCountForWidth(1280)).toBe(3);
    expect(LIMITS.MASONRY_GUTTER_PX).toBe(12);
  });
});
