import { useState, type FormEvent } from 'react';
import { Separator } from '@chakra-ui/react/separator';
import { Badge, Box, Button, Heading, HStack, Link, Stack, Text } from '@snapshire/shell-components';
import { useApolloClient, useMutation, useQuery } from '@apollo/client/react';
import { Link as RouterLink, Navigate, useNavigate, useParams } from 'react-router-dom';
import {
  DELETE_GROUP_FUNCTION,
  GROUP_ACTION_MESSAGES,
  GROUP_RULE_MESSAGES,
  MESSAGES,
  paths,
} from '@snapshire/contracts';
import { refreshAfterGroupChange, useSession, useSupabase } from '@snapshire/data';
import { ErrorPanel, LoadingState } from '@snapshire/ui';
import { isUuid } from '../../shared/data/ids.ts';
import { visibleCategories } from '../../shared/data/types.ts';
import { ActionFeedback } from '../../shared/group-actions/ActionFeedback.tsx';
import { ConfirmButton } from '../../shared/group-actions/ConfirmButton.tsx';
import { invokeDeletion } from '../../shared/group-actions/invokeDeletion.ts';
import { groupNoticeState } from '../../shared/group-actions/groupNotice.ts';
import { useGroupAction } from '../../shared/group-actions/useGroupAction.ts';
import { PageContainer } from '../../shared/layout/PageContainer.tsx';
import { ReportsSection } from './reports/ReportsSection.tsx';
import { GroupFields, useGroupNameRule, type GroupFieldValues } from '../../shared/group-fields/GroupFields.tsx';
import { InvitationsSection } from './InvitationsSection.tsx';
import { MembersSection } from './MembersSection.tsx';
import {
  GroupSettingsCategoryChoicesDocument,
  GroupSettingsDocument,
  UpdateGroupDocument,
} from './operations.generated.ts';
import type { SettingsGroup } from './settingsGroup.ts';
import { asGroupRole, canManage, roleLabel } from '../../shared/membership/roles.ts';

/**
 * A group's settings (route GROUP_SETTINGS), for its owner and admins: its open reports, edit the group, its
 * members and roles, its invitation links (private groups) and, for the owner, delete it. Everyone else is told they cannot.
 */
export default function GroupSettingsPage() {
  const { groupId } = useParams();
  const { session, loading } = useSession();
  if (!isUuid(groupId)) return <ErrorPanel message={MESSAGES.INVALID_PAGE_URL} />;
  if (loading) return <LoadingState minH="60vh" />;
  if (!session) return <Navigate to={paths.login(paths.groupSettings(groupId))} replace />;
  return (
    <PageContainer>
      <GroupSettings key={groupId} groupId={groupId} />
    </PageContainer>
  );
}

function GroupSettings({ groupId }: { groupId: string }) {
  const { data, loading, error } = useQuery(GroupSettingsDocument, { variables: { id: groupId } });
  const group = data?.groupCollection?.edges[0]?.node;
  if (loading && !data) return <LoadingState minH="60vh" />;
  if (error && !data) return <ErrorPanel message={error.message} />;
  if (!group) return <ErrorPanel message={GROUP_RULE_MESSAGES.group_not_found} />;
  const role = asGroupRole(group.my_role);
  if (!canManage(role) || !role) {
    return (
      <ErrorPanel
        message={GROUP_RULE_MESSAGES.not_group_manager}
        action={
          <Link asChild colorPalette="brand" variant="underline">
            <RouterLink to={paths.group(groupId)}>Back to the group</RouterLink>
          </Link>
        }
      />
    );
  }
  return (
    <Stack gap="10">
      <Stack gap="2">
        <Link asChild colorPalette="brand" variant="underline" alignSelf="flex-start">
          <RouterLink to={paths.group(groupId)}>Back to {group.display_name}</RouterLink>
        </Link>
        <Heading as="h1" textStyle="pageTitle" overflowWrap="anywhere">
          {GROUP_ACTION_MESSAGES.GROUP_SETTINGS}
        </Heading>
        <HStack gap="3" wrap="wrap">
          <Text fontWeight="semibold" overflowWrap="anywhere">
            {group.display_name}
          </Text>
          <Badge colorPalette="gray" variant="surface">
            {group.is_private ? 'Private group' : 'Public group'}
          </Badge>
          <Badge colorPalette="brand" variant="subtle" data-testid="my-role">
            Your role: {roleLabel(role)}
          </Badge>
        </HStack>
      </Stack>
      {/* First: what waits for the managers to act on it. */}
      <ReportsSection groupId={group.id} />
      <Separator />
      <EditSection group={group} />
      <Separator />
      <MembersSection group={group} myRole={role} />
      {group.is_private ? (
        <>
          <Separator />
          <InvitationsSection group={group} />
        </>
      ) : null}
      {role === 'owner' ? (
        <>
          <Separator />
          <DeleteSection group={group} />
        </>
      ) : null}
    </Stack>
  );
}

