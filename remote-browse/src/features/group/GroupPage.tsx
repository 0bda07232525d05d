import { useCallback, useMemo, useState } from 'react';
import { Box } from '@chakra-ui/react';
import { Outlet, useLocation, useParams } from 'react-router-dom';
import { MESSAGES } from '@snapshire/contracts';
import { ErrorPanel, LoadingState } from '@snapshire/ui';
import { isUuid } from '../browse-data/ids.ts';
import { visibleCategories, type CategoryNode } from '../browse-data/types.ts';
import { isPostModalState } from '../post/modalState.ts';
import { CategoryFilter } from './CategoryFilter.tsx';
import { Gallery } from './Gallery.tsx';
import type { GalleryOutletContext } from './galleryContext.ts';
import { PageContainer } from '../layout/PageContainer.tsx';
import { GroupMembershipBar } from '../group-admin/GroupMembershipBar.tsx';
import { GroupHeader } from './GroupHeader.tsx';
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
      {isUuid(groupId) ? <GroupScreen key={groupId} groupId={groupId} /> : <MissingGroupPage />}
    </PageContainer>
  );
}

function GroupScreen({ groupId }: { groupId: string }) {
  const [categoryIds, setCategoryIds] = useState<string[]>([]);
  const [liked, setLiked] = useState<ReadonlySet<string>>(() => new Set());
  const state = useGroupPosts(groupId, categoryIds);
  const { group } = state;

  const toggleLike = useCallback((postId: string) => {
    setLiked((previous) => {
      const next = new Set(previous);
      if (!next.delete(postId)) next.add(postId);
      return next;
    });
  }, []);

  const categories = useMemo<CategoryNode[]>(() => visibleCategories(group?.group_categoryCollection?.edges), [group]);

  // Days as shown, and the photos in that order for the modal's previous/next.
  const days = useMemo(() => groupPostsByDay(state.posts), [state.posts]);
  const shownPosts = useMemo(() => days.flatMap((day) => day.posts), [days]);
  const outletContext = useMemo<GalleryOutletContext>(
    () => ({ groupId, posts: shownPosts, hasMore: state.hasMore, loadMore: state.loadMore }),
    [groupId, shownPosts, state.hasMore, state.loadMore],
  );

  // Screen-high, so the footer is out of view before and after the group arrives (no layout shift).
  if (state.groupLoading) return <LoadingState minH="100vh" />;
  if (!group) return <MissingGroupPage />;

  return (
    <Box>
      <GroupHeader groupId={groupId} name={group.display_name} description={group.description} />
      <GroupMembershipBar groupId={groupId} />
      <CategoryFilter categories={categories} selected={categoryIds} onChange={setCategoryIds} />
      <Gallery
        groupId={groupId}
        days={days}
        loading={state.postsLoading}
        hasMore={state.hasMore}
        loadingMore={state.loadingMore}
        loadMore={state.loadMore}
        liked={liked}
        onToggleLike={toggleLike}
      />
      <Outlet context={outletContext} />
    </Box>
  );
}
