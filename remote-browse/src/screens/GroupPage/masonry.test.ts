import { describe, expect, it } from 'vitest';
import { ROW_MAX_HEIGHT_IN_COLUMNS, aspectRatioOf, assignColumns, layoutMasonry, layoutRow } from './masonry.ts';

describe('assignColumns', () => {
  it('puts each photo in the shortest column, leftmost on ties', () => {
    // tall (2) left; two squares right (1, then 2: a tie); the wide one goes left on the tie
    expect(assignColumns([2, 1, 1, 0.5], 2)).toEqual([
      [0, 3],
      [1, 2],
    ]);
    expect(assignColumns([2, 0.5, 0.5, 0.5], 2)).toEqual([[0], [1, 2, 3]]);
    expect(assignColumns([1, 1, 1, 1, 1, 1], 3)).toEqual([
      [0, 3],
      [1, 4],
      [2, 5],
    ]);
  });

  it('never moves earlier photos when more are appended', () => {
    const first = [0.75, 1.5, 0.66, 1, 1.33, 0.5, 0.8];
    const more = [...first, 1.2, 0.7, 1.1, 0.9];
    const before = assignColumns(first, 3);
    const after = assignColumns(more, 3);
    before.forEach((column, c) => expect(after[c]!.slice(0, column.length)).toEqual(column));
  });

  it('keeps columns balanced within one photo height', () => {
    const ratios = Array.from({ length: 60 }, (_, i) => [0.66, 1.5, 1, 0.75, 1.33][i % 5]!);
    const columns = assignColumns(ratios, 3, 12 / 300);
    const heights = columns.map((col) => col.reduce((h, i) => h + ratios[i]!, 0) + (col.length - 1) * (12 / 300));
    expect(Math.max(...heights) - Math.min(...heights)).toBeLessThanOrEqual(1.5 + 12 / 300);
    expect(columns.flat().sort((a, b) => a - b)).toEqual(ratios.map((_, i) => i));
  });

  it('treats one column as the original order and bad sizes as square', () => {
    expect(assignColumns([1, 2, 3], 1)).toEqual([[0, 1, 2]]);
    expect(aspectRatioOf({ meta_width: 4000, meta_height: 3000 })).toBe(0.75);
    expect(aspectRatioOf({ meta_width: 0, meta_height: 3000 })).toBe(1);
  });
});

describe('layoutMasonry', () => {
  it('places photos in 3 columns 12px apart with heights from their size, in pixels', () => {
    // 912 wide: columns of 296px at 0, 308, 616.
    const { boxes, height } = layoutMasonry([0.75, 1, 1.5, 0.5], 3, 912, 12);
    expect(boxes.map((b) => b.left)).toEqual([0, 308, 616, 0]);
    expect(boxes[0]).toEqual({ left: 0, top: 0, width: 296, height: 222 });
    // The 4th goes under the shortest (the first, 222px) with the gutter between.
    expect(boxes[3]).toEqual({ left: 0, top: 234, width: 296, height: 148 });
    expect(height).toBe(444);
  });
});

describe('layoutRow', () => {
  // 912 wide in 3 columns: columns of 296px, so a row is at most 370px tall.
  const maxHeight = 296 * ROW_MAX_HEIGHT_IN_COLUMNS;

  it('spreads two photos across the whole width at one height, 12px apart', () => {
    // Landscape 4:3 and 2:1: widths 4/3 h and 2 h, plus the gutter, make 912px.
    const { boxes, height } = layoutRow([0.75, 0.5], 3, 912, 12);
    expect(height).toBeCloseTo(900 / (4 / 3 + 2));
    expect(height).toBeLessThanOrEqual(maxHeight);
    expect(boxes[0]!.left).toBe(0);
    expect(boxes[1]!.left).toBeCloseTo(boxes[0]!.width + 12);
    expect(boxes[1]!.left + boxes[1]!.width).toBeCloseTo(912);
    // Each box keeps its photo's aspect ratio.
    expect(boxes[0]!.height / boxes[0]!.width).toBeCloseTo(0.75);
    expect(boxes[1]!.height / boxes[1]!.width).toBeCloseTo(0.5);
  });

  it('keeps a lone photo at a sensible size, centred, rather than as tall as the screen is wide', () => {
    const landscape = layoutRow([2 / 3], 3, 912, 12);
    expect(landscape.height).toBe(maxHeight);
    expect(landscape.boxes[0]).toEqual({ left: (912 - 555) / 2, top: 0, width: 555, height: maxHeight });
    const portrait = layoutRow([1.5], 3, 912, 12);
    expect(portrait.boxes[0]!.width).toBeCloseTo(maxHeight / 1.5);
    expect(portrait.boxes[0]!.left).toBeCloseTo((912 - maxHeight / 1.5) / 2);
  });

  it('fills the width when the photos are wide enough (a panorama), and handles no photos and bad sizes', () => {
    const panorama = layoutRow([0.25], 3, 912, 12);
    expect(panorama.boxes[0]).toEqual({ left: 0, top: 0, width: 912, height: 228 });
    expect(layoutRow([], 3, 912, 12)).toEqual({ boxes: [], height: 0 });
    expect(layoutRow([Number.NaN], 3, 912, 12).boxes[0]).toMatchObject({ width: maxHeight, height: maxHeight });
  });
});
