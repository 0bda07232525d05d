/**
 * GraphQL straight at the e2e backend, as a script or another device would send it: test set-up and
 * checks behind the screens. `bearer` is an account's access token, or the service role key to read past RLS.
 */
import type { E2EStack } from '../harness/fixtures.ts';

/** The answer's data; throws with the errors' messages when there are any. */
export async function graphqlAs<T>(
  stack: Pick<E2EStack, 'supabaseUrl' | 'anonKey'>,
  bearer: string,
  query: string,
  variables: Record<string, unknown> = {},
): Promise<T> {
  const response = await fetch(`${stack.supabaseUrl}/graphql/v1`, {
    method: 'POST',
    headers: { apikey: stack.anonKey, Authorization: `Bearer ${bearer}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ query, variables }),
  });
  const body = (await response.json()) as { data?: T; errors?: { message: string }[] };
  if (body.errors?.length || !body.data) throw new Error(`GraphQL: ${body.errors?.map((e) => e.message).join('; ')}`);
  return body.data;
}
