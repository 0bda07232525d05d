import { useEffect, useLayoutEffect, useRef, type ReactNode, type RefObject } from 'react';
import { Box, Center, Heading, Spinner, Stack, Text } from '@snapshire/shell-components';
import { MESSAGES, columnCountForWidth } from '@snapshire/contracts';
import type { GalleryPost } from '../../shared/data/types.ts';
import { useElementWidth } from '../../shared/photos/useElementWidth.ts';
import { useSignPhotosAt } from '../../shared/photos/useSignedPhoto.ts';
import { DayMasonry } from './DayMasonry.tsx';
import type { DayGroup } from './groupPostsByDay.ts';
import { inFirstRow } from './masonry.ts';
import { PhotoTile } from './PhotoTile.tsx';
import { useInfiniteScroll } from './useInfiniteScroll.ts';
import { useViewportSize } from '../../shared/layout/useViewportSize.ts';
import { pageContentWidth } from '../../shared/layout/pageGeometry.ts';
import { onViewportChange } from './onViewportChange.ts';

/** The next page is asked for while the end of the loaded photos is less than this many screens away. */
const NEXT_PAGE_SCREENS_AHEAD = 3;

export interface GalleryProps {
  groupId: string;
  /** The photos by day, newest day first (groupPostsByDay). */
  days: readonly DayGroup<GalleryPost>[];
  loading: boolean;
  hasMore: boolean;
  /** How many photos the gallery holds in all, loaded or not; undefined while unknown (under a filter). */
  totalCount?: number;
  loadingMore: boolean;
  loadMore: () => void;
  /** Whether the caller may like photos here (a member); the hearts tell everyone else how to. */
  canTakePart: boolean;
  /** Shown in the flow after the first day's photos (the advert on narrow screens, so photos come first). */
  afterFirstDay?: ReactNode;
}

/** The group's photos by day (newest first), each day a masonry; more pages load as the end nears. */
export function Gallery(props: GalleryProps) {
  const { groupId, days, loading, hasMore, totalCount, loadingMore, loadMore, canTakePart, afterFirstDay } = props;
  const containerRef = useRef<HTMLDivElement>(null);
  const sentinelRef = useRef<HTMLDivElement>(null);
  const viewportWidth = useViewportSize('width');
  // Measured once laid out; until then the page column's width, which the first-photos module assumes too.
  const containerWidth = useElementWidth(containerRef, pageContentWidth(viewportWidth));
  const columns = columnCountForWidth(viewportWidth);
  const count = days.reduce((n, day) => n + day.posts.length, 0);
  // Every day's photos are signed at their tiles' widths as each page is laid out (one request a page).
  const signPhotosAt = useSignPhotosAt();

  // The next page is asked for three screens ahead of the end, or at once when the reader has jumped past it.
  useInfiniteScroll(sentinelRef, {
    enabled: hasMore && !loading,
    busy: loadingMore,
    onLoadMore: loadMore,
    screensAhead: NEXT_PAGE_SCREENS_AHEAD,
  });
  useReservedHeight(containerRef, sentinelRef, { hasMore, count, totalCount, resetKey: days[0]?.posts[0]?.id });

  return (
    <Box ref={containerRef} data-testid="gallery">
      {loading ? (
        <Center minH="100vh" alignItems="flex-start" pt="16">
          <Spinner size="lg" color="green.500" aria-label="Loading" />
        </Center>
      ) : days.length === 0 && !hasMore ? (
        <Text py="10" textAlign="center" color="fg.muted">
          {MESSAGES.NO_POSTS}
        </Text>
      ) : (
        <Stack gap="8">
          {days.map((day, dayIndex) => {
            const offset = day.start;
            return (
              <Box as="section" key={day.key} aria-label={day.label} data-day={day.key}>
                <Heading as="h2" size="md" mb="3" data-testid="day-heading">
                  {day.label}
                </Heading>
                <DayMasonry
                  items={day.posts}
                  columns={columns}
                  width={containerWidth}
                  mayGrow={hasMore && dayIndex === days.length - 1}
                  onLayout={signPhotosAt}
                  renderItem={(post, index, columnWidth) => (
                    <PhotoTile
                      key={post.id}
                      groupId={groupId}
                      post={post}
                      columnWidth={columnWidth}
                      order={offset + index}
                      eager={inFirstRow(dayIndex, index, columns)}
                      priority={inFirstRow(dayIndex, index, columns)}
                      canTakePart={canTakePart}
                    />
                  )}
                />
                {dayIndex === 0 ? afterFirstDay : null}
              </Box>
            );
          })}
        </Stack>
      )}
      {/* Zero-sized, at the end of the photos (before the reserve): moving it is no layout shift. */}
      <Box ref={sentinelRef} h="0" data-testid="gallery-end" data-has-more={hasMore} />
      {/* Fixed, so showing and hiding it moves nothing on the page. */}
      {loadingMore ? (
        <Center position="fixed" insetX="0" bottom="6" pointerEvents="none" zIndex="docked">
          <Center bg="bg.panel" rounded="full" boxShadow="md" p="2">
            <Spinner color="green.500" aria-label="Loading more photos" />
          </Center>
        </Center>
      ) : null}
    </Box>
  );
}

