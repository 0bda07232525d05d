import { useId, useState } from 'react';
import { useApolloClient, useMutation } from '@apollo/client/react';
import { Alert, Button, Heading, Stack, Text } from '@snapshire/shell-components';
import { groupRuleMessage, MESSAGES } from '@snapshire/contracts';
import { refreshAfterGroupChange } from '@snapshire/data';
import { JoinGroupToPostDocument } from './newPostGroupQuery.ts';

/**
 * In place of the form for a signed-in person who sees a public group but has not joined it: posting needs
 * membership, so joining is the one tap between New Post and the form. Once joined, the group's cached role and
 * member count are dropped and fetched again (the screen's own query among them), and the form takes this
 * panel's place.
 */
export function JoinToPostPanel({ groupId, onJoined }: { groupId: string; onJoined: () => void }) {
  const client = useApolloClient();
  const [joinGroup, { loading }] = useMutation(JoinGroupToPostDocument);
  const [refusal, setRefusal] = useState<string>();
  const titleId = useId();

  async function join() {
    setRefusal(undefined);
    try {
      await joinGroup({ variables: { groupId } });
    } catch (error) {
      setRefusal(groupRuleMessage(error instanceof Error ? error.message : undefined));
      return;
    }
    onJoined();
    // Joined: the screen's query (and any other showing the group) asks again and finds the membership.
    await refreshAfterGroupChange(client, groupId).catch(() => undefined);
  }

  return (
    <Stack
      gap="4"
      maxW="2xl"
      p="5"
      borderWidth="1px"
      borderRadius="l3"
      aria-labelledby={titleId}
      role="region"
      data-testid="join-to-post"
    >
      <Heading as="h2" size="md" id={titleId}>
        {MESSAGES.JOIN_TO_POST_TITLE}
      </Heading>
      <Text color="fg.muted">{MESSAGES.JOIN_TO_POST_TEXT}</Text>
      <Button alignSelf="flex-start" colorPalette="brand" onClick={() => void join()} loading={loading}>
        {MESSAGES.JOIN_TO_POST_BUTTON}
      </Button>
      {refusal ? (
        <Alert.Root status="error" role="alert">
          <Alert.Indicator />
          <Alert.Title>{refusal}</Alert.Title>
        </Alert.Root>
      ) : null}
    </Stack>
  );
}
