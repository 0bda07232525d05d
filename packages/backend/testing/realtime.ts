import { createClient, type RealtimeChannel, type SupabaseClient } from '@supabase/supabase-js';
import ws from 'ws';
import { DEFAULT_JWT_SECRET, signProjectJwt } from '../src/config/keys.ts';

/**
 * For the realtime tests: published tables with policies of their own (so the suites do not depend on
 * supabase/migrations), clients as a browser tab makes them, and waiting for what a channel hears.
 *
 * public.message: room 1 is public, any other room only its owner's; anon may not read `secret`.
 * public.ticker: no row level security at all. public.keyless: no primary key. public.unpublished: not in
 * the supabase_realtime publication.
 */
export const REALTIME_MIGRATION = `
create table public.message (
  id bigserial primary key,
  room int not null,
  owner uuid,
  body text not null,
  secret text,
  sent_at timestamptz not null default now(),
  tags text[] not null default '{}',
  meta jsonb
);
alter table public.message enable row level security;
create policy message_read on public.message for select to anon, authenticated
  using (room = 1 or owner = auth.uid());
revoke select on public.message from anon;
grant select (id, room, owner, body, sent_at, tags, meta) on public.message to anon;

create table public.ticker (symbol text primary key, price numeric not null);
create table public.keyless (v int);
create table public.unpublished (id int primary key);

alter publication supabase_realtime add table public.message, public.ticker, public.keyless;
`;

export const REALTIME_FILES = { 'migrations/20240101000700_realtime.sql': REALTIME_MIGRATION };

/** A user's access token as the backend's auth would sign it (any valid project JWT will do). */
export function userToken(sub: string, options: { expiresIn?: number; secret?: string } = {}): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  return signProjectJwt(
    {
      sub,
      role: 'authenticated',
      aud: 'authenticated',
      email: `${sub.slice(0, 8)}@realtime.test`,
      iat: now,
      exp: now + (options.expiresIn ?? 3600),
    },
    options.secret ?? DEFAULT_JWT_SECRET,
  );
}

/** One browser tab's supabase-js (its own websocket), listening as `token` if given. */
export function realtimeClient(
  backend: { url: string; anonKey: string },
  options: { key?: string; token?: string; vsn?: string } = {},
): SupabaseClient {
  const client = createClient(backend.url, options.key ?? backend.anonKey, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    realtime: {
      transport: ws as never,
      // Quick to come back in the restart tests; realtime-js's own default waits 1 s, 2 s, 5 s, 10 s.
      reconnectAfterMs: () => 200,
      ...(options.vsn ? { vsn: options.vsn } : {}),
    },
  });
  if (options.token) void client.realtime.setAuth(options.token);
  return client;
}

export interface Heard {
  statuses: string[];
  errors: Error[];
  changes: Array<Record<string, unknown>>;
  system: Array<{ extension: string; status: string; message: string; channel: string }>;
}

/** Subscribes `channel` and records what it hears; resolves once SUBSCRIBED, rejects on an error or timeout. */
export function subscribe(channel: RealtimeChannel, heard: Heard = newHeard(), timeoutMs = 15_000): Promise<Heard> {
  return new Promise((resolve, reject) => {
    let settled = false;
    const settle = (err?: Error) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      if (err) reject(err);
      else resolve(heard);
    };
    const timer = setTimeout(
      () => settle(new Error(`not subscribed in ${timeoutMs} ms: ${heard.statuses.join(', ')}`)),
      timeoutMs,
    );
    channel
      .on('system', {}, (payload) => heard.system.push(payload as Heard['system'][number]))
      .subscribe((status, err) => {
        heard.statuses.push(status);
        if (err) heard.errors.push(err);
        settle(status === 'SUBSCRIBED' ? undefined : (err ?? new Error(status)));
      });
  });
}

export function newHeard(): Heard {
  return { statuses: [], errors: [], changes: [], system: [] };
}

/** Waits until `ready()` holds, checking every 10 ms; throws with `what` after `timeoutMs`. */
export async function until(ready: () => boolean, what: string, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!ready()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

/** Long enough for a change that would arrive to have arrived (a check takes milliseconds). */
export const QUIET_MS = 400;

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
