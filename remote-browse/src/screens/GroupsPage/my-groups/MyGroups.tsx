import { Card } from '@chakra-ui/react/card';
import { SimpleGrid } from '@chakra-ui/react/simple-grid';
import { Badge, Box, Button, Heading, HStack, Stack, Text } from '@snapshire/shell-components';
import { useQuery } from '@apollo/client/react';
import { Link as RouterLink, useLocation } from 'react-router-dom';
import { GROUP_ACTION_MESSAGES, paths } from '@snapshire/contracts';
import { useSession } from '@snapshire/data';
import { ActionFeedback } from '../../../shared/group-actions/ActionFeedback.tsx';
import { groupNoticeFrom } from '../../../shared/group-actions/groupNotice.ts';
import { asGroupRole, roleLabel } from '../../../shared/membership/roles.ts';
import { memberCountText, PrivateGroupBadge } from './GroupCardBadges.tsx';
import { MyGroupsDocument } from './operations.generated.ts';

/** The "New group" button of the groups list: signed-out visitors sign in first and come back to the form. */
export function NewGroupButton() {
  const { session, loading } = useSession();
  return (
    <Box visibility={loading ? 'hidden' : undefined}>
      <Button asChild colorPalette="brand">
        <RouterLink to={session ? paths.newGroup() : paths.login(paths.newGroup())}>
          {GROUP_ACTION_MESSAGES.NEW_GROUP}
        </RouterLink>
      </Button>
    </Box>
  );
}

/** The groups the signed-in caller belongs to (skipped when signed out). */
function useMyGroups() {
  const { user } = useSession();
  return useQuery(MyGroupsDocument, { variables: { userId: user?.id ?? '' }, skip: !user });
}

/**
 * Whether what stands above the list of all groups is known: who is signed in and, when someone is, their
 * groups. Until then the groups list draws neither, so that "Your groups" never pushes a list already on
 * screen down (CLS 0.41 on a phone when it did).
 */
export function useMyGroupsSettled(): boolean {
  const { user, loading } = useSession();
  const { data, error } = useMyGroups();
  return !loading && (!user || data !== undefined || error !== undefined);
}

/**
 * "Your groups" at the top of the groups list when signed in: each group the caller belongs to, with their
 * role, and the news of a group just deleted.
 */
export function MyGroups() {
  const { user } = useSession();
  const location = useLocation();
  const { data } = useMyGroups();
  const notice = groupNoticeFrom(location.state);
  const memberships = (data?.group_memberCollection?.edges ?? []).flatMap(({ node }) =>
    node.group ? [{ role: asGroupRole(node.role), group: node.group, key: node.nodeId }] : [],
  );

  return (
    <Stack gap="4" mb={user ? '8' : '0'}>
      <ActionFeedback feedback={notice ? { kind: 'success', message: notice } : null} takeFocus={Boolean(notice)} />
      {user ? (
        <Stack as="section" aria-labelledby="your-groups-heading" gap="3" data-testid="your-groups">
          <Heading as="h2" size="lg" id="your-groups-heading">
            {GROUP_ACTION_MESSAGES.YOUR_GROUPS}
          </Heading>
          {data && memberships.length === 0 ? (
            <Text color="fg.muted">You have not joined any group yet. Join one below, or start your own.</Text>
          ) : (
            <SimpleGrid columns={{ base: 1, sm: 2, md: 3 }} gap="3">
              {memberships.map(({ role, group, key }) => (
                <Card.Root key={key} asChild variant="subtle" size="sm">
                  <RouterLink to={paths.group(group.id)} data-testid="your-group">
                    <Card.Body>
                      <Text fontWeight="bold" overflowWrap="anywhere">
                        {group.display_name}
                      </Text>
                      <HStack gap="2" mt="1" wrap="wrap">
                        {role ? (
                          <Badge colorPalette="brand" variant="subtle">
                            {roleLabel(role)}
                          </Badge>
                        ) : null}
                        {group.is_private ? <PrivateGroupBadge /> : null}
                        {typeof group.member_count === 'number' ? (
                          <Text color="fg.muted" fontSize="sm">
                            {memberCountText(group.member_count)}
                          </Text>
                        ) : null}
                      </HStack>
                    </Card.Body>
                  </RouterLink>
                </Card.Root>
              ))}
            </SimpleGrid>
          )}
        </Stack>
      ) : null}
    </Stack>
  );
}
