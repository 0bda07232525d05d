import type { SupabaseClient } from '@supabase/supabase-js';
import { afterEach, expect, it } from 'vitest';
import type { TestBackend } from '../../testing/backend.ts';
import {
  newHeard,
  QUIET_MS,
  realtimeClient,
  sleep,
  subscribe,
  until,
  userToken,
  type Heard,
} from '../../testing/realtime.ts';

const ALICE = '11111111-1111-4111-8111-111111111111';
const BOB = '22222222-2222-4222-8222-222222222222';

type Change = {
  eventType: string;
  new: Record<string, unknown>;
  old: Record<string, unknown>;
  [key: string]: unknown;
};

/**
 * postgres_changes through the real supabase-js, against a backend started with REALTIME_FILES
 * (testing/realtime.ts): what hosted Supabase would send, and nothing that row level security hides.
 */
export function realtimeContract(getBackend: () => TestBackend): void {
  const clients: SupabaseClient[] = [];
  const client = (options: Parameters<typeof realtimeClient>[1] = {}) => {
    const c = realtimeClient(getBackend(), options);
    clients.push(c);
    return c;
  };
  afterEach(async () => {
    await Promise.all(clients.splice(0).map((c) => c.removeAllChannels()));
  });

  /** Subscribes to message/ticker changes and collects them. */
  async function listen(
    c: SupabaseClient,
    name: string,
    params: { event: '*' | 'INSERT' | 'UPDATE' | 'DELETE'; table: string; filter?: string },
  ): Promise<Heard> {
    const heard = newHeard();
    const channel = c
      .channel(name)
      .on('postgres_changes' as never, { schema: 'public', ...params }, (p: Change) => heard.changes.push(p));
    await subscribe(channel, heard);
    return heard;
  }

  it("sends an INSERT and an UPDATE to a matching subscriber in hosted Realtime's payload shape", async () => {
    const b = getBackend();
    const heard = await listen(client(), 'shape', { event: '*', table: 'message', filter: 'room=eq.1' });
    expect(heard.system).toEqual([
      { extension: 'postgres_changes', status: 'ok', message: 'Subscribed to PostgreSQL', channel: 'shape' },
    ]);
    const [row] = await b.sql<{ id: string; sent_at: Date }>(
      `insert into public.message (room, body, secret, tags, meta) values (1, 'hello', 'not for anon', '{a,b}', '{"k": [1]}')
       returning id, sent_at`,
    );
    await until(() => heard.changes.length === 1, 'the INSERT');
    await b.sql(`update public.message set body = 'hello again' where id = $1`, [row!.id]);
    await until(() => heard.changes.length === 2, 'the UPDATE');
    const [insert, update] = heard.changes as Change[];
    expect(insert).toEqual({
      schema: 'public',
      table: 'message',
      commit_timestamp: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      eventType: 'INSERT',
      // anon may not select `secret`: it is not sent.
      new: {
        id: Number(row!.id),
        room: 1,
        owner: null,
        body: 'hello',
        sent_at: expect.any(String),
        tags: ['a', 'b'],
        meta: { k: [1] },
      },
      old: {},
      errors: null,
    });
    expect(new Date(insert!.new.sent_at as string).getTime()).toBe(row!.sent_at.getTime());
    // The default replica identity: the old record is the primary key.
    expect(update).toMatchObject({ eventType: 'UPDATE', new: { body: 'hello again' }, old: { id: Number(row!.id) } });
    await sleep(QUIET_MS);
    expect(heard.changes).toHaveLength(2);
  });

  it('sends only the events a listener asked for, and speaks Phoenix vsn 1.0.0 too', async () => {
    const b = getBackend();
    const inserts = await listen(client({ vsn: '1.0.0' }), 'inserts', { event: 'INSERT', table: 'ticker' });
    const updates = await listen(client(), 'updates', { event: 'UPDATE', table: 'ticker' });
    await b.sql(`insert into public.ticker (symbol, price) values ('EVT', 1)`);
    await b.sql(`update public.ticker set price = 2 where symbol = 'EVT'`);
    await until(() => inserts.changes.length === 1 && updates.changes.length === 1, 'one event each');
    await sleep(QUIET_MS);
    expect(inserts.changes.map((c) => c.eventType)).toEqual(['INSERT']);
    expect(updates.changes).toMatchObject([{ eventType: 'UPDATE', new: { symbol: 'EVT', price: 2 } }]);
  });

  it('applies eq, neq, lt, lte, gt, gte and in filters with the column type', async () => {
    const b = getBackend();
    const c = client();
    const filters = ['eq.1010', 'neq.1010', 'lt.1010', 'lte.1010', 'gt.1010', 'gte.1010', 'in.(1005,1020)'];
    const heard = await Promise.all(
      filters.map((f, i) => listen(c, `filter-${i}`, { event: 'INSERT', table: 'ticker', filter: `price=${f}` })),
    );
    // Numbers compared as numbers: '1005' < '1010' < '1020' and 999 < 1010 although '999' > '1010' as text.
    await b.sql(
      `insert into public.ticker (symbol, price) values ('F5', 1005), ('F10', 1010.0), ('F20', 1020), ('F9', 999)`,
    );
    const expected = [
      ['F10'],
      ['F5', 'F20', 'F9'],
      ['F5', 'F9'],
      ['F5', 'F10', 'F9'],
      ['F20'],
      ['F10', 'F20'],
      ['F5', 'F20'],
    ];
    await until(() => heard.every((h, i) => h.changes.length >= expected[i]!.length), 'the filtered inserts');
    await sleep(QUIET_MS);
    expect(heard.map((h) => h.changes.map((ch) => (ch as Change).new.symbol).sort())).toEqual(
      expected.map((symbols) => [...symbols].sort()),
    );
  });

  it("sends nothing a subscriber's row level security hides, and only the columns it may select", async () => {
    const b = getBackend();
    const anon = await listen(client(), 'rls-anon', { event: 'INSERT', table: 'message' });
    const alice = await listen(client({ token: await userToken(ALICE) }), 'rls-alice', {
      event: 'INSERT',
      table: 'message',
    });
    const bob = await listen(client({ token: await userToken(BOB) }), 'rls-bob', { event: 'INSERT', table: 'message' });
    await b.sql(`insert into public.message (room, owner, body, secret) values (7, $1, 'alice only', 's')`, [ALICE]);
    await b.sql(`insert into public.message (room, owner, body, secret) values (1, $1, 'everyone', 's')`, [ALICE]);
    await until(
      () => anon.changes.length >= 1 && alice.changes.length >= 2 && bob.changes.length >= 1,
      'the visible inserts',
    );
    await sleep(QUIET_MS);
    const bodies = (h: Heard) => h.changes.map((c) => (c as Change).new.body);
    expect(bodies(anon)).toEqual(['everyone']);
    expect(bodies(bob)).toEqual(['everyone']);
    expect(bodies(alice)).toEqual(['alice only', 'everyone']);
    expect((anon.changes[0] as Change).new).not.toHaveProperty('secret');
    expect((bob.changes[0] as Change).new).toHaveProperty('secret', 's');
  });

  it('sends a DELETE only to roles that bypass row level security on a table that has it, key only', async () => {
    const b = getBackend();
    const anon = await listen(client(), 'delete-anon', { event: 'DELETE', table: 'message' });
    const service = await listen(client({ key: b.serviceRoleKey }), 'delete-service', {
      event: 'DELETE',
      table: 'message',
    });
    const anonTicker = await listen(client(), 'delete-ticker', { event: 'DELETE', table: 'ticker' });
    const [row] = await b.sql<{ id: string }>(
      `insert into public.message (room, body, secret) values (1, 'to delete', 's') returning id`,
    );
    await b.sql(`insert into public.ticker (symbol, price) values ('DEL', 3)`);
    await b.sql(`delete from public.message where id = $1`, [row!.id]);
    await b.sql(`delete from public.ticker where symbol = 'DEL'`);
    await until(() => service.changes.length === 1 && anonTicker.changes.length === 1, 'the DELETEs');
    await sleep(QUIET_MS);
    expect(anon.changes).toEqual([]);
    expect(service.changes).toMatchObject([{ eventType: 'DELETE', new: {}, old: { id: Number(row!.id) } }]);
    expect((service.changes[0] as Change).old).toEqual({ id: Number(row!.id) });
    expect(anonTicker.changes).toMatchObject([{ eventType: 'DELETE', old: { symbol: 'DEL' } }]);
  });

  it('answers what it cannot listen to as hosted does: subscribed, then a postgres_changes system error', async () => {
    const c = client();
    const cases: Array<[string, { event: '*'; table: string; filter?: string }, string | RegExp]> = [
      [
        'unpublished',
        { event: '*', table: 'unpublished' },
        'Unable to subscribe to changes with given parameters. Please check Realtime is enabled for the given connect parameters: [event: *, schema: public, table: unpublished, filters: []]',
      ],
      ['keyless', { event: '*', table: 'keyless' }, /Table public\.keyless has no primary key/],
      ['unknown-column', { event: '*', table: 'message', filter: 'nope=eq.1' }, /invalid column for filter nope$/],
      // anon may not select `secret`, so it may not filter on it either.
      ['hidden-column', { event: '*', table: 'message', filter: 'secret=eq.x' }, /invalid column for filter secret$/],
      ['bad-value', { event: '*', table: 'message', filter: 'room=eq.seven' }, /invalid input syntax for type integer/],
      ['bad-op', { event: '*', table: 'message', filter: 'room=foo.1' }, 'Error parsing `filter` params: ["foo", "1"]'],
      ['not-served-op', { event: '*', table: 'message', filter: 'body=like.a%' }, /`like` operator is not supported/],
    ];
    for (const [name, params, message] of cases) {
      const heard = await listen(c, `refused-${name}`, params);
      expect(heard.system).toHaveLength(1);
      expect(heard.system[0]).toMatchObject({
        extension: 'postgres_changes',
        status: 'error',
        channel: `refused-${name}`,
      });
      if (typeof message === 'string') expect(heard.system[0]!.message).toBe(message);
      else expect(heard.system[0]!.message).toMatch(message);
    }
  });

  it('refuses a join with an expired or forged token in hosted words', async () => {
    const expired = client({ token: await userToken(ALICE, { expiresIn: -30 }) });
    await expect(subscribe(expired.channel('expired'))).rejects.toThrow(
      /^InvalidJWTToken: Token has expired \d+ seconds ago$/,
    );
    const forged = client({ token: await userToken(ALICE, { secret: 'another-secret-of-at-least-32-characters!' }) });
    await expect(subscribe(forged.channel('forged'))).rejects.toThrow(
      'JwtSignatureError: Failed to validate JWT signature',
    );
  });

  it('listens as the token setAuth pushes later, and closes the channel when a pushed token is invalid', async () => {
    const b = getBackend();
    const c = client();
    const heard = await listen(c, 'refresh', { event: 'INSERT', table: 'message', filter: 'room=eq.8' });
    await b.sql(`insert into public.message (room, owner, body) values (8, $1, 'before')`, [ALICE]);
    await sleep(QUIET_MS);
    expect(heard.changes).toEqual([]);

    await c.realtime.setAuth(await userToken(ALICE));
    await sleep(100);
    await b.sql(`insert into public.message (room, owner, body) values (8, $1, 'after')`, [ALICE]);
    await until(() => heard.changes.length === 1, 'the change the new token may see');
    expect((heard.changes[0] as Change).new.body).toBe('after');

    await c.realtime.setAuth('not-a-jwt');
    await until(() => heard.statuses.includes('CLOSED'), 'the channel to close');
    expect(heard.system.at(-1)).toEqual({
      extension: 'system',
      status: 'error',
      message: 'The token provided is not a valid JWT',
      channel: 'refresh',
    });
  });

  it('closes a channel when its token expires, as hosted does', async () => {
    const c = client({ token: await userToken(ALICE, { expiresIn: 2 }) });
    const heard = await listen(c, 'expiring', { event: '*', table: 'message' });
    await until(() => heard.statuses.includes('CLOSED'), 'the channel to close', 6_000);
    expect(heard.system.at(-1)).toMatchObject({
      extension: 'system',
      status: 'error',
      message: expect.stringMatching(/^Token has expired \d+ seconds ago$/),
    });
  });

  it('sends one change to each of 100 subscribed sockets, exactly once', async () => {
    const b = getBackend();
    const heard = await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        listen(client(), `many-${i}`, { event: 'INSERT', table: 'message', filter: 'room=eq.1' }),
      ),
    );
    const started = performance.now();
    await b.sql(`insert into public.message (room, body) values (1, 'to a hundred')`);
    await until(() => heard.every((h) => h.changes.length >= 1), 'every socket');
    const elapsed = performance.now() - started;
    await sleep(QUIET_MS);
    expect(heard.map((h) => h.changes.length)).toEqual(Array(100).fill(1));
    expect(elapsed).toBeLessThan(2_000);
  });
}
