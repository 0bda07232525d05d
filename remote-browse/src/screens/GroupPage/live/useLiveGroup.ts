import { useCallback, useEffect, useRef, useState } from 'react';
import { useApolloClient } from '@apollo/client/react';
import { LIMITS } from '@snapshire/contracts';
import { useSupabase } from '@snapshire/data';
import { openLiveChannel } from '../../../shared/live/openLiveChannel.ts';
import type { GalleryPost } from '../../../shared/data/types.ts';
import { LiveGroupLatestDocument } from './operations.generated.ts';
import { isPostChangeRow, newPostIds, type PostChangeRow } from '../../../shared/live/postChanges.ts';
import { writeCounts } from '../../../shared/live/writeCounts.ts';

export interface LiveGroup {
  /** Photos posted since the page loaded, not yet shown (the "N new photos" bar). */
  newCount: number;
  /** Forget them (the reader asked for them and the page reloaded its first page). */
  clear: () => void;
}

/**
 * Keeps an open group page current without a reload (Realtime postgres_changes on public.post, filtered to the
 * group; the server sends only what the viewer's row level security lets them see): counts change in place,
 * new photos are counted for the bar, never inserted under the reader. Each time the connection opens (first,
 * and after a drop), the newest photos are asked for once to catch up on what was missed.
 */
export function useLiveGroup(groupId: string, shownPosts: readonly GalleryPost[]): LiveGroup {
  const supabase = useSupabase();
  const client = useApolloClient();
  const [fresh, setFresh] = useState<ReadonlySet<string>>(() => new Set());
  // What the screen shows, read by the handlers without resubscribing on every page.
  const shown = useRef({ ids: new Set<string>(), newest: undefined as string | undefined });
  useEffect(() => {
    shown.current = { ids: new Set(shownPosts.map((p) => p.id)), newest: shownPosts[0]?.created_at };
    setFresh((previous) => {
      const still = [...previous].filter((id) => !shown.current.ids.has(id));
      return still.length === previous.size ? previous : new Set(still);
    });
  }, [shownPosts]);

  const noteNew = useCallback((rows: readonly Pick<PostChangeRow, 'id' | 'created_at' | 'has_uploaded_photo'>[]) => {
    const ids = newPostIds(rows, shown.current.ids, shown.current.newest);
    if (ids.length) setFresh((previous) => new Set([...previous, ...ids]));
  }, []);

  useEffect(() => {
    const catchUp = async () => {
      const { data } = await client.query({
        query: LiveGroupLatestDocument,
        variables: { groupId, first: LIMITS.GRAPHQL_PAGE_SIZE },
        fetchPolicy: 'network-only',
      });
      // Uploaded ones only (the query's filter); their counts are now in the cache too.
      noteNew((data?.postCollection?.edges ?? []).map(({ node }) => ({ ...node, has_uploaded_photo: true })));
    };
    return openLiveChannel(supabase, `group-posts:${groupId}`, (channel) =>
      channel
        .on(
          'postgres_changes',
          { event: '*', schema: 'public', table: 'post', filter: `group_id=eq.${groupId}` },
          (change) => {
            if (!isPostChangeRow(change.new)) return;
            writeCounts(client.cache, change.new);
            noteNew([change.new]);
          },
        )
        .subscribe((status) => {
          if (status !== 'SUBSCRIBED') return;
          // Also the first time: the page's posts were read before the channel opened (Realtime's code
          // loads once the page is drawn). A failure waits for the next change or reconnect.
          void catchUp().catch(() => undefined);
        }),
    );
  }, [supabase, client, groupId, noteNew]);

  const clear = useCallback(() => setFresh(new Set()), []);
  return { newCount: fresh.size, clear };
}
