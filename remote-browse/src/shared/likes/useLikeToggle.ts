import { useCallback, useState } from 'react';
import { useMutation } from '@apollo/client/react';
import { groupRuleMessage } from '@snapshire/contracts';
import { PostLikersDocument, SetPostLikeDocument } from './operations.generated.ts';

export interface LikeState {
  id: string;
  like_count: number;
  liked_by_me?: boolean | null;
}

/**
 * The heart's toggle: the cache shows the new state and count at once (optimistic), the server's count
 * replaces it, and a refusal puts the previous state back and says why. Each tap sends the state it means
 * (liked: true/false, idempotent on the server), so quick taps end where the last one pointed.
 */
export function useLikeToggle() {
  const [setPostLike] = useMutation(SetPostLikeDocument);
  const [refusal, setRefusal] = useState<{ postId: string; message: string } | null>(null);

  const toggle = useCallback(
    async (post: LikeState) => {
      const liked = !post.liked_by_me;
      setRefusal(null);
      try {
        await setPostLike({
          variables: { postId: post.id, liked },
          optimisticResponse: {
            __typename: 'Mutation',
            set_post_like: {
              __typename: 'post',
              id: post.id,
              like_count: Math.max(0, post.like_count + (liked ? 1 : -1)),
            },
          },
          // Runs for the optimistic answer and again for the server's: the post shows the state asked for.
          // The names under the heart follow the stored like: asked for at the tap (the optimistic count),
          // they could come back before the like was stored, and nothing asked again.
          refetchQueries: [PostLikersDocument],
          update(cache, { data }) {
            if (!data?.set_post_like) return;
            cache.modify({
              id: cache.identify({ __typename: 'post', id: post.id }),
              fields: { liked_by_me: () => liked },
            });
          },
        });
      } catch (error) {
        setRefusal({ postId: post.id, message: groupRuleMessage((error as Error).message) });
      }
    },
    [setPostLike],
  );
  const dismiss = useCallback(() => setRefusal(null), []);
  return { toggle, refusal, dismiss };
}
