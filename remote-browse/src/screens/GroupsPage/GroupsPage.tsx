import { SimpleGrid } from '@chakra-ui/react/simple-grid';
import { Text } from '@snapshire/shell-components';
import { useQuery } from '@apollo/client/react';
import { MESSAGES } from '@snapshire/contracts';
import { ErrorPanel, LoadingState, PageShell } from '@snapshire/ui';
import { GROUPS_PAGE_QUERY } from './groupsPageQuery.ts';
import { MyGroups, NewGroupButton, useMyGroupsSettled } from './my-groups/MyGroups.tsx';
import { GroupCard } from './GroupCard.tsx';

/** Cards on the first screen (one row of 3 on wide screens) load their photos at once; the rest lazily. */
const EAGER_CARDS = 3;

/** The groups list (route GROUPS): title, intro and a grid of group cards, 1 column small and 3 larger. */
export default function GroupsPage() {
  const { data, loading, error } = useQuery(GROUPS_PAGE_QUERY.document);
  const groups = data?.groupCollection?.edges.map((edge) => edge.node) ?? [];
  // "Your groups" and the list below it are drawn together, once both are known: nothing moves.
  const settled = useMyGroupsSettled();

  return (
    <PageShell title={MESSAGES.GROUPS_TITLE} actions={<NewGroupButton />}>
      <Text mb="6" maxW="3xl" color="fg.muted">
        {MESSAGES.GROUPS_INTRO}
      </Text>
      {settled ? <MyGroups /> : null}
      {!settled || (loading && !data) ? (
        <LoadingState minH="100vh" />
      ) : error && !data ? (
        <ErrorPanel message={error.message} />
      ) : (
        <SimpleGrid columns={{ base: 1, md: 3 }} gap="6">
          {groups.map((group, index) => (
            <GroupCard key={group.id} group={group} eager={index < EAGER_CARDS} />
          ))}
        </SimpleGrid>
      )}
    </PageShell>
  );
}
