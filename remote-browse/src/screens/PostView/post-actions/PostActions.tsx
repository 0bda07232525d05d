import { useRef, useState, type FormEvent } from 'react';
import { Field } from '@chakra-ui/react/field';
import { NativeSelect } from '@chakra-ui/react/native-select';
import { Textarea } from '@chakra-ui/react/textarea';
import { Box, Button, HStack, Stack } from '@snapshire/shell-components';
import { useApolloClient, useMutation, useQuery } from '@apollo/client/react';
import { useNavigate } from 'react-router-dom';
import {
  DELETE_POST_FUNCTION,
  GROUP_ACTION_MESSAGES,
  LIMITS,
  PHOTO_TYPES,
  PHOTO_TYPE_LABELS,
  SOCIAL_TEXT,
  paths,
  type PhotoType,
} from '@snapshire/contracts';
import { refreshAfterGroupChange, useSession, useSupabase } from '@snapshire/data';
import { ActionFeedback } from '../../../shared/group-actions/ActionFeedback.tsx';
import { ConfirmButton } from '../../../shared/group-actions/ConfirmButton.tsx';
import { invokeDeletion } from '../../../shared/group-actions/invokeDeletion.ts';
import { groupNoticeState } from '../../../shared/group-actions/groupNotice.ts';
import { useFocusWhenClosed } from '../useFocusWhenClosed.ts';
import { useGroupAction } from '../../../shared/group-actions/useGroupAction.ts';
import { ReportButton } from '../reports/ReportButton.tsx';
import { PostPermissionsDocument, UpdatePostDocument } from './operations.generated.ts';

/**
 * Under a post's details: Edit (its author: description and photo type) and Delete (its author, or an owner
 * or admin of its group), each with feedback in words; deleting asks first and returns to the group. Anyone
 * else signed in may Report it to the group's owner and admins.
 */
export function PostActions({ postId, groupId }: { postId: string; groupId: string }) {
  const { user } = useSession();
  const client = useApolloClient();
  const navigate = useNavigate();
  const { data } = useQuery(PostPermissionsDocument, { variables: { postId }, skip: !user });
  const [updatePost] = useMutation(UpdatePostDocument, { refetchQueries: ['PostById'] });
  const supabase = useSupabase();
  const { feedback, busy, run } = useGroupAction();
  const [editing, setEditing] = useState(false);
  const [description, setDescription] = useState('');
  const [photoType, setPhotoType] = useState<PhotoType>('DIGITAL');
  const editButton = useRef<HTMLButtonElement>(null);
  useFocusWhenClosed(editing, editButton);

  const post = data?.postCollection?.edges[0]?.node;
  const role = post?.group?.my_role;
  if (!user || !post) return null;
  const isAuthor = post.author_id === user.id;
  const canDelete = isAuthor || role === 'owner' || role === 'admin';

  function startEditing() {
    setDescription(post?.description ?? '');
    setPhotoType(post?.photo_type ?? 'DIGITAL');
    setEditing(true);
  }

  async function save(event: FormEvent) {
    event.preventDefault();
    const ok = await run(
      () => updatePost({ variables: { postId, description, photoType } }),
      GROUP_ACTION_MESSAGES.POST_UPDATED,
    );
    if (ok) setEditing(false);
  }

  async function remove() {
    if (
      await run(() => invokeDeletion(supabase, DELETE_POST_FUNCTION, { postId }), GROUP_ACTION_MESSAGES.POST_DELETED)
    ) {
      // Leave the post first: refetching it on screen would show it as missing.
      await navigate(paths.group(groupId), { replace: true, state: groupNoticeState('POST_DELETED') });
      await refreshAfterGroupChange(client, groupId);
    }
  }

  return (
    <Stack gap="3" data-testid="post-actions">
      {editing ? (
        <Stack as="form" onSubmit={save} gap="4" maxW="2xl" aria-label="Edit post">
          <Field.Root>
            <Field.Label>Description</Field.Label>
            <Textarea
              autoFocus
              value={description}
              maxLength={LIMITS.DESCRIPTION_MAX_LENGTH}
              rows={3}
              onChange={(event) => setDescription(event.target.value)}
            />
          </Field.Root>
          <Field.Root maxW="48">
            <Field.Label>Photo type</Field.Label>
            <NativeSelect.Root>
              <NativeSelect.Field value={photoType} onChange={(event) => setPhotoType(event.target.value as PhotoType)}>
                {PHOTO_TYPES.map((type) => (
                  <option key={type} value={type}>
                    {PHOTO_TYPE_LABELS[type]}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </Field.Root>
          <HStack gap="3">
            <Button type="submit" colorPalette="brand" loading={busy}>
              Save
            </Button>
            <Button variant="ghost" onClick={() => setEditing(false)}>
              Cancel
            </Button>
          </HStack>
        </Stack>
      ) : (
        <HStack gap="3" wrap="wrap">
          {isAuthor ? (
            <Button ref={editButton} variant="outline" size="sm" onClick={startEditing}>
              Edit post
            </Button>
          ) : null}
          {canDelete ? (
            <ConfirmButton
              size="sm"
              variant="outline"
              colorPalette="red"
              label="Delete post"
              question={GROUP_ACTION_MESSAGES.CONFIRM_DELETE_POST}
              onConfirm={remove}
              loading={busy}
            />
          ) : null}
          {isAuthor ? null : (
            <ReportButton
              target={{ postId }}
              label={SOCIAL_TEXT.REPORT_PHOTO}
              reported={Boolean(post.reported_by_me)}
            />
          )}
        </HStack>
      )}
      <Box>
        <ActionFeedback feedback={feedback} />
      </Box>
    </Stack>
  );
}
