import { useLayoutEffect, useRef, type ReactNode, type RefObject } from 'react';
import { Box, Center, Heading, Spinner, Stack, Text } from '@chakra-ui/react';
import { MESSAGES } from '@snapshire/contracts';
import type { GalleryPost } from '../browse-data/types.ts';
import { useElementWidth } from '../photos/useElementWidth.ts';
import { DayMasonry } from './DayMasonry.tsx';
import type { DayGroup } from './groupPostsByDay.ts';
import { columnCountForWidth } from './masonry.ts';
import { PhotoTile } from './PhotoTile.tsx';
import { useInfiniteScroll } from './useInfiniteScroll.ts';
import { useViewportWidth } from './useViewportWidth.ts';

/**
 * The first row (the first photo of each column: the masonry puts them side by side at the top) loads at
 * once and at high priority, as the likely largest paint; every other photo lazily, as it nears the screen.
 */
const firstRow = (order: number, columns: number) => order < columns;
const NEXT_PAGE_AHEAD = '300% 0px';

export interface GalleryProps {
  groupId: string;
  /** The photos by day, newest day first (groupPostsByDay). */
  days: readonly DayGroup<GalleryPost>[];
  loading: boolean;
  hasMore: boolean;
  loadingMore: boolean;
  loadMore: () => void;
  liked: ReadonlySet<string>;
  onToggleLike: (postId: string) => void;
  /** Shown in the flow after the first day's photos (the advert on narrow screens, so photos come first). */
  afterFirstDay?: ReactNode;
}

/** The group's photos by day (newest first), each day a masonry; more pages load as the end nears. */
export function Gallery(props: GalleryProps) {
  const { groupId, days, loading, hasMore, loadingMore, loadMore, liked, onToggleLike, afterFirstDay } = props;
  const containerRef = useRef<HTMLDivElement>(null);
  const sentinelRef = useRef<HTMLDivElement>(null);
  const viewportWidth = useViewportWidth();
  const containerWidth = useElementWidth(containerRef, Math.min(viewportWidth, 1200));
  const columns = columnCountForWidth(viewportWidth);
  const count = days.reduce((n, day) => n + day.posts.length, 0);

  // The next page is asked for three screens ahead of the end: with the screen-high reserve below, a brisk
  // reader does not reach the footer before it arrives (the footer would then be pushed away: a layout shift).
  useInfiniteScroll(sentinelRef, {
    enabled: hasMore && !loading,
    busy: loadingMore,
    onLoadMore: loadMore,
    margin: NEXT_PAGE_AHEAD,
  });
  useEndReserve(containerRef, { hasMore, count, firstId: days[0]?.posts[0]?.id });

  return (
    <Box ref={containerRef} data-testid="gallery" pb={hasMore ? '100vh' : undefined}>
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
                  renderItem={(post, index, columnWidth) => (
                    <PhotoTile
                      key={post.id}
                      groupId={groupId}
                      post={post}
                      columnWidth={columnWidth}
                      order={offset + index}
                      eager={firstRow(offset + index, columns)}
                      priority={firstRow(offset + index, columns)}
                      liked={liked.has(post.id)}
                      onToggleLike={onToggleLike}
                    />
                  )}
                />
                {dayIndex === 0 && afterFirstDay ? <Box mt="8">{afterFirstDay}</Box> : null}
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

/**
 * While more pages are to come the gallery ends in a screen-high reserve (bottom padding): the footer stays
 * out of view, so arriving pages never push visible content (no layout shift) however fast the user scrolls.
 * When the last page arrives the reserve goes; should that page be shorter than the reserve, the gallery keeps
 * its height so the scroll position is not clamped (which would move everything on screen). The height is
 * set on the element before the browser lays the new content out, hence the direct style write.
 */
function useEndReserve(
  ref: RefObject<HTMLElement | null>,
  { hasMore, count, firstId }: { hasMore: boolean; count: number; firstId: string | undefined },
): void {
  const previous = useRef({ hasMore, count, firstId, height: 0 });
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    const before = previous.current;
    const lastPageArrived = before.hasMore && !hasMore && count > before.count && firstId === before.firstId;
    if (lastPageArrived) element.style.minHeight = `${before.height}px`;
    else if (hasMore || firstId !== before.firstId) element.style.minHeight = '';
    previous.current = { hasMore, count, firstId, height: element.offsetHeight };
  });
}
