import { printSchema } from 'graphql';
import type { SqlClient } from '../db/types.ts';
import { reflectSchema } from './service.ts';

/** The SDL of the schema the client's current role sees, as the frontends' codegen reads it. */
export async function printGraphqlSdl(sql: SqlClient, schemas: readonly string[] = ['public']): Promise<string> {
  const { schema } = await reflectSchema(sql, schemas);
  return `${printSchema(schema)}\n`;
}
