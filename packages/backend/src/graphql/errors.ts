/** An error pg_graphql reports to the client with this exact message. */
export class GqlError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'GqlError';
  }
}

export interface GraphqlErrorEntry {
  message: string;
}

/** The response body, shaped as pg_graphql shapes it (data omitted for request-level errors). */
export interface GraphqlResponse {
  data?: Record<string, unknown> | null;
  errors?: GraphqlErrorEntry[];
}
