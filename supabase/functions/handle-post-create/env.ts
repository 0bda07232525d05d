/**
 * The function's settings and clients. Supabase (and the embedded backend's Deno shim) provide
 * SUPABASE_URL, SUPABASE_ANON_KEY, SUPABASE_SERVICE_ROLE_KEY and SUPABASE_DB_URL. Clients are made on first
 * use and remade when the settings change (a test process may start several backends).
 */
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import pg from 'pg';

interface DenoEnv {
  env: { get(name: string): string | undefined };
}

function setting(name: string): string {
  const deno = (globalThis as { Deno?: DenoEnv }).Deno;
  const value =
    deno?.env.get(name) ?? (globalThis as { process?: { env: Record<string, string | undefined> } }).process?.env[name];
  if (!value) throw new Error(`${name} is not set`);
  return value;
}

/** Stands in for WebSocket where there is none (Node 20): this function never opens a realtime channel. */
class NoWebSocket {
  constructor() {
    throw new Error('realtime is not used by handle-post-create');
  }
}

export interface Services {
  /** supabase-js with the anon key: verifies callers' tokens (auth.getUser). */
  auth: SupabaseClient;
  /** supabase-js with the service role key: stores and removes photos. */
  admin: SupabaseClient;
  /** Direct database connection (SUPABASE_DB_URL). */
  pool: pg.Pool;
}

let cached: { key: string; services: Services } | undefined;

function client(url: string, key: string): SupabaseClient {
  return createClient(url, key, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    realtime: { transport: ((globalThis as { WebSocket?: unknown }).WebSocket ?? NoWebSocket) as never },
  });
}

export function services(): Services {
  const url = setting('SUPABASE_URL');
  const anonKey = setting('SUPABASE_ANON_KEY');
  const serviceKey = setting('SUPABASE_SERVICE_ROLE_KEY');
  const dbUrl = setting('SUPABASE_DB_URL');
  const key = [url, anonKey, serviceKey, dbUrl].join('\n');
  if (cached?.key === key) return cached.services;
  const previous = cached?.services.pool;
  // Idle connections close quickly so a stopping backend is not held open by this pool.
  const pool = new pg.Pool({ connectionString: dbUrl, max: 4, idleTimeoutMillis: 1_000, allowExitOnIdle: true });
  pool.on('error', (err) => console.error(`[handle-post-create] database connection error: ${err.message}`));
  cached = { key, services: { auth: client(url, anonKey), admin: client(url, serviceKey), pool } };
  void previous?.end().catch(() => undefined);
  return cached.services;
}
