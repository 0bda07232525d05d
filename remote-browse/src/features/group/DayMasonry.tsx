import { useMemo, useRef, type ReactNode } from 'react';
import { Box } from '@chakra-ui/react';
import { LIMITS } from '@snapshire/contracts';
import { aspectRatioOf, layoutMasonry } from './masonry.ts';
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
 */
export function DayMasonry<T extends { id: string; meta_width: number; meta_height: number }>({
  items,
  columns,
  width,
  renderItem,
}: {
  items: readonly T[];
  columns: number;
  /** Content width of the gallery in CSS pixels. */
  width: number;
  renderItem: (item: T, index: number, columnWidth: number) => ReactNode;
}) {
  const { boxes, height } = useMemo(
    () => layoutMasonry(items.map(aspectRatioOf), columns, width, LIMITS.MASONRY_GUTTER_PX),
    [items, columns, width],
  );
  const ref = useRef<HTMLDivElement>(null);
  const band = useVisibleBand(ref, height, RENDER_MARGIN_PX);
  return (
    <Box ref={ref} position="relative" height={`${height}px`} data-testid="masonry" data-columns={columns} data-count={items.length}>
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
