import { describe, expect, it } from 'vitest';
import { isPostChangeRow, newPostIds } from './postChanges.ts';

const row = (id: string, minute: number, uploaded = true) => ({
  id,
  created_at: `2026-11-27T12:${String(minute).padStart(2, '0')}:00+00:00`,
  has_uploaded_photo: uploaded,
});

describe('newPostIds', () => {
  it('offers uploaded photos newer than the newest shown and not on screen', () => {
    const shown = new Set(['a', 'b']);
    const rows = [row('c', 30), row('d', 31, false), row('a', 20), row('old', 5), row('b', 29)];
    expect(newPostIds(rows, shown, row('b', 29).created_at)).toEqual(['c']);
  });

  it('offers every uploaded photo to an empty gallery', () => {
    expect(newPostIds([row('x', 1), row('y', 2, false)], new Set(), undefined)).toEqual(['x']);
  });
});

describe('isPostChangeRow', () => {
  it('takes a row with the fields a live screen reads, and nothing else', () => {
    expect(
      isPostChangeRow({ ...row('a', 1), group_id: 'g', like_count: 1, comment_count: 0, file_name: 'x.jpg' }),
    ).toBe(true);
    expect(isPostChangeRow({ id: 'a' })).toBe(false);
    expect(isPostChangeRow(null)).toBe(false);
  });
});
