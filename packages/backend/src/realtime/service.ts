import { createHash } from 'node:crypto';
import type { BackendContext } from '../context.ts';
import { callerSettings } from '../db/open.ts';
import type { Caller, SqlClient } from '../db/types.ts';
import { checkChannelToken, isApiKeyToken } from './access-tokens.ts';
import { describeListener, parseListener, type ChangeFilter, type ChangeListener } from './filters.ts';
import type { RealtimeLimits } from './limits.ts';
import type { PhoenixHead, PhoenixMessage } from './protocol.ts';
import { replyPayload } from './protocol.ts';
import {
  capturePublishedTables,
  changeFacts,
  changesOf,
  CHANGES_CHANNEL,
  filterErrors,
  publishedTablesMatching,
  pruneChanges,
  type Audience,
  type ChangeRow,
} from './repository.ts';

/**
 * The rules of the Realtime subset supabase-js channels use for postgres_changes: who may join and listen to
 * what (hosted Realtime's checks and words, the Realtime server's realtime_channel.ex),
 * and who is sent each change:
 * - INSERT and UPDATE reach a subscriber only if that subscriber, run as its own role with its own claims as
 *   its requests are (src/db/transaction-setup.ts callerSettings), can select the row at the moment of the check
 *   (embedded_backend.realtime_check, src/db/embedded.sql), as on hosted. Stricter than hosted, what it is
 *   sent is the row as it is at that moment, and its filter is applied to that row: a row that changed again
 *   before the check is sent with its newer values, never with older ones it might not have been allowed to
 *   see. For the same reason an UPDATE's old record is cut to the primary key on a table with row level
 *   security, whatever its replica identity (hosted sends every old value under REPLICA IDENTITY FULL).
 * - DELETE: nobody can check row level security for a row that is gone. Hosted sends the primary key to every
 *   subscriber that passes the filters; here a DELETE on a table with row level security reaches only
 *   subscribers whose role bypasses it (service_role), primary key only, as hosted shapes it. On a table
 *   without row level security it reaches those whose role may select the primary key.
 * - Subscribers with the same role and claims (one user's tabs, or every anon visitor) form one audience,
 *   checked once per change; every audience of a change is checked in the same single database call.
 * Broadcast and Presence are not served: a join that asks for them succeeds (its postgres_changes work), and
 * every broadcast or presence push is answered with an error.
 */

/** What the service needs of a websocket (src/realtime/connection.ts). */
export interface RealtimeSocket {
  /** The key the socket connected with: a join without access_token listens as it (as hosted does). */
  readonly apiKey: string;
  send(head: PhoenixHead, payloadJson: string): void;
}

interface Subscription {
  /** The id sent in the join reply; realtime-js matches a change's `ids` against it. */
  id: number;
  channel: Channel;
  event: ChangeListener['event'];
  filter?: ChangeFilter;
  /** "schema.table" of every table it listens to. */
  tables: string[];
}

/** One joined topic of one socket. */
export class Channel {
  subscriptions: Subscription[] = [];
  expiryTimer: NodeJS.Timeout | undefined;
  closed = false;
  /** Called once when the channel ends for any reason (leave, shutdown, socket gone). */
  onClosed: () => void = () => {};

  constructor(
    readonly socket: RealtimeSocket,
    readonly topic: string,
    readonly joinRef: string | null,
    public caller: Caller,
    public accessToken: string,
  ) {}

  /** realtime:<name> without its prefix: how hosted names the channel in system messages. */
  get subTopic(): string {
    return this.topic.slice('realtime:'.length);
  }

  /** Subscribers with the same key are checked together: the same role and the very same claims. */
  get audienceKey(): string {
    return `${this.caller.role}\n${JSON.stringify(this.caller.claims)}`;
  }

  push(event: string, payloadJson: string, joinRef: string | null = this.joinRef, ref: string | null = null): void {
    this.socket.send({ joinRef, ref, topic: this.topic, event }, payloadJson);
  }

