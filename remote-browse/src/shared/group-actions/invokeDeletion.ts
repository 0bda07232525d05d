import type { DELETE_GROUP_FUNCTION, DELETE_POST_FUNCTION } from '@snapshire/contracts';
import {
  GROUP_RULE_MESSAGES,
  type DeleteGroupRequest,
  type DeletePostRequest,
  type DeletionErrorResponse,
  type DeletionResponse,
} from '@snapshire/contracts';
import type { useSupabase } from '@snapshire/data';

type SupabaseClient = ReturnType<typeof useSupabase>;

/** A refusal already in the product's words (the edge function's `error`), shown as it is. */
export class GroupActionRefusal extends Error {}

/**
 * Deletes a post or a group through its edge function (delete-post, delete-group): the rule runs as the
 * caller, then the photos the deletion queued leave storage. A refusal arrives as { error, code } words.
 */
export async function invokeDeletion(
  supabase: SupabaseClient,
  ...[fn, body]: [typeof DELETE_POST_FUNCTION, DeletePostRequest] | [typeof DELETE_GROUP_FUNCTION, DeleteGroupRequest]
): Promise<DeletionResponse> {
  const { data, error } = await supabase.functions.invoke<DeletionResponse>(fn, { body });
  if (!error && data?.deleted) return data;
  const response = (error as { context?: unknown } | null)?.context;
  if (response instanceof Response) {
    const answer = (await response.json().catch(() => null)) as Partial<DeletionErrorResponse> | null;
    if (answer?.code && answer.code in GROUP_RULE_MESSAGES)
      throw new GroupActionRefusal(GROUP_RULE_MESSAGES[answer.code]);
    if (typeof answer?.error === 'string') throw new GroupActionRefusal(answer.error);
  }
  throw new Error(error?.message ?? 'deletion_failed');
}
