import { useState, type FormEvent } from 'react';
import { Field } from '@chakra-ui/react/field';
import { Input } from '@chakra-ui/react/input';
import { NativeSelect } from '@chakra-ui/react/native-select';
import { Badge, Box, Button, Heading, HStack, Stack, Text } from '@snapshire/shell-components';
import { useMutation } from '@apollo/client/react';
import { GROUP_ACTION_MESSAGES, GROUP_LIMITS, GROUP_RULE_MESSAGES, paths } from '@snapshire/contracts';
import { ActionFeedback } from '../../shared/group-actions/ActionFeedback.tsx';
import { ConfirmButton } from '../../shared/group-actions/ConfirmButton.tsx';
import { useGroupAction } from '../../shared/group-actions/useGroupAction.ts';
import type { SettingsGroup } from './settingsGroup.ts';
import {
  INVITATION_EXPIRY_CHOICES,
  INVITATION_STATUS_LABELS,
  invitationStatus,
  invitationUrl,
} from './invitationState.ts';
import { CreateGroupInvitationDocument, RevokeGroupInvitationDocument } from './operations.generated.ts';

const dateTime = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short' });

/** Invitation links of a private group: create one (expiry, optional max uses), copy it, revoke it. */
export function InvitationsSection({ group }: { group: SettingsGroup }) {
  const refetch = { refetchQueries: ['GroupSettings'] };
  const [createInvitation] = useMutation(CreateGroupInvitationDocument, refetch);
  const [revokeInvitation] = useMutation(RevokeGroupInvitationDocument, refetch);
  const { feedback, setFeedback, busy, run } = useGroupAction();
  const [hours, setHours] = useState<number>(GROUP_LIMITS.INVITATION_HOURS_DEFAULT);
  const [maxUses, setMaxUses] = useState('');
  const invitations = group.group_invitationCollection?.edges.map((edge) => edge.node) ?? [];

  async function create(event: FormEvent) {
    event.preventDefault();
    const uses = maxUses.trim() === '' ? null : Number(maxUses);
    if (uses !== null && (!Number.isInteger(uses) || uses < 1 || uses > GROUP_LIMITS.INVITATION_USES_MAX)) {
      setFeedback({ kind: 'error', message: GROUP_RULE_MESSAGES.invitation_max_uses_invalid });
      return;
    }
    await run(
      () => createInvitation({ variables: { groupId: group.id, expiresInHours: hours, maxUses: uses } }),
      GROUP_ACTION_MESSAGES.INVITATION_CREATED,
    );
  }

  async function copy(url: string) {
    try {
      await navigator.clipboard.writeText(url);
      setFeedback({ kind: 'success', message: GROUP_ACTION_MESSAGES.INVITATION_COPIED });
    } catch {
      setFeedback({ kind: 'error', message: 'Copying is not allowed here: select the link and copy it yourself.' });
    }
  }

  return (
    <Stack as="section" aria-labelledby="group-invitations-heading" gap="4">
      <Heading as="h2" size="lg" id="group-invitations-heading">
        Invitation links
      </Heading>
      <Text color="fg.muted">
        Whoever opens a working link can join this group. Share it only with people you mean.
      </Text>
      <Stack as="form" onSubmit={create} direction={{ base: 'column', md: 'row' }} gap="4" align={{ md: 'flex-end' }}>
        <Field.Root maxW={{ md: '48' }}>
          <Field.Label>Works for</Field.Label>
          <NativeSelect.Root>
            <NativeSelect.Field value={hours} onChange={(event) => setHours(Number(event.target.value))}>
              {INVITATION_EXPIRY_CHOICES.map((choice) => (
                <option key={choice.hours} value={choice.hours}>
                  {choice.label}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Field.Root>
        <Field.Root maxW={{ md: '48' }}>
          <Field.Label>Maximum uses (optional)</Field.Label>
          <Input
            inputMode="numeric"
            placeholder="No limit"
            value={maxUses}
            onChange={(event) => setMaxUses(event.target.value)}
          />
        </Field.Root>
        <Button type="submit" colorPalette="brand" loading={busy} flexShrink={0}>
          Create link
        </Button>
      </Stack>
      <ActionFeedback feedback={feedback} />
      {invitations.length === 0 ? (
        <Text color="fg.muted">No invitation links yet.</Text>
      ) : (
        <Stack as="ul" gap="0" listStyleType="none" borderWidth="1px" borderRadius="md" divideY="1px">
          {invitations.map((invitation) => {
            const status = invitationStatus(invitation);
            const url = invitationUrl(window.location.origin, paths.invitation(invitation.token));
            return (
              <Box as="li" key={invitation.id} px="4" py="3" data-testid="invitation" data-status={status}>
                <Stack gap="2">
                  <HStack gap="2" wrap="wrap">
                    <Badge colorPalette={status === 'valid' ? 'green' : 'gray'} variant="subtle">
                      {INVITATION_STATUS_LABELS[status]}
                    </Badge>
                    <Text fontSize="sm" color="fg.muted">
                      {`Until ${dateTime.format(new Date(invitation.expires_at))} · used ${invitation.use_count}` +
                        (invitation.max_uses === null ? '' : ` of ${invitation.max_uses}`)}
                    </Text>
                  </HStack>
                  {status === 'valid' ? (
                    <Stack direction={{ base: 'column', md: 'row' }} gap="2">
                      <Input
                        readOnly
                        value={url}
                        aria-label="Invitation link"
                        fontFamily="mono"
                        fontSize="sm"
                        onFocus={(event) => event.currentTarget.select()}
                      />
                      <HStack gap="2" flexShrink={0}>
                        <Button size="sm" variant="outline" onClick={() => copy(url)}>
                          Copy link
                        </Button>
                        <ConfirmButton
                          size="sm"
                          variant="outline"
                          colorPalette="red"
                          label="Revoke"
                          question="Revoke this link? Nobody can join with it afterwards."
                          loading={busy}
                          onConfirm={() =>
                            run(
                              () => revokeInvitation({ variables: { invitationId: invitation.id } }),
                              GROUP_ACTION_MESSAGES.INVITATION_REVOKED,
                            ).then(() => undefined)
                          }
                        />
                      </HStack>
                    </Stack>
                  ) : null}
                </Stack>
              </Box>
            );
          })}
        </Stack>
      )}
    </Stack>
  );
}