  system(extension: string, status: 'ok' | 'error', message: string): void {
    this.push('system', JSON.stringify({ extension, status, message, channel: this.subTopic }));
  }
}

const tableKey = (schema: string, table: string) => `${schema}.${table}`;

/** hosted's id for a listener: :erlang.phash2 of its params, a 27-bit number; any stable hash serves. */
function listenerId(params: unknown): number {
  return createHash('sha1').update(JSON.stringify(params)).digest().readUInt32BE(0) & 0x7ffffff;
}

/** setTimeout's longest delay. */
const MAX_TIMER_MS = 2 ** 31 - 1;
/** How long captured changes are kept after their commit (each is read within moments of it). */
const CHANGE_RETENTION_MS = 5 * 60_000;
const PRUNE_INTERVAL_MS = 60_000;
/** Transactions read in one query when notifications pile up. */
const TRANSACTIONS_PER_READ = 100;
/**
 * Transactions waiting to be sent, at most: past it the oldest are dropped (and said so in the log) rather than
 * this process growing without end under writes faster than their checks.
 */
const MAX_PENDING_TRANSACTIONS = 10_000;

export interface RealtimeService {
  /** Answers a phx_join (reply, then system message); the channel when joined. */
  join(socket: RealtimeSocket, message: PhoenixMessage): Promise<Channel | undefined>;
  /** phx_leave, or the socket went away: the channel stops listening. */
  leave(channel: Channel): void;
  /** An `access_token` push: the channel listens as the new token's caller, or is shut down if it is invalid. */
  refreshToken(channel: Channel, token: unknown): Promise<void>;
  /** Stops listening for changes and waits for the change being delivered. */
  close(): Promise<void>;
}