function valuesOf(group: SettingsGroup): GroupFieldValues {
  return {
    displayName: group.display_name,
    description: group.description,
    isPrivate: group.is_private,
    categoryIds: visibleCategories(group.group_categoryCollection?.edges).map((category) => category.id),
  };
}

function EditSection({ group }: { group: SettingsGroup }) {
  const choices = useQuery(GroupSettingsCategoryChoicesDocument);
  const [updateGroup] = useMutation(UpdateGroupDocument, { refetchQueries: ['GroupSettings', 'GroupById'] });
  const { feedback, busy, run } = useGroupAction();
  const [values, setValues] = useState<GroupFieldValues>(() => valuesOf(group));
  const { nameError, nameRef, checkName } = useGroupNameRule(values.displayName);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!checkName()) return;
    await run(
      () =>
        updateGroup({
          variables: {
            groupId: group.id,
            displayName: values.displayName,
            description: values.description,
            categoryIds: values.categoryIds,
          },
        }),
      GROUP_ACTION_MESSAGES.GROUP_UPDATED,
    );
  }

  return (
    <Stack as="section" aria-labelledby="group-edit-heading" gap="4">
      <Heading as="h2" size="lg" id="group-edit-heading">
        Group details
      </Heading>
      <form onSubmit={submit} noValidate>
        <Stack gap="5" maxW="2xl">
          <GroupFields
            values={values}
            onChange={setValues}
            choices={choices.data?.categoryCollection?.edges.map((edge) => edge.node) ?? []}
            disabled={busy}
            showPrivacy={false}
            nameError={nameError}
            nameRef={nameRef}
          />
          <Text color="fg.muted" fontSize="sm">
            {group.is_private
              ? 'This group is private: only members see it, and people join with an invitation link.'
              : 'This group is public: everyone can see it and join it.'}
          </Text>
          <ActionFeedback feedback={feedback} />
          <Box>
            <Button type="submit" colorPalette="brand" loading={busy}>
              Save changes
            </Button>
          </Box>
        </Stack>
      </form>
    </Stack>
  );
}

function DeleteSection({ group }: { group: SettingsGroup }) {
  const client = useApolloClient();
  const navigate = useNavigate();
  const supabase = useSupabase();
  const { feedback, busy, run } = useGroupAction();

  async function remove() {
    if (
      await run(
        () => invokeDeletion(supabase, DELETE_GROUP_FUNCTION, { groupId: group.id }),
        GROUP_ACTION_MESSAGES.GROUP_DELETED,
      )
    ) {
      void refreshAfterGroupChange(client, group.id);
      void navigate(paths.groups(), { replace: true, state: groupNoticeState('GROUP_DELETED') });
    }
  }

  return (
    <Stack as="section" aria-labelledby="group-delete-heading" gap="3">
      <Heading as="h2" size="lg" id="group-delete-heading">
        Delete the group
      </Heading>
      <Text color="fg.muted">Its posts and their photos, its members and its invitation links go with it.</Text>
      <ActionFeedback feedback={feedback} />
      <Box>
        <ConfirmButton
          colorPalette="red"
          variant="outline"
          label="Delete group"
          question={GROUP_ACTION_MESSAGES.CONFIRM_DELETE_GROUP}
          onConfirm={remove}
          loading={busy}
        />
      </Box>
    </Stack>
  );
}
