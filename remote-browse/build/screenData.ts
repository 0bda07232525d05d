/**
 * Build only (loaded by screenDataPlugin, packages/data/src/graphql/screenDataPlugin.ts): this remote's
 * screens' first queries as screen-data.json publishes them, with the query text Apollo Client sends (the
 * document with __typename added), so the early answer fills the cache exactly as the screen's own would.
 */
import { addTypenameToDocument } from '@apollo/client/utilities';
import type { ScreenData, ScreenQuery, ScreenVariable } from '@snapshire/contracts';
import type { ExposedModule } from '@snapshire/federation/remotes';
import type { DocumentNode } from 'graphql';
import { print } from 'graphql';
import { GROUP_PAGE_QUERY } from '../src/features/group/groupPageQuery.ts';
import { GROUPS_PAGE_QUERY } from '../src/features/groups-list/groupsPageQuery.ts';

interface ScreenQueryDeclaration {
  route: string;
  document: DocumentNode;
  variables: Readonly<Record<string, ScreenVariable>>;
  unlessSearchParams?: readonly string[];
}

function published({ route, document, variables, unlessSearchParams }: ScreenQueryDeclaration): ScreenQuery {
  const operation = document.definitions.find((d) => d.kind === 'OperationDefinition');
  if (!operation?.name) throw new Error(`a screen query of ${route} has no named operation`);
  return {
    route,
    operationName: operation.name.value,
    query: print(addTypenameToDocument(document)),
    variables: { ...variables },
    ...(unlessSearchParams && { unlessSearchParams: [...unlessSearchParams] }),
  };
}

export const SCREEN_DATA: ScreenData = {
  GroupsPage: published(GROUPS_PAGE_QUERY),
  GroupPage: published(GROUP_PAGE_QUERY),
} satisfies Partial<Record<ExposedModule<'remote_browse'>, ScreenQuery>>;
