/**
 * The database as every part of the backend sees it. One implementation serves PGlite (default, in a worker
 * behind pglite-socket) and a real PostgreSQL (DATABASE_URL) through the same `pg` code path.
 */
export interface QueryResult<Row> {
  rows: Row[];
  rowCount: number | null;
}

/** A connection inside one transaction. Parameters are $1, $2, ... as in node-postgres. */
export interface SqlClient {
  query<Row = Record<string, unknown>>(text: string, params?: unknown[]): Promise<QueryResult<Row>>;
}

/** Who a request runs as: the database role and the JWT claims PostgREST would set. */
export interface Caller {
  role: 'anon' | 'authenticated' | 'service_role';
  /** The verified JWT payload (sub, role, email, aud, exp, ...), or {role:'anon'} for the anon key. */
  claims: Record<string, unknown>;
}

export interface Database {
  /**
   * Runs fn in one transaction as the caller: `set local role <role>` and
   * `set_config('request.jwt.claims', <json>, true)` (plus request.jwt.claim.sub/role), so RLS decides.
   * Commits when fn resolves, rolls back when it throws.
   */
  asCaller<T>(caller: Caller, fn: (sql: SqlClient) => Promise<T>): Promise<T>;
  /**
   * Runs fn in one transaction as the database owner (no RLS): auth internals, migrations, seed. With
   * `statementTimeoutMs`, each statement is cancelled past it, as a request's would be.
   */
  asOwner<T>(fn: (sql: SqlClient) => Promise<T>, options?: { statementTimeoutMs?: number }): Promise<T>;
  close(): Promise<void>;
}
