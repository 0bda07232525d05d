import { useLocation, useOutletContext, useParams } from 'react-router-dom';
import { MESSAGES } from '@snapshire/contracts';
import { ErrorPanel } from '@snapshire/ui';
import type { GalleryOutletContext } from '../../shared/gallery/galleryContext.ts';
import { PageContainer } from '../../shared/layout/PageContainer.tsx';
import { isPostModalState } from '../../shared/gallery/modalState.ts';
import { PostDetail } from './PostDetail.tsx';
import { PostModal } from './PostModal.tsx';

/** Above and below the photo on the plain page: the sticky top bar (4rem), the page's top padding, a margin. */
const PAGE_RESERVED_HEIGHT = 64 + 40 + 24;

/**
 * The post route (GROUP_POST_BY_ID, nested in the group route): a modal over the gallery when opened from
 * it (router state), otherwise the post as a plain page.
 */
export default function PostView() {
  const { groupId, postId } = useParams();
  const location = useLocation();
  const gallery = useOutletContext<GalleryOutletContext | undefined>();

  if (!groupId) return <ErrorPanel message={MESSAGES.GROUP_ID_NOT_FOUND} />;
  if (!postId) return <ErrorPanel message={MESSAGES.INVALID_PAGE_URL} />;
  if (isPostModalState(location.state)) return <PostModal groupId={groupId} postId={postId} gallery={gallery} />;
  return (
    <PageContainer>
      <PostDetail postId={postId} groupId={groupId} reservedHeight={PAGE_RESERVED_HEIGHT} />
    </PageContainer>
  );
}
