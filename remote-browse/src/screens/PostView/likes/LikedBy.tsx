import { useEffect, useRef } from 'react';
import { Text } from '@snapshire/shell-components';
import { useQuery } from '@apollo/client/react';
import { SOCIAL_LIMITS, SOCIAL_TEXT } from '@snapshire/contracts';
import { likedByText } from './likedByText.ts';
import { PostLikersDocument } from '../../../shared/likes/operations.generated.ts';

/** Under the post's heart: who likes it, by their public names (the latest few, and how many others). */
export function LikedBy({ postId, likeCount }: { postId: string; likeCount: number }) {
  const { data, refetch } = useQuery(PostLikersDocument, {
    variables: { postId, first: SOCIAL_LIMITS.LIKED_BY_SHOWN },
    skip: likeCount === 0,
    fetchPolicy: 'cache-and-network',
  });
  // The count moved (this viewer's heart, or a live update): the names follow.
  const shownFor = useRef(likeCount);
  useEffect(() => {
    if (shownFor.current === likeCount) return;
    shownFor.current = likeCount;
    if (likeCount > 0) void refetch();
  }, [likeCount, refetch]);
  const names = (data?.post_likeCollection?.edges ?? []).map(
    ({ node }) => node.profile?.display_name ?? SOCIAL_TEXT.DELETED_ACCOUNT,
  );
  const text = likedByText(names, likeCount);
  if (!text) return null;
  return (
    <Text fontSize="sm" color="fg.muted" data-testid="liked-by">
      {text}
    </Text>
  );
}
