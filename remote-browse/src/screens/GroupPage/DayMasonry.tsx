import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { Box } from '@snapshire/shell-components';
import { dayShowsAsRow, layoutDay } from './masonry.ts';
import { useVisibleBand } from './useVisibleBand.ts';

/**
 * Tiles further than this from the screen are not rendered (their boxes stay reserved): a long group keeps
 * a bounded DOM. Generous, so a brisk scroll or Tab to the next photo finds it already there.
 */
const RENDER_MARGIN_PX = 1500;

/**
 * A masonry of one day's photos: `columns` equal columns 12px apart, each photo placed in the shortest
 * column so far. Every tile's box comes from the photo's stored size, so nothing moves while images load;
 * the DOM keeps time order (Tab goes newest to oldest) while the boxes show as columns. Only the tiles on or
 * near the screen are in the DOM; the masonry's height is always the whole day's, so nothing moves.
 *
 * A day with fewer photos than columns shows as one row across the width (layoutRow) rather than columns
 * left empty. Only a day known to be complete when first shown does: the last loaded day may get more
 * photos with the next page, so it keeps columns (appending then moves nothing) for as long as it is shown.
 */
export function DayMasonry<T extends { id: string; meta_width: number; meta_height: number }>({
  items,
  columns,
  width,
  renderItem,
  mayGrow = false,
  onLayout,
}: {
  items: readonly T[];
  columns: number;
  /** Content width of the gallery in CSS pixels. */
  width: number;
  /** The next page may add photos to this day (the last day loaded while more pages remain). */
  mayGrow?: boolean;
  renderItem: (item: T, index: number, columnWidth: number) => ReactNode;
  /**
   * Told the width every item is shown at, on or off screen, whenever the layout changes; what it returns
   * runs when that layout is replaced.
   */
  onLayout?: (items: readonly T[], widths: readonly number[]) => () => void;
}) {
  // Decided once, when the day is first shown: a day that was shown in columns never turns into a row.
  const [inColumnsWhileGrowing] = useState(mayGrow);
  const asRow = dayShowsAsRow(items.length, columns, inColumnsWhileGrowing);
  const { boxes, height } = useMemo(() => layoutDay(items, columns, width, asRow), [asRow, items, columns, width]);
  // A layout redone before its photos were asked for (the width settling as the page loads) takes back the
  // first one's asks: each photo is signed at the width it ends up shown at.
  useEffect(
    () =>
      onLayout?.(
        items,
        boxes.map((box) => box.width),
      ),
    [onLayout, items, boxes],
  );
  const ref = useRef<HTMLDivElement>(null);
  const band = useVisibleBand(ref, height, RENDER_MARGIN_PX);
  return (
    <Box
      ref={ref}
      position="relative"
      height={`${height}px`}
      data-testid="masonry"
      data-layout={asRow ? 'row' : 'columns'}
      data-columns={columns}
      data-count={items.length}
    >
      {items.map((item, index) => {
        const box = boxes[index]!;
        if (box.top + box.height < band.from || box.top > band.to) return null;
        return (
          <Box
            key={item.id}
            position="absolute"
            style={{ left: `${box.left}px`, top: `${box.top}px`, width: `${box.width}px` }}
          >
            {renderItem(item, index, box.width)}
          </Box>
        );
      })}
    </Box>
  );
}
