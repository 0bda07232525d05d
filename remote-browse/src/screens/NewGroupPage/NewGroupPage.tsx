import { useState, type FormEvent } from 'react';
import { Button, Stack } from '@snapshire/shell-components';
import { useApolloClient, useMutation, useQuery } from '@apollo/client/react';
import { Link as RouterLink, Navigate, useNavigate } from 'react-router-dom';
import { GROUP_ACTION_MESSAGES, paths } from '@snapshire/contracts';
import { refreshAfterGroupChange, useSession } from '@snapshire/data';
import { LoadingState, PageShell } from '@snapshire/ui';
import { ActionFeedback } from '../../shared/group-actions/ActionFeedback.tsx';
import { groupNoticeState } from '../../shared/group-actions/groupNotice.ts';
import { useGroupAction } from '../../shared/group-actions/useGroupAction.ts';
import { GroupFields, useGroupNameRule, type GroupFieldValues } from '../../shared/group-fields/GroupFields.tsx';
import { CreateGroupDocument, NewGroupCategoryChoicesDocument } from './operations.generated.ts';

/**
 * "New group" (route GROUP_NEW): name, description, public or private, categories. Signed-out visitors are
 * sent to sign in and back. On success the new group's page opens.
 */
export default function NewGroupPage() {
  const { session, loading } = useSession();
  if (loading) return <LoadingState minH="60vh" />;
  if (!session) return <Navigate to={paths.login(paths.newGroup())} replace />;
  return <NewGroupForm />;
}

function NewGroupForm() {
  const navigate = useNavigate();
  const client = useApolloClient();
  const choices = useQuery(NewGroupCategoryChoicesDocument);
  const [createGroup] = useMutation(CreateGroupDocument);
  const { feedback, busy, run } = useGroupAction();
  const [values, setValues] = useState<GroupFieldValues>({
    displayName: '',
    description: '',
    isPrivate: false,
    categoryIds: [],
  });

  const { nameError, nameRef, checkName } = useGroupNameRule(values.displayName);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!checkName()) return;
    let groupId: string | undefined;
    const ok = await run(async () => {
      const result = await createGroup({
        variables: {
          displayName: values.displayName,
          description: values.description,
          isPrivate: values.isPrivate,
          categoryIds: values.categoryIds,
        },
      });
      groupId = result.data?.create_group?.id;
      if (!groupId) throw new Error('group_not_found');
    }, GROUP_ACTION_MESSAGES.GROUP_CREATED);
    if (ok && groupId) {
      void refreshAfterGroupChange(client);
      void navigate(paths.group(groupId), { state: groupNoticeState('GROUP_CREATED') });
    }
  }

  const categories = choices.data?.categoryCollection?.edges.map((edge) => edge.node) ?? [];
  return (
    <PageShell title={GROUP_ACTION_MESSAGES.NEW_GROUP}>
      <form onSubmit={submit} noValidate aria-label={GROUP_ACTION_MESSAGES.NEW_GROUP}>
        <Stack gap="6" maxW="2xl">
          <GroupFields
            values={values}
            onChange={setValues}
            choices={categories}
            disabled={busy}
            showPrivacy
            nameError={nameError}
            nameRef={nameRef}
          />
          <ActionFeedback feedback={feedback} />
          <Stack direction="row" gap="3">
            <Button type="submit" colorPalette="brand" loading={busy}>
              Create group
            </Button>
            <Button asChild variant="ghost">
              <RouterLink to={paths.groups()}>Cancel</RouterLink>
            </Button>
          </Stack>
        </Stack>
      </form>
    </PageShell>
  );
}
