/**
 * How an edge function reaches the platform (the project's auth, REST, storage and GraphQL APIs): one
 * RequestPlatform per request, from requestPlatform. Nothing else in supabase/functions imports supabase-js
 * or calls fetch (eslint.config.js holds that), so the caller is verified in one place, once per request,
 * and every client and request to the project's API is made here.
 *
 * The settings are the ones Supabase gives every edge function (SUPABASE_URL, SUPABASE_ANON_KEY,
 * SUPABASE_SERVICE_ROLE_KEY); the embedded backend's Deno shim provides the same.
 */
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { HttpError } from './http.ts';

export interface Caller {
  id: string;
  email: string | undefined;
}

/** The project's API refused a GraphQL operation: `message` is its error (for the group rules, a code such as not_group_owner). */
export class GraphqlRefusal extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'GraphqlRefusal';
  }
}

/** The GraphQL endpoint answered an HTTP error (401 or 403: it refused the token). */
export class GraphqlHttpError extends Error {
  constructor(readonly status: number) {
    super(`GraphQL answered HTTP ${status}`);
    this.name = 'GraphqlHttpError';
  }
}

export interface RequestPlatform {
  /** The project's URL, as supabase-js and signed URLs are based on it. */
  readonly projectUrl: string;
  /** The request's bearer token, NOT verified: only for what a claimed identity may decide (rate-limit keys). */
  readonly token: string | undefined;
  /**
   * The signed-in caller: the token is verified by the project's auth server on the first ask (auth.getUser)
   * and that answer is kept for the request. Only a user's token is accepted (not the anon or service role
   * key, whatever it claims); anything else is HttpError 401 with the function's own words.
   */
  caller(): Promise<Caller>;
  /** supabase-js as the caller (their token, else the anon key): row level security decides. */
  readonly callerClient: SupabaseClient;
  /** supabase-js with the service role key: bypasses RLS, so every caller check is the function's job. */
  readonly service: SupabaseClient;
  /** A GraphQL operation as the caller (their token, the anon key for a visitor), so RLS and the SQL rules decide. */
  graphql<T>(query: string, variables?: Record<string, unknown>): Promise<T>;
  /** A GraphQL operation with the service role: housekeeping no caller may do (the photo deletion queue). */
  serviceGraphql<T>(query: string, variables?: Record<string, unknown>): Promise<T>;
}

interface DenoEnv {
  env: { get(name: string): string | undefined };
}

/** A setting from the function's environment (Deno.env: the Edge Runtime's, or the embedded backend's shim). */
function setting(name: string): string {
  const value = (globalThis as { Deno?: DenoEnv }).Deno?.env.get(name);
  if (!value) throw new Error(`${name} is not set`);
  return value;
}

/** The claims a JWT carries, read without verifying it; undefined when it is not a JWT. */
export function unverifiedClaims(token: string): Record<string, unknown> | undefined {
  try {
    const part = token.split('.')[1] ?? '';
    const base64 = part.replace(/-/g, '+').replace(/_/g, '/');
    const claims: unknown = JSON.parse(new TextDecoder().decode(Uint8Array.from(atob(base64), (c) => c.charCodeAt(0))));
    return claims && typeof claims === 'object' ? (claims as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

/** Stands in for WebSocket where there is none (Node 20): functions never open a realtime channel. */
class NoWebSocket {
  constructor() {
    throw new Error('realtime is not used by edge functions');
  }
}

/** supabase-js for a function: no session of its own to keep or refresh, no realtime. */
function functionClient(url: string, key: string, token?: string): SupabaseClient {
  return createClient(url, key, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    realtime: { transport: ((globalThis as { WebSocket?: unknown }).WebSocket ?? NoWebSocket) as never },
    ...(token ? { global: { headers: { Authorization: `Bearer ${token}` } } } : {}),
  });
}

/** The service client outlives requests; it is remade when the settings change (a test process may start several backends). */
let cachedService: { settings: string; client: SupabaseClient } | undefined;

function serviceClient(): SupabaseClient {
  const url = setting('SUPABASE_URL');
  const serviceKey = setting('SUPABASE_SERVICE_ROLE_KEY');
  const settings = `${url}\n${serviceKey}`;
  if (cachedService?.settings !== settings) cachedService = { settings, client: functionClient(url, serviceKey) };
  return cachedService.client;
}

/** POST /graphql/v1 (pg_graphql on Supabase, the embedded backend's reflection of it locally). */
async function graphqlRequest<T>(
  apikey: string,
  token: string,
  query: string,
  variables: Record<string, unknown> = {},
): Promise<T> {
  const response = await fetch(`${setting('SUPABASE_URL')}/graphql/v1`, {
    method: 'POST',
    headers: { apikey, authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ query, variables }),
  });
  if (!response.ok) throw new GraphqlHttpError(response.status);
  const body = (await response.json()) as { data?: T | null; errors?: { message: string }[] };
  if (body.errors?.length) throw new GraphqlRefusal(body.errors[0]!.message);
  if (body.data === undefined || body.data === null) throw new Error('GraphQL answered without data');
  return body.data;
}

/**
 * The platform for one request. `notSignedIn` is the function's words for a caller who is not signed in
 * (HttpError 401 from caller()).
 */
export function requestPlatform(req: Request, notSignedIn: string): RequestPlatform {
  const token = /^Bearer\s+(\S+)$/i.exec(req.headers.get('authorization') ?? '')?.[1];
  let verified: Promise<Caller> | undefined;
  let callerClient: SupabaseClient | undefined;

  async function verifyCaller(): Promise<Caller> {
    if (!token) throw new HttpError(401, notSignedIn);
    const { data, error } = await serviceClient().auth.getUser(token);
    if (error || !data.user) throw new HttpError(401, notSignedIn);
    // auth.getUser verified the token; its claims say whether it is a user's session token.
    const claims = unverifiedClaims(token);
    if (claims?.sub !== data.user.id || claims.role !== 'authenticated') throw new HttpError(401, notSignedIn);
    return { id: data.user.id, email: data.user.email };
  }

  return {
    get projectUrl() {
      return setting('SUPABASE_URL');
    },
    token,
    caller: () => (verified ??= verifyCaller()),
    get callerClient() {
      return (callerClient ??= functionClient(setting('SUPABASE_URL'), setting('SUPABASE_ANON_KEY'), token));
    },
    get service() {
      return serviceClient();
    },
    graphql: (query, variables) => {
      const anonKey = setting('SUPABASE_ANON_KEY');
      return graphqlRequest(anonKey, token ?? anonKey, query, variables);
    },
    serviceGraphql: (query, variables) => {
      const serviceKey = setting('SUPABASE_SERVICE_ROLE_KEY');
      return graphqlRequest(serviceKey, serviceKey, query, variables);
    },
  };
}
