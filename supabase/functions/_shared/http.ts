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

/**
 * An unexpected failure for the log: its message and the chain of causes under it (supabase-js keeps a
 * network error's own code, such as ECONNRESET, two levels down: error -> originalError -> cause).
 */
export function describeFailure(err: unknown): string {
  const parts: string[] = [];
  let current: unknown = err;
  for (let depth = 0; current !== undefined && current !== null && depth < 5; depth++) {
    if (typeof current === 'object' && typeof (current as { message?: unknown }).message === 'string') {
      // Errors, and the plain {message, code} objects supabase-js answers with.
      const { name, message, code } = current as { name?: unknown; message: string; code?: unknown };
      parts.push(
        `${typeof name === 'string' ? `${name}: ` : ''}${message}${typeof code === 'string' && code ? ` (${code})` : ''}`,
      );
      current = (current as { cause?: unknown }).cause ?? (current as { originalError?: unknown }).originalError;
    } else {
      parts.push(String(current));
      break;
    }
  }
  return parts.join(' <- ');
}
