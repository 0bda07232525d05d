import { memo } from 'react';
import { Box, Link } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { paths } from '@snapshire/contracts';
import type { GalleryPost } from '../browse-data/types.ts';
import { POST_MODAL_STATE } from '../post/modalState.ts';
import { photoAlt } from '../photos/altText.ts';
import { SignedPhoto } from '../photos/SignedPhoto.tsx';
import { HeartToggle } from './HeartToggle.tsx';

export interface PhotoTileProps {
  groupId: string;
  post: GalleryPost;
  columnWidth: number;
  /** Position in the gallery (newest first), for tests and tools; DOM order follows the columns. */
  order: number;
  eager: boolean;
  priority: boolean;
  liked: boolean;
  onToggleLike: (postId: string) => void;
}

/**
 * One photo in the gallery: a zoom-in link that opens the post modal (keyboard-focusable, named by the
 * photo's description) and the local heart toggle at the bottom right.
 */
export const PhotoTile = memo(function PhotoTile({
  groupId,
  post,
  columnWidth,
  order,
  eager,
  priority,
  liked,
  onToggleLike,
}: PhotoTileProps) {
  const alt = photoAlt(post);
  return (
    <Box position="relative" data-testid="photo-tile" data-post-id={post.id} data-order={order}>
      <Link asChild display="block" cursor="zoom-in" borderRadius="md">
        <RouterLink to={paths.groupPost(groupId, post.id)} state={POST_MODAL_STATE} aria-label={alt}>
          <SignedPhoto
            photo={post}
            alt={alt}
            displayWidth={columnWidth}
            eager={eager}
            priority={priority}
            borderRadius="md"
            placeholder={post.th}
          />
        </RouterLink>
      </Link>
      <HeartToggle on={liked} onToggle={() => onToggleLike(post.id)} />
    </Box>
  );
});
