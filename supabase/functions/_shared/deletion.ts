/**
 * The shape of delete-post and delete-group: authenticate the caller, validate the body, run the deletion
 * rule as the caller through GraphQL (the SQL function decides who may), then drain the photo queue.
 */
import {
  groupRuleCode,
  groupRuleMessage,
  groupRuleStatus,
  GROUP_RULE_MESSAGES,
  MESSAGES,
  type DeletionErrorResponse,
  type DeletionResponse,
} from '@snapshire/contracts';
import type { ZodMiniType } from 'zod/mini';
import { CORS_HEADERS, HttpError, errorResponse, json } from './http.ts';
import { purgeDeletedPhotos } from './photo-purge.ts';
import { GraphqlRefusal, requestPlatform } from './platform.ts';

export function deletionHandler<Body extends Record<string, string>>(
  schema: ZodMiniType<Body>,
  /** The GraphQL mutation and its variables for a valid body. */
  operation: (body: Body) => { query: string; variables: Record<string, unknown> },
): (req: Request) => Promise<Response> {
  return async (req) => {
    if (req.method === 'OPTIONS') return new Response('ok', { headers: CORS_HEADERS });
    try {
      if (req.method !== 'POST') throw new HttpError(405, MESSAGES.UNKNOWN_ERROR);
      const platform = requestPlatform(req, GROUP_RULE_MESSAGES.not_signed_in);
      await platform.caller();
      let raw: unknown;
      try {
        raw = await req.json();
      } catch {
        throw new HttpError(400, MESSAGES.UNKNOWN_ERROR);
      }
      const parsed = schema.safeParse(raw);
      if (!parsed.success)
        throw new HttpError(
          400,
          MESSAGES.UNKNOWN_ERROR,
          parsed.error.issues.map((i) => i.message),
        );
      const { query, variables } = operation(parsed.data);
      try {
        await platform.graphql(query, variables);
      } catch (err) {
        if (!(err instanceof GraphqlRefusal)) throw err;
        const code = groupRuleCode(err.message);
        const body: DeletionErrorResponse = { error: groupRuleMessage(err.message), ...(code ? { code } : {}) };
        return json(code ? groupRuleStatus(code) : 400, body);
      }
      // The rule has run and committed; photo removal failing must not undo it (the queue keeps them).
      const purge = await purgeDeletedPhotos(platform).catch(() => ({ removed: 0, pending: -1 }));
      const body: DeletionResponse = { deleted: true, photosRemoved: purge.removed, photosPending: purge.pending };
      return json(200, body);
    } catch (err) {
      if (err instanceof HttpError) return errorResponse(err);
      return json(500, { error: MESSAGES.UNKNOWN_ERROR } satisfies DeletionErrorResponse);
    }
  };
}