/** Photos not loaded yet are reserved a little more room than the loaded ones take on average. */
const RESERVE_MARGIN = 1.1;

/**
 * The gallery is as tall as the whole group will be, not just the pages loaded so far: below the photos it
 * reserves room for the rest (totalCount minus those loaded, at the loaded photos' average height; a screen
 * when the total is unknown), so an arriving page fills space already there and nothing on screen moves,
 * however fast the reader scrolls. The footer (after the gallery) moves only while off screen: while it is in
 * view (a reader who jumped to the very end) the page scrolls with each change, so the footer stays where it
 * is on screen; otherwise the gallery never shrinks above the bottom of the screen, which would pull the page
 * down under the reader. The height is written to the
 * element before the browser paints (layout effect, and on scroll), hence the direct style write.
 */
function useReservedHeight(
  container: RefObject<HTMLElement | null>,
  sentinel: RefObject<HTMLElement | null>,
  gallery: ReserveInputs,
): void {
  const held = useRef<HeldHeight>({ resetKey: gallery.resetKey, height: 0 });
  const latest = useRef(gallery);
  useLayoutEffect(() => {
    latest.current = gallery;
    settleReservedHeight(container.current, sentinel.current, gallery, held.current);
  });
  useEffect(() => {
    return onViewportChange(() =>
      settleReservedHeight(container.current, sentinel.current, latest.current, held.current),
    );
  }, [container, sentinel]);
}

interface ReserveInputs {
  hasMore: boolean;
  count: number;
  totalCount: number | undefined;
  /** The first photo's id: another group or filter starts afresh. */
  resetKey: string | undefined;
}
interface HeldHeight {
  resetKey: string | undefined;
  height: number;
}

function settleReservedHeight(
  element: HTMLElement | null,
  end: HTMLElement | null,
  { hasMore, count, totalCount, resetKey }: ReserveInputs,
  held: HeldHeight,
): void {
  if (!element || !end) return;
  if (held.resetKey !== resetKey) Object.assign(held, { resetKey, height: 0 });
  const top = element.getBoundingClientRect().top;
  // The photos' own height: the sentinel sits right after them.
  const content = end.getBoundingClientRect().top - top;
  let reserve = 0;
  if (hasMore) {
    const remaining = totalCount === undefined ? 0 : Math.max(0, totalCount - count);
    reserve = Math.max(window.innerHeight, (remaining * RESERVE_MARGIN * content) / Math.max(1, count));
  }
  const before = held.height;
  const followingInView = before > 0 && top + before < window.innerHeight;
  const height = followingInView ? content + reserve : Math.max(content + reserve, window.innerHeight - top);
  if (height === before) return;
  element.style.minHeight = `${height}px`;
  held.height = height;
  // The footer is on screen (the reader is at the very end): the page scrolls by the change, so the footer
  // keeps its place on screen and the photos above it come into view, instead of a stale reserve.
  if (followingInView) window.scrollBy(0, height - before);
}
