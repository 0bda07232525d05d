import type { ApolloClient } from '@apollo/client';
import { evictGroupPosts } from '@snapshire/data';

/** What an owner or admin did about a report: closed it, or removed the photo or the comment it was about. */
export type ReportOutcome =
  | { kind: 'dismissed' }
  | { kind: 'photoRemoved'; postId: string }
  | { kind: 'commentRemoved'; postId: string; commentId: string };

/**
 * After a report is dealt with: the open reports are asked again (the list on screen, which keeps showing
 * until the answer arrives) and the group's count is dropped from the cache (the settings link's badge on
 * the group page asks again on its next visit). Removed content leaves the shared cache too, so no screen
 * shows it from memory: a removed photo's group lists and its record, a removed comment's record and the
 * counts and lists of its post.
 */
export async function refreshAfterReport(client: ApolloClient, groupId: string, outcome: ReportOutcome) {
  await client.refetchQueries({
    include: ['GroupReports'],
    updateCache(cache) {
      const group = cache.identify({ __typename: 'group', id: groupId });
      if (group) cache.evict({ id: group, fieldName: 'open_report_count' });
    },
  });
  if (outcome.kind === 'photoRemoved') {
    await evictGroupPosts(client, groupId);
    const post = client.cache.identify({ __typename: 'post', id: outcome.postId });
    if (post) client.cache.evict({ id: post });
    client.cache.gc();
  } else if (outcome.kind === 'commentRemoved') {
    const comment = client.cache.identify({ __typename: 'post_comment', id: outcome.commentId });
    if (comment) client.cache.evict({ id: comment });
    const post = client.cache.identify({ __typename: 'post', id: outcome.postId });
    if (post) {
      client.cache.evict({ id: post, fieldName: 'comment_count' });
      client.cache.evict({ id: post, fieldName: 'comments' });
    }
    client.cache.evict({ id: 'ROOT_QUERY', fieldName: 'post_commentCollection' });
    client.cache.gc();
  }
}
