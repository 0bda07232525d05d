import { Badge, Box, Button, Heading, HStack, Stack, Text } from '@snapshire/shell-components';
import { NameAvatar } from '@snapshire/ui/name-avatar';
import { useMutation } from '@apollo/client/react';
import { GROUP_ACTION_MESSAGES, type GroupRole } from '@snapshire/contracts';
import { useSession } from '@snapshire/data';
import { ActionFeedback } from '../../shared/group-actions/ActionFeedback.tsx';
import { ConfirmButton } from '../../shared/group-actions/ConfirmButton.tsx';
import { useGroupAction } from '../../shared/group-actions/useGroupAction.ts';
import type { SettingsGroup } from './settingsGroup.ts';
import {
  RemoveGroupMemberDocument,
  SetGroupMemberRoleDocument,
  TransferGroupOwnershipDocument,
} from './operations.generated.ts';
import { asGroupRole, roleLabel } from '../../shared/membership/roles.ts';

const joinedDate = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric' });

/**
 * The members with role and joined date. Owners and admins remove members and make members admins or back;
 * only the owner removes an admin or hands the group over (the rules refuse the rest, in words).
 */
export function MembersSection({ group, myRole }: { group: SettingsGroup; myRole: GroupRole }) {
  const { user } = useSession();
  const refetch = { refetchQueries: ['GroupSettings', 'GroupMembership'] };
  const [removeMember] = useMutation(RemoveGroupMemberDocument, refetch);
  const [setRole] = useMutation(SetGroupMemberRoleDocument, refetch);
  const [transfer] = useMutation(TransferGroupOwnershipDocument, refetch);
  const { feedback, busy, run } = useGroupAction();
  const members = group.group_memberCollection?.edges.map((edge) => edge.node) ?? [];
  const groupId = group.id;

  return (
    <Stack as="section" aria-labelledby="group-members-heading" gap="4">
      <Heading as="h2" size="lg" id="group-members-heading">
        Members ({members.length})
      </Heading>
      <ActionFeedback feedback={feedback} />
      <Stack as="ul" gap="0" listStyleType="none" borderWidth="1px" borderRadius="md" divideY="1px">
        {members.map((member) => {
          const role = asGroupRole(member.role);
          const name = member.profile?.display_name ?? 'Member';
          const isMe = member.user_id === user?.id;
          const userId = member.user_id;
          return (
            <Box as="li" key={member.nodeId} px="4" py="3" data-testid="group-member" data-member-name={name}>
              <Stack direction={{ base: 'column', md: 'row' }} gap="3" justify="space-between" align={{ md: 'center' }}>
                <Box minW="0">
                  <HStack gap="2" wrap="wrap">
                    <NameAvatar name={name} />
                    <Text fontWeight="semibold" overflowWrap="anywhere">
                      {name}
                      {isMe ? ' (you)' : ''}
                    </Text>
                    {role ? (
                      <Badge colorPalette={role === 'member' ? 'gray' : 'green'} variant="subtle">
                        {roleLabel(role)}
                      </Badge>
                    ) : null}
                  </HStack>
                  <Text color="fg.muted" fontSize="sm">
                    Joined {joinedDate.format(new Date(member.created_at))}
                  </Text>
                </Box>
                {!isMe && role !== 'owner' ? (
                  <HStack gap="2" wrap="wrap">
                    <Button
                      size="sm"
                      variant="outline"
                      loading={busy}
                      onClick={() =>
                        run(
                          () =>
                            setRole({ variables: { groupId, userId, role: role === 'member' ? 'admin' : 'member' } }),
                          role === 'member' ? GROUP_ACTION_MESSAGES.MADE_ADMIN : GROUP_ACTION_MESSAGES.MADE_MEMBER,
                        )
                      }
                    >
                      {role === 'member' ? 'Make admin' : 'Make member'}
                    </Button>
                    {myRole === 'owner' ? (
                      <ConfirmButton
                        size="sm"
                        variant="outline"
                        label="Hand over ownership"
                        question={GROUP_ACTION_MESSAGES.CONFIRM_TRANSFER}
                        loading={busy}
                        onConfirm={() =>
                          run(
                            () => transfer({ variables: { groupId, userId } }),
                            GROUP_ACTION_MESSAGES.OWNERSHIP_TRANSFERRED,
                          ).then(() => undefined)
                        }
                      />
                    ) : null}
                    <ConfirmButton
                      size="sm"
                      variant="outline"
                      colorPalette="red"
                      label="Remove"
                      aria-label={`Remove ${name}`}
                      question={GROUP_ACTION_MESSAGES.CONFIRM_REMOVE_MEMBER}
                      loading={busy}
                      onConfirm={() =>
                        run(
                          () => removeMember({ variables: { groupId, userId } }),
                          GROUP_ACTION_MESSAGES.MEMBER_REMOVED,
                        ).then(() => undefined)
                      }
                    />
                  </HStack>
                ) : null}
              </Stack>
            </Box>
          );
        })}
      </Stack>
    </Stack>
  );
}
