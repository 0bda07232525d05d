export { createGraphqlService, reflectSchema } from './service.ts';
export type { GraphqlRequest, GraphqlService, GraphqlServiceOptions, ReflectedSchema } from './service.ts';
export type { GraphqlResponse, GraphqlErrorEntry } from './errors.ts';
export { printGraphqlSdl } from './sdl.ts';
