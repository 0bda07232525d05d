/** Responses of edge functions: JSON bodies, CORS headers, and errors that carry their HTTP status. */
import type { FunctionErrorResponse } from '@snapshire/contracts';

export const CORS_HEADERS: Record<string, string> = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Allow-Methods': 'POST, OPTIONS',
  'Access-Control-Allow-Headers': 'authorization, x-client-info, apikey, content-type, x-supabase-api-version',
  'Access-Control-Max-Age': '86400',
};

/** A refusal with the status and the message the client shows. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly issues?: string[],
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { ...CORS_HEADERS, 'Content-Type': 'application/json' },
  });
}

/** The refusal as functionErrorResponseSchema (@snapshire/contracts) has it: {error, issues?}. */
export function errorResponse(error: HttpError): Response {
  const body: FunctionErrorResponse = error.issues
    ? { error: error.message, issues: error.issues }
    : { error: error.message };
  return json(error.status, body);
}
