/**
 * GraphQL requests from an edge function to the project's own API (pg_graphql on Supabase, the embedded
 * backend's reflection of it locally): as the caller, with their token, so row level security and the
 * rules in SQL decide; or with the service role key for housekeeping.
 */
import { setting } from './supabase.ts';

/** The API refused the operation: `message` is its error (for the group rules, a code such as not_group_owner). */
export class GraphqlRefusal extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'GraphqlRefusal';
  }
}

export async function graphqlRequest<T>(
  token: string,
  query: string,
  variables: Record<string, unknown> = {},
  apikey: string = setting('SUPABASE_ANON_KEY'),
): Promise<T> {
  const response = await fetch(`${setting('SUPABASE_URL')}/graphql/v1`, {
    method: 'POST',
    headers: { apikey, authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ query, variables }),
  });
  if (!response.ok) throw new Error(`GraphQL answered HTTP ${response.status}`);
  const body = (await response.json()) as { data?: T | null; errors?: { message: string }[] };
  if (body.errors?.length) throw new GraphqlRefusal(body.errors[0]!.message);
  if (body.data === undefined || body.data === null) throw new Error('GraphQL answered without data');
  return body.data;
}
