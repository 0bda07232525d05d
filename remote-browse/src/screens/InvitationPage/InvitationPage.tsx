import { useEffect, useRef } from 'react';
import { Card } from '@chakra-ui/react/card';
import { Badge, Box, Button, Heading, HStack, Stack, Text } from '@snapshire/shell-components';
import { useApolloClient, useMutation, useQuery } from '@apollo/client/react';
import { Link as RouterLink, useNavigate, useParams } from 'react-router-dom';
import { GROUP_ACTION_MESSAGES, INVITATION_STATUS_MESSAGES, paths } from '@snapshire/contracts';
import { refreshAfterGroupChange, useSession } from '@snapshire/data';
import { ErrorPanel, LoadingState } from '@snapshire/ui';
import { ActionFeedback } from '../../shared/group-actions/ActionFeedback.tsx';
import { groupNoticeState } from '../../shared/group-actions/groupNotice.ts';
import { useGroupAction } from '../../shared/group-actions/useGroupAction.ts';
import { PageContainer } from '../../shared/layout/PageContainer.tsx';
import { readInvitationPreview } from './invitationPreview.ts';
import { forgetJoinIntent, hasJoinIntent, rememberJoinIntent } from './joinIntent.ts';
import { AcceptInvitationDocument, InvitationPreviewDocument } from './operations.generated.ts';

const dateTime = new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeStyle: 'short' });

/**
 * Where an invitation link lands (route INVITATION): the group it leads to and whether the link still works,
 * in words. A signed-out visitor signs up or in and comes back here (redirectTo); accepting makes the caller
 * a member and opens the group.
 */
export default function InvitationPage() {
  const { token = '' } = useParams();
  const { session, loading: sessionLoading } = useSession();
  const client = useApolloClient();
  const navigate = useNavigate();
  // The answer depends on who asks (is_member): ask again when the session changes.
  const { data, loading, error } = useQuery(InvitationPreviewDocument, {
    variables: { token },
    fetchPolicy: 'network-only',
    skip: sessionLoading,
  });
  const [accept] = useMutation(AcceptInvitationDocument);
  const { feedback, busy, run } = useGroupAction();
  const preview = readInvitationPreview(data?.group_invitation_preview);
  const here = paths.invitation(token);
  const groupId = preview.group_id;

  // Back from signing in or confirming the e-mail, having chosen Create an account or Sign in here: join at
  // once (the person already said so), then the group opens. Once only; any other answer drops the wish.
  const autoJoined = useRef(false);
  const answered = Boolean(data) && !loading;
  const joinNow = answered && !!session && preview.status === 'valid' && !preview.is_member && hasJoinIntent(token);
  useEffect(() => {
    if (!answered || !session) return;
    if (!joinNow) {
      if (hasJoinIntent(token)) forgetJoinIntent();
      return;
    }
    if (autoJoined.current) return;
    autoJoined.current = true;
    forgetJoinIntent();
    void join();
    // join is re-created every render; the ref keeps this to one call.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [answered, session, joinNow, token]);

  if (sessionLoading || (loading && !data)) return <LoadingState minH="60vh" />;
  if (error && !data) return <ErrorPanel message={error.message} />;

  async function join() {
    let joinedGroupId: string | undefined;
    const ok = await run(async () => {
      const result = await accept({ variables: { token } });
      joinedGroupId = result.data?.accept_group_invitation?.group_id;
    }, GROUP_ACTION_MESSAGES.INVITATION_ACCEPTED);
    if (ok && joinedGroupId) {
      void refreshAfterGroupChange(client, joinedGroupId);
      void navigate(paths.group(joinedGroupId), { replace: true, state: groupNoticeState('INVITATION_ACCEPTED') });
    }
  }

  return (
    <PageContainer>
      <Card.Root maxW="xl" mx="auto" variant="outline" data-testid="invitation-card" data-status={preview.status}>
        <Card.Body>
          <Stack gap="4">
            <Text color="fg.muted" fontSize="sm">
              Invitation
            </Text>
            {preview.group_name ? (
              <Heading as="h1" textStyle="pageTitle" overflowWrap="anywhere">
                {preview.group_name}
              </Heading>
            ) : (
              <Heading as="h1" textStyle="pageTitle">
                Invitation link
              </Heading>
            )}
            <HStack gap="2">
              <Badge colorPalette={preview.status === 'valid' ? 'green' : 'red'} variant="subtle">
                {preview.status === 'valid' ? 'Private group' : 'This link does not work'}
              </Badge>
            </HStack>
            <Text role={preview.status === 'valid' ? undefined : 'alert'} data-testid="invitation-status">
              {INVITATION_STATUS_MESSAGES[preview.status]}
            </Text>
            {preview.status === 'valid' && preview.expires_at ? (
              <Text color="fg.muted" fontSize="sm">
                The link works until {dateTime.format(new Date(preview.expires_at))}.
              </Text>
            ) : null}
            <ActionFeedback feedback={feedback} />
            <Box>
              {preview.status !== 'valid' ? (
                preview.is_member && groupId ? (
                  <GroupLink groupId={groupId} />
                ) : (
                  <Button asChild variant="outline">
                    <RouterLink to={paths.groups()}>See the groups</RouterLink>
                  </Button>
                )
              ) : preview.is_member && groupId ? (
                <Stack gap="3">
                  <Text>You are already a member of this group.</Text>
                  <GroupLink groupId={groupId} />
                </Stack>
              ) : session ? (
                <Button colorPalette="brand" onClick={join} loading={busy}>
                  Join group
                </Button>
              ) : (
                <Stack gap="3">
                  <Text>{GROUP_ACTION_MESSAGES.SIGN_IN_TO_ACCEPT}</Text>
                  <HStack gap="3" wrap="wrap">
                    <Button asChild colorPalette="brand">
                      <RouterLink to={paths.register(here)} onClick={() => rememberJoinIntent(token)}>
                        Create an account
                      </RouterLink>
                    </Button>
                    <Button asChild variant="outline">
                      <RouterLink to={paths.login(here)} onClick={() => rememberJoinIntent(token)}>
                        Sign in
                      </RouterLink>
                    </Button>
                  </HStack>
                </Stack>
              )}
            </Box>
          </Stack>
        </Card.Body>
      </Card.Root>
    </PageContainer>
  );
}

function GroupLink({ groupId }: { groupId: string }) {
  return (
    <Button asChild colorPalette="brand">
      <RouterLink to={paths.group(groupId)}>Open the group</RouterLink>
    </Button>
  );
}
