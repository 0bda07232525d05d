import { LIMITS } from '@snapshire/contracts';

/**
 * The first row (the first photo of each column of the newest day: the masonry puts them side by side at the
 * top) loads at once and at high priority, as the likely largest paint; every other photo lazily, as it nears
 * the screen. A newest day with fewer photos than columns is a row of its own, and the next day starts below
 * it, after its heading (on a phone, after the advert too): not in the first row. `dayIndex` is the day's
 * place in the gallery and `index` the photo's in its day, newest first.
 */
export const inFirstRow = (dayIndex: number, index: number, columns: number) => dayIndex === 0 && index < columns;

/**
 * Assigns items, in order, to columns: each goes to the currently shortest column (leftmost on ties).
 * Heights are in column widths (height/width of each photo), plus `gutterRatio` (gutter / column width)
 * between items. Appending items never moves earlier ones, so loading another page leaves the layout in place.
 * Returns, per column, the indexes of its items top to bottom.
 */
export function assignColumns(aspectRatios: readonly number[], columns: number, gutterRatio = 0): number[][] {
  const count = Math.max(1, Math.floor(columns));
  const result: number[][] = Array.from({ length: count }, () => []);
  const heights = new Array<number>(count).fill(0);
  aspectRatios.forEach((ratio, index) => {
    let shortest = 0;
    for (let c = 1; c < count; c++) if (heights[c]! < heights[shortest]! - 1e-9) shortest = c;
    heights[shortest]! +=
      (result[shortest]!.length > 0 ? gutterRatio : 0) + (Number.isFinite(ratio) && ratio > 0 ? ratio : 1);
    result[shortest]!.push(index);
  });
  return result;
}

/** Height over width of a photo from its stored size (1 when unknown). */
export function aspectRatioOf(photo: { meta_width: number; meta_height: number }): number {
  return photo.meta_width > 0 && photo.meta_height > 0 ? photo.meta_height / photo.meta_width : 1;
}

export interface MasonryBox {
  left: number;
  top: number;
  width: number;
  height: number;
}

/**
 * Pixel boxes for photos of the given aspect ratios in a container `width` wide: `columns` equal columns
 * `gutter` apart, each photo in the shortest column so far (assignColumns). Positions let the DOM keep the
 * photos in time order (tab order, screen readers) while they show as columns.
 */
export function layoutMasonry(
  aspectRatios: readonly number[],
  columns: number,
  width: number,
  gutter: number,
): { boxes: MasonryBox[]; height: number } {
  const count = Math.max(1, Math.floor(columns));
  const columnWidth = Math.max(1, (width - gutter * (count - 1)) / count);
  const assignment = assignColumns(aspectRatios, count, gutter / columnWidth);
  const boxes: MasonryBox[] = new Array(aspectRatios.length);
  let height = 0;
  assignment.forEach((column, c) => {
    let top = 0;
    column.forEach((index, k) => {
      if (k > 0) top += gutter;
      const ratio = aspectRatios[index]!;
      const boxHeight = columnWidth * (Number.isFinite(ratio) && ratio > 0 ? ratio : 1);
      boxes[index] = { left: c * (columnWidth + gutter), top, width: columnWidth, height: boxHeight };
      top += boxHeight;
    });
    height = Math.max(height, top);
  });
  return { boxes, height };
}

/**
 * How tall, in column widths, a row of a short day may grow: a lone landscape photo spans about two columns
 * and a portrait one stays near a column wide, instead of either filling the screen (and its bytes).
 */
export const ROW_MAX_HEIGHT_IN_COLUMNS = 1.25;

/**
 * A day with fewer photos than columns, as one row across the width instead of columns left empty: every
 * photo the same height, `gutter` apart, together as wide as the container (justified), unless that would
 * make them taller than `ROW_MAX_HEIGHT_IN_COLUMNS` column widths; then the row keeps that height and is
 * centred. Boxes keep each photo's aspect ratio, so the tiles are still sized from meta_width/meta_height.
 */
export function layoutRow(
  aspectRatios: readonly number[],
  columns: number,
  width: number,
  gutter: number,
): { boxes: MasonryBox[]; height: number } {
  if (aspectRatios.length === 0) return { boxes: [], height: 0 };
  const count = Math.max(1, Math.floor(columns));
  const columnWidth = Math.max(1, (width - gutter * (count - 1)) / count);
  const widthsPerHeight = aspectRatios.map((ratio) => 1 / (Number.isFinite(ratio) && ratio > 0 ? ratio : 1));
  const gutters = gutter * (aspectRatios.length - 1);
  const fill = Math.max(1, width - gutters) / widthsPerHeight.reduce((sum, w) => sum + w, 0);
  const height = Math.min(fill, columnWidth * ROW_MAX_HEIGHT_IN_COLUMNS);
  const rowWidth = widthsPerHeight.reduce((sum, w) => sum + w * height, 0) + gutters;
  let left = Math.max(0, (width - rowWidth) / 2);
  const boxes = widthsPerHeight.map((w) => {
    const box = { left, top: 0, width: w * height, height };
    left += box.width + gutter;
    return box;
  });
  return { boxes, height };
}

/**
 * Whether a day shows as one row across the width (layoutRow) rather than columns: a day with fewer photos
 * than columns, unless it may still grow (the last day loaded while more pages remain), which keeps columns.
 */
export function dayShowsAsRow(count: number, columns: number, mayGrow: boolean): boolean {
  return !mayGrow && count < columns;
}

/** The boxes of one day's photos, as the gallery draws them (DayMasonry). */
export function layoutDay(
  photos: readonly { meta_width: number; meta_height: number }[],
  columns: number,
  width: number,
  asRow: boolean,
): { boxes: MasonryBox[]; height: number } {
  return (asRow ? layoutRow : layoutMasonry)(photos.map(aspectRatioOf), columns, width, LIMITS.MASONRY_GUTTER_PX);
}
