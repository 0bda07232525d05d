import { Badge, Button, HStack, Stack, Text, VisuallyHidden } from '@snapshire/shell-components';
import { useApolloClient, useMutation, useQuery } from '@apollo/client/react';
import { Link as RouterLink, useLocation, useNavigate } from 'react-router-dom';
import { GROUP_ACTION_MESSAGES, SOCIAL_TEXT, paths } from '@snapshire/contracts';
import { refreshAfterGroupChange, useSession } from '@snapshire/data';
import { ActionFeedback } from '../../../shared/group-actions/ActionFeedback.tsx';
import { ConfirmButton } from '../../../shared/group-actions/ConfirmButton.tsx';
import { groupNoticeFrom } from '../../../shared/group-actions/groupNotice.ts';
import { useGroupAction } from '../../../shared/group-actions/useGroupAction.ts';
import { GroupMembershipDocument, JoinGroupDocument, LeaveGroupDocument } from './operations.generated.ts';
import { asGroupRole, canManage, roleLabel } from '../../../shared/membership/roles.ts';

/**
 * On the group page, under its header: the caller's role and the member count, Join/Leave for a public group,
 * Leave for members of a private one (never the owner), and the settings link for owners and admins (with
 * the number of open reports when there are any).
 */
export function GroupMembershipBar({ groupId }: { groupId: string }) {
  const { session, loading: sessionLoading } = useSession();
  const client = useApolloClient();
  const navigate = useNavigate();
  const location = useLocation();
  const { data, loading } = useQuery(GroupMembershipDocument, {
    variables: { id: groupId, signedIn: Boolean(session) },
    skip: sessionLoading,
  });
  const [joinGroup] = useMutation(JoinGroupDocument);
  const [leaveGroup] = useMutation(LeaveGroupDocument);
  const { feedback, busy, run } = useGroupAction();

  const group = data?.groupCollection?.edges[0]?.node;
  // Its one row's room while the session and the answer come, so that the photos below never move down.
  // The room is an unseen button's, as tall as the row's own on every device (touch targets are taller).
  if (sessionLoading || (loading && !group))
    return (
      <Stack gap="2" mb="6" data-testid="group-membership-loading">
        <HStack gap="3">
          <Button size="sm" variant="outline" visibility="hidden" aria-hidden inert>
            Join group
          </Button>
        </HStack>
      </Stack>
    );
  if (!group) return null;
  const role = asGroupRole(group.my_role ?? null);
  const notice = feedback ? null : groupNoticeFrom(location.state);

  async function join() {
    if (await run(() => joinGroup({ variables: { groupId } }), GROUP_ACTION_MESSAGES.JOINED)) {
      void refreshAfterGroupChange(client, groupId);
    }
  }
  async function leave() {
    if (await run(() => leaveGroup({ variables: { groupId } }), GROUP_ACTION_MESSAGES.LEFT)) {
      void refreshAfterGroupChange(client, groupId);
      // A private group is out of sight once left.
      if (group?.is_private) void navigate(paths.groups(), { replace: true });
    }
  }

  return (
    <Stack gap="2" mb="6" data-testid="group-membership">
      <HStack gap="3" wrap="wrap">
        {group.is_private ? (
          <Badge colorPalette="gray" variant="surface">
            Private group
          </Badge>
        ) : null}
        {typeof group.member_count === 'number' ? (
          <Text color="fg.muted" fontSize="sm">
            {group.member_count === 1 ? '1 member' : `${group.member_count} members`}
          </Text>
        ) : null}
        {role ? (
          <Badge colorPalette="brand" variant="subtle" data-testid="my-role">
            Your role: {roleLabel(role)}
          </Badge>
        ) : null}
        {session && !role && !group.is_private ? (
          <Button size="sm" colorPalette="brand" variant="outline" onClick={join} loading={busy}>
            Join group
          </Button>
        ) : null}
        {!session && !group.is_private ? (
          <Button asChild size="sm" variant="outline">
            <RouterLink to={paths.login(paths.group(groupId))}>Sign in to join</RouterLink>
          </Button>
        ) : null}
        {role && role !== 'owner' ? (
          <ConfirmButton
            size="sm"
            variant="outline"
            label="Leave group"
            question={GROUP_ACTION_MESSAGES.CONFIRM_LEAVE}
            onConfirm={leave}
            loading={busy}
          />
        ) : null}
        {canManage(role) ? (
          <Button asChild size="sm" variant="outline" colorPalette="brand">
            <RouterLink to={paths.groupSettings(groupId)}>
              {GROUP_ACTION_MESSAGES.GROUP_SETTINGS}
              {group.open_report_count ? (
                // The number is seen; what it counts is read out with the link's name.
                <>
                  {' '}
                  <Badge
                    colorPalette="red"
                    variant="solid"
                    size="sm"
                    borderRadius="full"
                    data-testid="open-report-count"
                  >
                    <span aria-hidden="true">{group.open_report_count}</span>
                    <VisuallyHidden>({SOCIAL_TEXT.openReportCount(group.open_report_count)})</VisuallyHidden>
                  </Badge>
                </>
              ) : null}
            </RouterLink>
          </Button>
        ) : null}
      </HStack>
      <ActionFeedback feedback={notice ? { kind: 'success', message: notice } : feedback} takeFocus={Boolean(notice)} />
    </Stack>
  );
}
