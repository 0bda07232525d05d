/**
 * The browse queries as typed documents. Each operation lives as a .graphql file in the feature folder that
 * uses it and is generated beside it (npm run codegen -w remote-browse), so it ships inside this remote.
 */
export { AllGroupsDocument } from '../groups-list/operations.generated.ts';
export { GroupByIdDocument, GroupPostsByCategoryIdsDocument } from '../group/operations.generated.ts';
export { PostByIdDocument } from '../post/operations.generated.ts';
