/**
 * The settings Supabase gives every edge function (SUPABASE_URL, SUPABASE_SERVICE_ROLE_KEY, ...) and the
 * supabase-js client with the service role that functions use for storage and RPC. The embedded backend's
 * Deno shim provides the same variables. The client is remade when the settings change (a test process
 * may start several backends).
 */
import { createClient, type SupabaseClient } from '@supabase/supabase-js';

interface DenoEnv {
  env: { get(name: string): string | undefined };
}

/** A setting from the function's environment (Deno.env, or process.env where the shim runs on Node). */
export function setting(name: string): string {
  const deno = (globalThis as { Deno?: DenoEnv }).Deno;
  const value =
    deno?.env.get(name) ?? (globalThis as { process?: { env: Record<string, string | undefined> } }).process?.env[name];
  if (!value) throw new Error(`${name} is not set`);
  return value;
}

/** Stands in for WebSocket where there is none (Node 20): functions never open a realtime channel. */
class NoWebSocket {
  constructor() {
    throw new Error('realtime is not used by edge functions');
  }
}

let cached: { key: string; client: SupabaseClient } | undefined;

/** supabase-js with the service role key: bypasses RLS, so every caller check is the function's job. */
export function adminClient(): SupabaseClient {
  const url = setting('SUPABASE_URL');
  const serviceKey = setting('SUPABASE_SERVICE_ROLE_KEY');
  const key = `${url}\n${serviceKey}`;
  if (cached?.key === key) return cached.client;
  const client = createClient(url, serviceKey, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    realtime: { transport: ((globalThis as { WebSocket?: unknown }).WebSocket ?? NoWebSocket) as never },
  });
  cached = { key, client };
  return client;
}
