import { useRef, useState } from 'react';
import { Box, Button, HStack, Text } from '@snapshire/shell-components';
import { NameAvatar } from '@snapshire/ui/name-avatar';
import { useMutation } from '@apollo/client/react';
import { SOCIAL_TEXT } from '@snapshire/contracts';
import { ConfirmButton } from '../../../shared/group-actions/ConfirmButton.tsx';
import { useFocusWhenClosed } from '../useFocusWhenClosed.ts';
import { ReportButton } from '../reports/ReportButton.tsx';
import { CommentForm } from './CommentForm.tsx';
import { relativeTime } from './relativeTime.ts';
import { EditCommentDocument, type CommentFieldsFragment } from './operations.generated.ts';

const fullDate = new Intl.DateTimeFormat(undefined, { dateStyle: 'long', timeStyle: 'short' });

export interface CommentItemProps {
  comment: CommentFieldsFragment;
  /** The caller wrote it: Edit and Delete. */
  mine: boolean;
  /** The caller runs the group (owner or admin): Delete on anyone's. */
  canModerate: boolean;
  onDelete: (commentId: string) => Promise<void>;
}

/**
 * One comment: who (public name, or "deleted account"), when, and the text as typed (plain text: React
 * escapes it, so markup and links show as the characters they are; line breaks kept).
 */
export function CommentItem({ comment, mine, canModerate, onDelete }: CommentItemProps) {
  const [editing, setEditing] = useState(false);
  const [editComment] = useMutation(EditCommentDocument);
  const editButton = useRef<HTMLButtonElement>(null);
  useFocusWhenClosed(editing, editButton);

  const written = new Date(comment.created_at);
  return (
    <Box as="li" listStyleType="none" data-testid="comment" data-comment-id={comment.id}>
      <HStack gap="2" wrap="wrap" align="center">
        <NameAvatar name={comment.author?.display_name} />
        <Text
          fontWeight="semibold"
          fontSize="sm"
          color={comment.author ? 'fg' : 'fg.muted'}
          data-testid="comment-author"
        >
          {comment.author?.display_name ?? SOCIAL_TEXT.DELETED_ACCOUNT}
        </Text>
        <Text fontSize="xs" color="fg.muted">
          <time dateTime={comment.created_at} title={fullDate.format(written)}>
            {relativeTime(comment.created_at)}
          </time>
          {comment.edited_at ? ` · ${SOCIAL_TEXT.EDITED}` : null}
        </Text>
      </HStack>
      {editing ? (
        <Box mt="1">
          <CommentForm
            label={SOCIAL_TEXT.EDIT_COMMENT}
            submitLabel={SOCIAL_TEXT.SAVE_COMMENT}
            cancelLabel={SOCIAL_TEXT.CANCEL_EDIT}
            initial={comment.body}
            autoFocus
            onCancel={() => setEditing(false)}
            onSubmit={async (body) => {
              await editComment({ variables: { commentId: comment.id, body } });
              setEditing(false);
            }}
          />
        </Box>
      ) : (
        <Text whiteSpace="pre-wrap" overflowWrap="anywhere" fontSize="sm" mt="0.5" data-testid="comment-body">
          {comment.body}
        </Text>
      )}
      {!editing ? (
        <HStack gap="1" mt="1" _empty={{ display: 'none' }}>
          {mine ? (
            <Button ref={editButton} size="xs" variant="ghost" onClick={() => setEditing(true)}>
              {SOCIAL_TEXT.EDIT_COMMENT}
            </Button>
          ) : null}
          {mine || canModerate ? (
            <ConfirmButton
              size="xs"
              variant="ghost"
              label={SOCIAL_TEXT.DELETE_COMMENT}
              question={SOCIAL_TEXT.CONFIRM_DELETE_COMMENT}
              onConfirm={() => onDelete(comment.id)}
            />
          ) : null}
          {/* Anyone signed in but its author may ask the group's admins to look at it. */}
          {!mine ? (
            <ReportButton
              target={{ postId: comment.post_id, commentId: comment.id }}
              label={SOCIAL_TEXT.reportComment(comment.author?.display_name ?? SOCIAL_TEXT.DELETED_ACCOUNT)}
              reported={Boolean(comment.comment_reported_by_me)}
            />
          ) : null}
        </HStack>
      ) : null}
    </Box>
  );
}
