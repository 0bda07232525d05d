import { Box, Button, HStack, Heading, Stack, Text } from '@snapshire/shell-components';
import { useCallback } from 'react';
import { useApolloClient, useMutation, useQuery } from '@apollo/client/react';
import { Link as RouterLink } from 'react-router-dom';
import { MESSAGES, SOCIAL_LIMITS, SOCIAL_TEXT, paths } from '@snapshire/contracts';
import { useSession } from '@snapshire/data';
import { ActionFeedback } from '../../../shared/group-actions/ActionFeedback.tsx';
import { useGroupAction } from '../../../shared/group-actions/useGroupAction.ts';
import { PostPermissionsDocument } from '../post-actions/operations.generated.ts';
import { useLivePost } from '../useLivePost.ts';
import { useHereAsRedirect } from '../../../shared/return-paths/SignInOffer.tsx';
import { CommentForm } from './CommentForm.tsx';
import { CommentItem } from './CommentItem.tsx';
import { AddCommentDocument, DeleteCommentDocument, PostCommentsDocument } from './operations.generated.ts';

export interface CommentsSectionProps {
  postId: string;
  groupId: string;
  /** The caller is a member of the post's group: the box to write one. */
  canTakePart: boolean;
  headingLevel: 'h2' | 'h3';
}

/**
 * Under a post (page and modal): its comments, oldest first and newest last, the latest page loaded and
 * "Show earlier comments" for the ones before; the box to add one for members, and for everyone else what
 * to do to join in.
 */
export function CommentsSection({ postId, groupId, canTakePart, headingLevel }: CommentsSectionProps) {
  const { user } = useSession();
  const here = useHereAsRedirect();
  const { data, error, loading, fetchMore, refetch } = useQuery(PostCommentsDocument, {
    variables: { postId, first: SOCIAL_LIMITS.COMMENTS_PAGE_SIZE },
    fetchPolicy: 'cache-and-network',
  });
  const client = useApolloClient();
  // The latest page again, joined to the earlier ones the reader opened (the cache's comments policy,
  // packages/data/src/apollo/cachePolicies.ts): a refetch() would overwrite the list with one page.
  const refreshLatest = useCallback(
    () =>
      client.query({
        query: PostCommentsDocument,
        variables: { postId, first: SOCIAL_LIMITS.COMMENTS_PAGE_SIZE },
        fetchPolicy: 'network-only',
      }),
    [client, postId],
  );
  const { data: permissions } = useQuery(PostPermissionsDocument, { variables: { postId }, skip: !user });
  const role = permissions?.postCollection?.edges[0]?.node.group?.my_role;
  const canModerate = role === 'owner' || role === 'admin';
  const [addComment] = useMutation(AddCommentDocument);
  const [deleteComment] = useMutation(DeleteCommentDocument);
  const { feedback, run } = useGroupAction();
  // Others' comments, edits and removals arrive while the post is open.
  // A removal may be on an earlier page the latest does not show: then the list starts again from the latest.
  // A failure waits for the next change.
  useLivePost(
    postId,
    ({ mayHaveRemoved }) => void (mayHaveRemoved ? refetch() : refreshLatest()).catch(() => undefined),
  );

  const page = data?.post_commentCollection;
  const comments = [...(page?.edges ?? [])].reverse().map((edge) => edge.node);
  const total = data?.postCollection?.edges[0]?.node.comment_count ?? comments.length;
  const HeadingTag = headingLevel;

  return (
    <Stack as="section" gap="3" aria-labelledby={`comments-${postId}`} data-testid="comments">
      <Heading as={HeadingTag} id={`comments-${postId}`} fontSize="md">
        {SOCIAL_TEXT.COMMENTS}
        {total > 0 ? ` (${total})` : ''}
      </Heading>
      {page?.pageInfo.hasNextPage ? (
        <Button
          size="xs"
          variant="ghost"
          alignSelf="start"
          loading={loading}
          onClick={() => void fetchMore({ variables: { after: page.pageInfo.endCursor } })}
        >
          {SOCIAL_TEXT.SHOW_EARLIER_COMMENTS}
        </Button>
      ) : null}
      {comments.length > 0 ? (
        <Stack as="ol" gap="3" m="0" p="0">
          {comments.map((comment) => (
            <CommentItem
              key={comment.id}
              comment={comment}
              mine={Boolean(user && comment.author_id === user.id)}
              canModerate={canModerate}
              onDelete={async (commentId) => {
                await run(async () => {
                  await deleteComment({ variables: { commentId } });
                  // Gone from every page shown, an earlier one too; the count from the latest page.
                  client.cache.evict({ id: client.cache.identify({ __typename: 'post_comment', id: commentId }) });
                  client.cache.gc();
                  await refreshLatest();
                }, SOCIAL_TEXT.COMMENT_DELETED);
              }}
            />
          ))}
        </Stack>
      ) : data ? (
        <Text fontSize="sm" color="fg.muted">
          {SOCIAL_TEXT.NO_COMMENTS}
        </Text>
      ) : error && !loading ? (
        // A failure is not an empty thread: say so, and offer to ask again.
        <HStack gap="3" wrap="wrap">
          <Text role="alert" fontSize="sm">
            {MESSAGES.COMMENTS_LOAD_FAILED}
          </Text>
          <Button size="xs" variant="outline" onClick={() => void refetch().catch(() => undefined)}>
            {MESSAGES.RETRY}
          </Button>
        </HStack>
      ) : null}
      {/* The news after a deletion takes the focus: the control that was used is gone with its comment. */}
      <ActionFeedback feedback={feedback} takeFocus={feedback?.kind === 'success'} />
      {user && canTakePart ? (
        <CommentForm
          label={SOCIAL_TEXT.ADD_COMMENT}
          submitLabel={SOCIAL_TEXT.POST_COMMENT}
          helper={SOCIAL_TEXT.WHO_MAY_COMMENT}
          onSubmit={async (body) => {
            await addComment({ variables: { postId, body } });
            await refreshLatest();
          }}
        />
      ) : user ? (
        <Text fontSize="sm" color="fg.muted" data-testid="join-to-comment">
          {SOCIAL_TEXT.JOIN_TO_COMMENT}{' '}
          <Box as="span" whiteSpace="nowrap">
            <RouterLink to={paths.group(groupId)}>{SOCIAL_TEXT.GO_TO_GROUP}</RouterLink>
          </Box>
        </Text>
      ) : (
        <Button asChild size="sm" variant="outline" colorPalette="brand" alignSelf="start">
          <RouterLink to={paths.login(here)}>{SOCIAL_TEXT.SIGN_IN_TO_COMMENT}</RouterLink>
        </Button>
      )}
    </Stack>
  );
}
