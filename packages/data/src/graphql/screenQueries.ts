import { addTypenameToDocument } from '@apollo/client/utilities';
import type { ScreenData, ScreenQuery, ScreenVariable } from '@snapshire/contracts';
import { print, type DocumentNode } from 'graphql';

/** A screen's first query as a remote declares it beside the screen (e.g. groupPageQuery.ts in remote-browse). */
export interface ScreenQueryDeclaration {
  route: string;
  document: DocumentNode;
  variables: Readonly<Record<string, ScreenVariable>>;
  unlessSearchParams?: readonly string[];
  /**
   * The screen's first-photos module (FirstPhotosModule in @snapshire/contracts), as a path relative to the
   * file declaring it (a remote's build/screenData.ts): bundled on its own and published beside the manifest
   * by screenDataPlugin.
   */
  firstPhotos?: string;
  /**
   * The screen's module (its default export is the screen), as a path relative to the file declaring it: drawn
   * at build time in its loading state and published as ScreenQuery.firstRender by screenDataPlugin.
   */
  firstRender?: string;
  /**
   * With firstRender: a module (path as above) exporting FIRST_RENDER_PARAMS (the route's parameters the screen
   * is drawn at) and, for ScreenQuery.firstRenderTemplate, FIRST_RENDER_RESULT (a marked answer to the first
   * query, which the screen is drawn with as if the first script had fetched it).
   */
  firstRenderData?: string;
}

/**
 * The screens' first queries as screen-data.json publishes them (ScreenData in @snapshire/contracts): the
 * query text Apollo Client sends (the document with __typename added), so the early answer fills the cache
 * exactly as the screen's own would.
 */
export function publishScreenQueries(declarations: Readonly<Record<string, ScreenQueryDeclaration>>): ScreenData {
  const published: ScreenData = {};
  for (const [screen, { route, document, variables, unlessSearchParams }] of Object.entries(declarations)) {
    const operation = document.definitions.find((d) => d.kind === 'OperationDefinition');
    if (!operation?.name) throw new Error(`the first query of ${screen} has no named operation`);
    const query: ScreenQuery = {
      route,
      operationName: operation.name.value,
      query: print(addTypenameToDocument(document)),
      variables: { ...variables },
    };
    if (unlessSearchParams) query.unlessSearchParams = [...unlessSearchParams];
    published[screen] = query;
  }
  return published;
}
