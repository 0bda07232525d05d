import { useCallback, useMemo, useState } from 'react';
import { Box, Button } from '@snapshire/shell-components';
import { Outlet, useLocation, useParams, useSearchParams } from 'react-router-dom';
import { CATEGORY_QUERY_PARAM, MESSAGES } from '@snapshire/contracts';
import { ErrorPanel, LoadingState } from '@snapshire/ui';
import { isUuid } from '../../shared/data/ids.ts';
import { visibleCategories, type CategoryNode } from '../../shared/data/types.ts';
import { isPostModalState } from '../../shared/gallery/modalState.ts';
import { Advert } from './Advert.tsx';
import { CategoryFilter } from './CategoryFilter.tsx';
import { formatCategoryParam, parseCategoryParam } from './categoryParam.ts';
import { Gallery } from './Gallery.tsx';
import type { GalleryOutletContext } from '../../shared/gallery/galleryContext.ts';
import { PageContainer } from '../../shared/layout/PageContainer.tsx';
import { GroupMembershipBar } from './membership/GroupMembershipBar.tsx';
import { GroupHeader } from './GroupHeader.tsx';
import { NewPhotosBar } from './live/NewPhotosBar.tsx';
import { useLiveGroup } from './live/useLiveGroup.ts';
import { MissingGroupPage } from './MissingGroupPage.tsx';
import { groupPostsByDay } from './groupPostsByDay.ts';
import { useGroupPosts } from './useGroupPosts.ts';

/**
 * The group page (route GROUP_BY_ID) with its nested post route. A post opened from the gallery shows as a
 * modal over it; a post URL loaded directly shows as a plain page and the gallery is hidden.
 */
export default function GroupPage() {
  const { groupId, postId } = useParams();
  const location = useLocation();

  if (!groupId) return <ErrorPanel message={MESSAGES.GROUP_ID_NOT_FOUND} />;
  if (postId && !isPostModalState(location.state)) return <Outlet />;
  return (
    <PageContainer>
      {/* A new group starts with no filter and no hearts. */}
      {isUuid(groupId) ? <GroupScreen key={groupId} groupId={groupId} postOpen={!!postId} /> : <MissingGroupPage />}
    </PageContainer>
  );
}

/**
 * The category filter lives in the URL (?category=...): shareable, kept on reload. While a post is open in
 * the modal the URL is the post's, so the filter of the group URL it was opened from is kept meanwhile.
 */
function useCategoryFilter(postOpen: boolean): [string[], (ids: string[]) => void] {
  const [searchParams, setSearchParams] = useSearchParams();
  const fromUrl = searchParams.get(CATEGORY_QUERY_PARAM) ?? '';
  const [kept, setKept] = useState(fromUrl);
  if (!postOpen && kept !== fromUrl) setKept(fromUrl);
  const value = postOpen ? kept : fromUrl;
  const categoryIds = useMemo(() => parseCategoryParam(value), [value]);
  const setCategoryIds = useCallback(
    (ids: string[]) =>
      setSearchParams(
        (previous) => {
          const next = new URLSearchParams(previous);
          const formatted = formatCategoryParam(ids);
          if (formatted) next.set(CATEGORY_QUERY_PARAM, formatted);
          else next.delete(CATEGORY_QUERY_PARAM);
          return next;
        },
        // Each change is a step in history, as on other photo sites: Back undoes a filter change.
        { preventScrollReset: true },
      ),
    [setSearchParams],
  );
  return [categoryIds, setCategoryIds];
}

function GroupScreen({ groupId, postOpen }: { groupId: string; postOpen: boolean }) {
  const [categoryIds, setCategoryIds] = useCategoryFilter(postOpen);
  const state = useGroupPosts(groupId, categoryIds);
  const { group } = state;

  const categories = useMemo<CategoryNode[]>(() => visibleCategories(group?.group_categoryCollection?.edges), [group]);

  // Days as shown, and the photos in that order for the modal's previous/next.
  const days = useMemo(() => groupPostsByDay(state.posts), [state.posts]);
  const shownPosts = useMemo(() => days.flatMap((day) => day.posts), [days]);
  // New photos wait behind a bar until asked for; counts change in place.
  const live = useLiveGroup(groupId, shownPosts);
  const { refresh } = state;
  const { clear } = live;
  const showNewPhotos = useCallback(async () => {
    window.scrollTo({ top: 0 });
    await refresh();
    clear();
  }, [refresh, clear]);
  const outletContext = useMemo<GalleryOutletContext>(
    () => ({
      groupId,
      posts: shownPosts,
      hasMore: state.hasMore,
      totalCount: state.totalCount,
      loadMore: state.loadMore,
    }),
    [groupId, shownPosts, state.hasMore, state.totalCount, state.loadMore],
  );

  // Screen-high, so the footer is out of view before and after the group arrives (no layout shift).
  if (state.groupLoading) return <LoadingState minH="100vh" />;
  // A failure is not a missing group: say so, and offer to ask again.
  if (!group && state.groupError)
    return (
      <ErrorPanel
        message={MESSAGES.GROUP_LOAD_FAILED}
        action={
          <Button colorPalette="brand" onClick={() => void state.refresh()}>
            {MESSAGES.RETRY}
          </Button>
        }
      />
    );
  if (!group) return <MissingGroupPage />;

  return (
    <Box>
      <GroupHeader groupId={groupId} name={group.display_name} description={group.description}>
        <CategoryFilter categories={categories} selected={categoryIds} onChange={setCategoryIds} />
      </GroupHeader>
      <GroupMembershipBar groupId={groupId} />
      <NewPhotosBar count={live.newCount} onShow={() => void showNewPhotos()} />
      <Gallery
        groupId={groupId}
        days={days}
        loading={state.postsLoading}
        hasMore={state.hasMore}
        totalCount={state.totalCount}
        loadingMore={state.loadingMore}
        loadMore={state.loadMore}
        canTakePart={Boolean(group.can_take_part)}
        afterFirstDay={<Advert placement="narrow" />}
      />
      {/* A phone with no photos to show still sees the advert, in the flow after the (empty) gallery. */}
      {!state.postsLoading && days.length === 0 ? <Advert placement="narrow" /> : null}
      <Outlet context={outletContext} />
    </Box>
  );
}