export async function startRealtimeService(ctx: BackendContext, limits: RealtimeLimits): Promise<RealtimeService> {
  const { db, log } = ctx;
  // Checks run with a request's statement_timeout: a policy that never ends must not hold the change feed.
  const statementTimeoutMs = ctx.config.statementTimeouts.authenticated || undefined;
  const asOwner = <T>(fn: (sql: SqlClient) => Promise<T>) => db.asOwner(fn, { statementTimeoutMs });

  /** Subscriptions by "schema.table". */
  const subscriptionsByTable = new Map<string, Set<Subscription>>();
  /** Tables whose changes the capture trigger writes (the publication, as of the last look). */
  let captured = new Set((await asOwner((sql) => capturePublishedTables(sql))).map((t) => tableKey(t.schema, t.table)));
  let closed = false;

  // --- joining ------------------------------------------------------------------------------------------------

  function reply(socket: RealtimeSocket, message: PhoenixMessage, status: 'ok' | 'error', response: unknown): void {
    socket.send(
      { joinRef: message.joinRef, ref: message.ref, topic: message.topic, event: 'phx_reply' },
      replyPayload(status, response),
    );
  }

  type Resolved = { ok: true; tables: string[][] } | { ok: false; error: string };

  /** The tables each listener listens to, its filter checked for `role`; or why it cannot listen. */
  async function resolveListeners(listeners: ChangeListener[], role: string): Promise<Resolved> {
    return asOwner(async (sql) => {
      const tables: string[][] = [];
      for (const listener of listeners) {
        const matched = await publishedTablesMatching(sql, listener.schema, listener.table);
        const params = describeListener(listener);
        if (matched.length === 0)
          return {
            ok: false,
            error: `Unable to subscribe to changes with given parameters. Please check Realtime is enabled for the given connect parameters: [${params}]`,
          };
        const keyless = matched.find((t) => !t.hasPrimaryKey);
        // Hosted accepts such a table and then sends each change as an error: here it is refused at once.
        if (keyless)
          return {
            ok: false,
            error: `Unable to subscribe to changes with given parameters. Table ${keyless.schema}.${keyless.table} has no primary key, which row level security checks need: [${params}]`,
          };
        if (listener.filter) {
          const filter = listener.filter;
          const errors = await filterErrors(
            sql,
            matched.map((t) => ({ ...t, role, filter })),
          );
          const error = errors.find((e) => e !== null);
          if (error)
            return {
              ok: false,
              error: `Unable to subscribe to changes with given parameters. An exception happened so please check your connect parameters: [${params}]. Exception: ${error}`,
            };
        }
        if (matched.some((t) => !captured.has(tableKey(t.schema, t.table))))
          captured = new Set((await capturePublishedTables(sql)).map((t) => tableKey(t.schema, t.table)));
        tables.push(matched.map((t) => tableKey(t.schema, t.table)));
      }
      return { ok: true, tables };
    });
  }

  function register(channel: Channel, subscriptions: Subscription[]): void {
    channel.subscriptions = subscriptions;
    for (const s of subscriptions)
      for (const table of s.tables) {
        let set = subscriptionsByTable.get(table);
        if (!set) subscriptionsByTable.set(table, (set = new Set()));
        set.add(s);
      }
  }

  function unregister(channel: Channel): void {
    for (const s of channel.subscriptions)
      for (const table of s.tables) {
        const set = subscriptionsByTable.get(table);
        set?.delete(s);
        if (set?.size === 0) subscriptionsByTable.delete(table);
      }
    channel.subscriptions = [];
  }

  /** Hosted's confirm_token timer: a channel whose token expires is shut down then. */
  function watchExpiry(channel: Channel, exp: number): void {
    clearTimeout(channel.expiryTimer);
    const due = exp * 1000 - Date.now();
    channel.expiryTimer = setTimeout(
      () => {
        if (channel.closed) return;
        const ago = Math.floor(Date.now() / 1000) - exp;
        if (ago >= 0) shutdown(channel, `Token has expired ${ago} seconds ago`);
        else watchExpiry(channel, exp);
      },
      Math.min(Math.max(due, 0), MAX_TIMER_MS),
    );
    channel.expiryTimer.unref();
  }

  function end(channel: Channel): void {
    if (channel.closed) return;
    channel.closed = true;
    clearTimeout(channel.expiryTimer);
    unregister(channel);
    channel.onClosed();
  }

  /** hosted's shutdown_response: a system error, then the channel closes (realtime-js: CLOSED). */
  function shutdown(channel: Channel, message: string): void {
    if (channel.closed) return;
    channel.system('system', 'error', message);
    channel.push('phx_close', '{}', channel.joinRef, channel.joinRef);
    end(channel);
  }

  async function join(socket: RealtimeSocket, message: PhoenixMessage): Promise<Channel | undefined> {
    const refuse = (code: string, text: string) => {
      reply(socket, message, 'error', { reason: `${code}: ${text}` });
      return undefined;
    };
    if (closed) return refuse('RealtimeRestarting', 'Realtime is restarting, please standby');
    if (message.topic === 'realtime:') return refuse('TopicNameRequired', 'You must provide a topic name');
    const payload = (message.payload && typeof message.payload === 'object' ? message.payload : {}) as Record<
      string,
      unknown
    >;
    const config = (payload.config && typeof payload.config === 'object' ? payload.config : {}) as Record<
      string,
      unknown
    >;
    // Private channels are authorized by policies on realtime.messages, which this server does not have.
    if (config.private === true || config.private === 'true')
      return refuse(
        'Unauthorized',
        `You do not have permissions to read from this Channel topic: ${message.topic.slice('realtime:'.length)}`,
      );
    const wanted = Array.isArray(config.postgres_changes)
      ? (config.postgres_changes as unknown[]).filter((p) => p !== null && p !== undefined)
      : [];
    if (wanted.length > limits.subscriptionsPerChannel)
      return refuse(
        'TooManyPostgresChanges',
        `A channel may listen to at most ${limits.subscriptionsPerChannel} postgres_changes`,
      );

    const given = payload.access_token;
    const token = typeof given === 'string' && given && !isApiKeyToken(given) ? given : socket.apiKey;
    const checked = await checkChannelToken(token, ctx.config.jwtSecret);
    if (!checked.ok) return refuse(checked.code, checked.message);

    const channel = new Channel(socket, message.topic, message.joinRef, checked.caller, token);
    const parsed = wanted.map(parseListener);
    const parseError = parsed.find((p) => !p.ok);
    let subscriptionError: string | undefined = parseError && !parseError.ok ? parseError.error : undefined;
    const listeners = parsed.flatMap((p) => (p.ok ? [p.value] : []));
    if (!subscriptionError && listeners.length > 0) {
      let resolved: Resolved;
      try {
        resolved = await resolveListeners(listeners, checked.caller.role);
      } catch (err) {
        log(`realtime: a join could not be checked: ${(err as Error).message}`);
        return refuse('UnableToConnectToProject', 'Realtime was unable to connect to the project database');
      }
      if (closed) return refuse('RealtimeRestarting', 'Realtime is restarting, please standby');
      if (resolved.ok)
        register(
          channel,
          listeners.map((listener, i) => ({
            id: listenerId(wanted[i]),
            channel,
            event: listener.event,
            filter: listener.filter,
            tables: resolved.tables[i]!,
          })),
        );
      else subscriptionError = resolved.error;
    }
    // Listening before the reply: a change committed once the client hears SUBSCRIBED reaches it.
    reply(socket, message, 'ok', {
      postgres_changes: wanted.map((params) => ({ ...(params as object), id: listenerId(params) })),
    });
    if (wanted.length > 0)
      channel.system(
        'postgres_changes',
        subscriptionError ? 'error' : 'ok',
        subscriptionError ?? 'Subscribed to PostgreSQL',
      );
    watchExpiry(channel, checked.exp);
    return channel;
  }

  async function refreshToken(channel: Channel, token: unknown): Promise<void> {
    // As hosted: no token, an API key, or the token it has already leave the channel as it is.
    if (channel.closed || typeof token !== 'string' || !token || isApiKeyToken(token) || token === channel.accessToken)
      return;
    const checked = await checkChannelToken(token, ctx.config.jwtSecret);
    if (channel.closed) return;
    if (!checked.ok) return shutdown(channel, checked.message);
    const filtered = channel.subscriptions.filter((s) => s.filter);
    if (checked.caller.role !== channel.caller.role && filtered.length > 0) {
      // A filter tells whether a column has a value: the new role must be allowed to read that column too.
      const errors = await asOwner((sql) =>
        filterErrors(
          sql,
          filtered.flatMap((s) =>
            s.tables.map((key) => {
              const dot = key.indexOf('.');
              return {
                schema: key.slice(0, dot),
                table: key.slice(dot + 1),
                role: checked.caller.role,
                filter: s.filter!,
              };
            }),
          ),
        ),
      ).catch((err: Error) => [err.message]);
      const error = errors.find((e) => e !== null);
      if (channel.closed) return;
      if (error) return shutdown(channel, error);
    }
    channel.caller = checked.caller;
    channel.accessToken = token;
    watchExpiry(channel, checked.exp);
  }

  // --- delivering ---------------------------------------------------------------------------------------------

  /** Transactions notified and not yet read, oldest first. */
  const pending: string[] = [];
  let draining: Promise<void> | undefined;
  let backlogLogged = false;

  const stopListening = await db.listen(
    CHANGES_CHANNEL,
    (transaction) => {
      // Nobody listens: nothing to read (the rows are pruned later).
      if (closed || subscriptionsByTable.size === 0) return;
      pending.push(transaction);
      if (pending.length > MAX_PENDING_TRANSACTIONS) {
        pending.shift();
        if (!backlogLogged)
          log(`realtime: over ${MAX_PENDING_TRANSACTIONS} transactions wait to be sent: the oldest are dropped`);
        backlogLogged = true;
      } else if (pending.length < MAX_PENDING_TRANSACTIONS / 2) backlogLogged = false;
      drain();
    },
    () => log('realtime: the change feed was interrupted; changes committed meanwhile were not sent'),
  );

  function drain(): void {
    if (draining || closed) return;
    draining = (async () => {
      while (pending.length > 0 && !closed) {
        const transactions = pending.splice(0, TRANSACTIONS_PER_READ);
        try {
          const changes = await asOwner((sql) => changesOf(sql, transactions));
          for (const change of changes) {
            if (closed) break;
            await deliver(change);
          }
        } catch (err) {
          log(`realtime: changes could not be sent: ${(err as Error).message}`);
        }
      }
    })().finally(() => {
      draining = undefined;
      if (pending.length > 0) drain();
    });
  }

  async function deliver(change: ChangeRow): Promise<void> {
    const subscriptions = [...(subscriptionsByTable.get(tableKey(change.schema, change.table)) ?? [])].filter(
      (s) => !s.channel.closed && (s.event === '*' || s.event === change.action),
    );
    if (subscriptions.length === 0) return;

    const filters: ChangeFilter[] = [];
    const filterIndex = new Map<string, number>();
    /** Each filtered subscription's filter, by its index in `filters` (equal filters are evaluated once). */
    const filterOf = new Map<Subscription, number>();
    const audiences = new Map<string, { audience: Audience; subscriptions: Subscription[] }>();
    for (const s of subscriptions) {
      let index: number | undefined;
      if (s.filter) {
        const key = JSON.stringify([s.filter.column, s.filter.op, s.filter.value]);
        index = filterIndex.get(key);
        if (index === undefined) filterIndex.set(key, (index = filters.push(s.filter) - 1));
        filterOf.set(s, index);
      }
      const key = s.channel.audienceKey;
      let group = audiences.get(key);
      if (!group) {
        const caller = s.channel.caller;
        group = { audience: { role: caller.role, settings: callerSettings(caller), filters: [] }, subscriptions: [] };
        audiences.set(key, group);
      }
      if (index === undefined) group.audience.filters = null;
      else group.audience.filters?.push(index);
      group.subscriptions.push(s);
    }
    const groups = [...audiences.values()];
    const roles = [...new Set(groups.map((g) => g.audience.role))];
    const facts = await asOwner((sql) =>
      changeFacts(
        sql,
        change.id,
        filters,
        roles,
        groups.map((g) => g.audience),
      ),
    );
    if (!facts) return;

    groups.forEach((group, i) => {
      const role = facts.roles[roles.indexOf(group.audience.role)]!;
      const allowed =
        change.action === 'DELETE' ? role.selectsKey && (!facts.rls || role.bypassesRls) : facts.visible[i] === true;
      if (!allowed) return;
      const ids = new Map<Channel, Set<number>>();
      for (const s of group.subscriptions) {
        const index = filterOf.get(s);
        if (index !== undefined && !facts.filters[index]) continue;
        let set = ids.get(s.channel);
        if (!set) ids.set(s.channel, (set = new Set()));
        set.add(s.id);
      }
      for (const [channel, set] of ids) {
        if (channel.closed) continue;
        // As hosted's fastlane: no join_ref, the change's data encoded once for every channel.
        channel.push('postgres_changes', `{"ids":${JSON.stringify([...set])},"data":${role.payloadJson}}`, null);
      }
    });
  }

  const pruner = setInterval(() => {
    void asOwner((sql) => pruneChanges(sql, CHANGE_RETENTION_MS)).catch((err: Error) =>
      log(`realtime: old changes could not be pruned: ${err.message}`),
    );
  }, PRUNE_INTERVAL_MS);
  pruner.unref();
  await asOwner((sql) => pruneChanges(sql, CHANGE_RETENTION_MS));

  return {
    join,
    leave: end,
    refreshToken,
    async close() {
      closed = true;
      clearInterval(pruner);
      pending.length = 0;
      await draining;
      await stopListening();
    },
  };
}
