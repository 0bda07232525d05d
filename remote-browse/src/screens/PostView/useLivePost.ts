import { useEffect, useRef } from 'react';
import { useApolloClient } from '@apollo/client/react';
import { useSupabase } from '@snapshire/data';
import { openLiveChannel } from '../../shared/live/openLiveChannel.ts';
import { isPostChangeRow } from '../../shared/live/postChanges.ts';
import { writeCounts } from '../../shared/live/writeCounts.ts';

/** Changes that come together (a burst of comments) are answered with one refetch. */
const SETTLE_MS = 150;

/**
 * Keeps an open post (page or modal) current: its counts change in place, and `onCommentsChanged` runs when a
 * comment is added, edited or removed (a removal shows as a lower comment count on the post), and each time
 * the live connection opens (first, and after a drop), for whatever was missed.
 */
/**
 * What changed in the comments, as far as the channel can tell: `mayHaveRemoved` when one may have gone (a
 * removal, a lower count, or a reconnect after which anything may have happened), so that the screen drops
 * what it holds instead of adding to it.
 */
export interface CommentsChange {
  mayHaveRemoved: boolean;
}

export function useLivePost(postId: string, onCommentsChanged: (change: CommentsChange) => void): void {
  const supabase = useSupabase();
  const client = useApolloClient();
  const callback = useRef(onCommentsChanged);
  useEffect(() => {
    callback.current = onCommentsChanged;
  }, [onCommentsChanged]);

  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    let comments: number | undefined;
    let removal = false;
    let connectedBefore = false;
    const commentsChanged = (mayHaveRemoved: boolean) => {
      removal ||= mayHaveRemoved;
      clearTimeout(timer);
      timer = setTimeout(() => {
        const change = { mayHaveRemoved: removal };
        removal = false;
        callback.current(change);
      }, SETTLE_MS);
    };
    const close = openLiveChannel(supabase, `post:${postId}`, (channel) =>
      channel
        .on(
          'postgres_changes',
          { event: '*', schema: 'public', table: 'post_comment', filter: `post_id=eq.${postId}` },
          (change) => commentsChanged(change.eventType === 'DELETE'),
        )
        .on(
          'postgres_changes',
          { event: 'UPDATE', schema: 'public', table: 'post', filter: `id=eq.${postId}` },
          (change) => {
            if (!isPostChangeRow(change.new)) return;
            writeCounts(client.cache, change.new);
            if (comments !== undefined && change.new.comment_count !== comments)
              commentsChanged(change.new.comment_count < comments);
            comments = change.new.comment_count;
          },
        )
        .subscribe((status) => {
          if (status !== 'SUBSCRIBED') return;
          // Also the first time: the comments were read before the channel opened (Realtime's code loads
          // once the screen is drawn), and one written in between would otherwise never show.
          commentsChanged(connectedBefore);
          connectedBefore = true;
        }),
    );
    return () => {
      clearTimeout(timer);
      close();
    };
  }, [supabase, client, postId]);
}
