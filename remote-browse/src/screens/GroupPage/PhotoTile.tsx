import { memo } from 'react';
import { Box, HStack, Link, Text, VisuallyHidden } from '@snapshire/shell-components';
import { Link as RouterLink } from 'react-router-dom';
import { SOCIAL_TEXT, paths } from '@snapshire/contracts';
import type { GalleryPost } from '../../shared/data/types.ts';
import { POST_MODAL_STATE } from '../../shared/gallery/modalState.ts';
import { photoAlt } from '../../shared/photos/altText.ts';
import { SignedPhoto } from '../../shared/photos/SignedPhoto.tsx';
import { LikeButton } from '../../shared/likes/LikeButton.tsx';
import { CommentIcon } from '../../shared/photos/icons.tsx';

export interface PhotoTileProps {
  groupId: string;
  post: GalleryPost;
  columnWidth: number;
  /** Position in the gallery (newest first), for tests and tools; DOM order follows the columns. */
  order: number;
  eager: boolean;
  priority: boolean;
  canTakePart: boolean;
}

/**
 * One photo in the gallery: a zoom-in link that opens the post modal (keyboard-focusable, named by the
 * photo's description) and, at the bottom right, the heart with its count and the comment count.
 */
export const PhotoTile = memo(function PhotoTile({
  groupId,
  post,
  columnWidth,
  order,
  eager,
  priority,
  canTakePart,
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
      {/* Over the photo's corner, and on a short tile over much of it: a tap anywhere but the heart opens the
          photo, as a tap on the photo does. */}
      <HStack
        position="absolute"
        right="2"
        bottom="2"
        gap="2"
        pointerEvents="none"
        css={{ '& button': { pointerEvents: 'auto' } }}
        data-testid="tile-social"
      >
        {post.comment_count > 0 ? (
          <Text
            as="span"
            display="inline-flex"
            alignItems="center"
            gap="1"
            fontSize="sm"
            fontWeight="medium"
            color="white"
            textShadow="0 1px 2px rgba(0,0,0,0.8)"
            data-testid="comment-count"
          >
            <CommentIcon />
            <span aria-hidden="true">{post.comment_count}</span>
            <VisuallyHidden>{SOCIAL_TEXT.commentCount(post.comment_count)}</VisuallyHidden>
          </Text>
        ) : null}
        <LikeButton post={post} groupId={groupId} photoLabel={alt} canTakePart={canTakePart} variant="overlay" />
      </HStack>
    </Box>
  );
});
