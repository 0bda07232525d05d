import pg from 'pg';

/**
 * A database engine as the transactions and openDatabase use it: PGlite in a worker (pglite-engine.ts) or a
 * real PostgreSQL (postgres-engine.ts), each reached through one `pg` pool.
 */
export interface Engine {
  readonly kind: 'pglite' | 'postgres';
  /** postgres:// URL of the database (the pglite-socket, or databaseUrl): SUPABASE_DB_URL for functions. */
  readonly url: string;
  readonly pool: pg.Pool;
  /** How many transactions can run at once: PGlite's one session, or PostgreSQL's pool connections. */
  readonly slots: number;
  /** Counts restarts of the engine: a transaction begun before one was cut off by it, not refused. */
  readonly generation: number;
  /** While the engine restarts: resolves once it takes queries again. */
  readonly restarting: Promise<void> | undefined;
  /**
   * Enforces the statement_timeout of the transaction on `client` where the engine cannot do it itself
   * (PGlite), until end(); undefined where the engine does (PostgreSQL raises SQLSTATE 57014 on its own).
   */
  watchStatements(client: pg.PoolClient, timeoutMs: number): StatementWatch | undefined;
  /** See OpenedDatabase.listen. */
  listen(channel: string, onNotification: (payload: string) => void, onGap?: () => void): Promise<() => Promise<void>>;
  /** PGlite only: the whole data directory as a tarball. */
  dump(): Promise<Uint8Array>;
  /** The data directory's lock is lost: stops at once, writing nothing more (no flush). */
  fence(): void;
  close(): Promise<void>;
}

export interface StatementWatch {
  /** Set once a statement of the transaction was cancelled for running past its timeout. */
  readonly timedOut: boolean;
  end(): void;
}

let connectionCount = 0;

/**
 * The pool's client: each connection says who it is in its startup message (application_name), which is how
 * the PGlite worker names the connection whose statement its engine is running (a Unix socket has no ports).
 */
export class NamedClient extends pg.Client {
  readonly connectionName: string;
  constructor(config?: pg.ClientConfig) {
    const connectionName = `snapshire-backend-${process.pid}-${++connectionCount}`;
    super({ ...config, application_name: connectionName });
    this.connectionName = connectionName;
  }
}

/** The pool every query of the backend goes through, whichever the engine. */
export function createPool(url: string, max: number, expectBrokenConnections: () => boolean): pg.Pool {
  // UTC as on Supabase, so timestamps (and GraphQL Datetime offsets) read the same on any server.
  const pool = new pg.Pool({ connectionString: url, max, options: '-c TimeZone=UTC', Client: NamedClient });
  // An idle client that dies (server restart) must not crash the process.
  pool.on('error', (err) => {
    if (!expectBrokenConnections()) console.error(`[backend] database connection error: ${err.message}`);
  });
  return pool;
}

/** A NOTIFY channel name as an identifier: only plain names, so it can be spliced into LISTEN. */
export function quoteChannel(channel: string): string {
  if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`bad notification channel ${channel}`);
  return `"${channel}"`;
}
