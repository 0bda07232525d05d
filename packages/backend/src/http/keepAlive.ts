import type { Server } from 'node:http';

/** How long an idle keep-alive connection stays open (test/reliability/keep-alive.test.ts). */
const IDLE_CONNECTION_TIMEOUT_MS = 60_000;

/**
 * Keeps idle connections a minute, as behind Supabase's gateway; Node's 5 s would close one under a caller that
 * was busy meanwhile (a function decoding a photo), whose next POST then dies with EPIPE.
 */
export function keepIdleConnections(server: Server): void {
  server.keepAliveTimeout = IDLE_CONNECTION_TIMEOUT_MS;
  server.headersTimeout = IDLE_CONNECTION_TIMEOUT_MS + 5_000;
}
