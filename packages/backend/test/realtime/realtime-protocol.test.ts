import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { startTestBackend, type TestBackend } from '../../testing/backend.ts';
import { REALTIME_FILES } from '../../testing/realtime.ts';
import type { RealtimeLimits } from '../../src/realtime/limits.ts';

const LIMITS: Partial<RealtimeLimits> = {
  socketsPerIp: 4,
  channelsPerSocket: 2,
  subscriptionsPerChannel: 2,
  maxFrameBytes: 4096,
  messagesPerSecond: 40,
  idleTimeoutMs: 1_500,
};

/** The payload of a phx_reply: {status, response}. */
interface Reply {
  status: string;
  response: { reason?: string; postgres_changes?: Array<{ id: number }> };
}

/** A vsn 2.0.0 frame's payload. */
const payloadOf = <T = Reply>(frame: unknown): T => (frame as unknown[])[4] as T;

interface RawSocket {
  ws: WebSocket;
  frames: unknown[];
  send(frame: unknown): void;
  /** The first frame (past or future) that `match` accepts. */
  next(match: (frame: unknown) => boolean, what: string): Promise<unknown>;
  closed: Promise<{ code: number; reason: string }>;
}

/**
 * The websocket as Phoenix frames on the wire, without realtime-js: what the server answers to what a client
 * may send, and the limits it keeps.
 */
describe('realtime websocket protocol and limits', () => {
  let b: TestBackend;
  const sockets: WebSocket[] = [];
  beforeAll(async () => {
    b = await startTestBackend({ files: REALTIME_FILES, realtimeLimits: LIMITS });
  });
  afterEach(async () => {
    for (const ws of sockets.splice(0)) ws.terminate();
    // Until the server has counted them gone (the per-address limit test opens as many as it allows).
    await new Promise((r) => setTimeout(r, 100));
  });
  afterAll(async () => {
    await b?.stop();
  });

  const endpoint = (query: string) => `${b.url.replace('http', 'ws')}/realtime/v1/websocket?${query}`;

  async function open(vsn = '2.0.0', query = `apikey=${b.anonKey}&vsn=${vsn}`): Promise<RawSocket> {
    const ws = new WebSocket(endpoint(query));
    sockets.push(ws);
    const frames: unknown[] = [];
    const waiters: Array<{ match: (f: unknown) => boolean; resolve: (f: unknown) => void }> = [];
    ws.on('message', (data, isBinary) => {
      const frame: unknown = isBinary ? data : JSON.parse(String(data));
      frames.push(frame);
      for (const w of [...waiters])
        if (w.match(frame)) {
          waiters.splice(waiters.indexOf(w), 1);
          w.resolve(frame);
        }
    });
    const closed = new Promise<{ code: number; reason: string }>((resolve) =>
      ws.on('close', (code, reason) => resolve({ code, reason: String(reason) })),
    );
    await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));
    return {
      ws,
      frames,
      closed,
      send: (frame) => ws.send(typeof frame === 'string' || Buffer.isBuffer(frame) ? frame : JSON.stringify(frame)),
      next: (match, what) =>
        new Promise((resolve, reject) => {
          const found = frames.find(match);
          if (found) return resolve(found);
          const timer = setTimeout(() => reject(new Error(`no frame: ${what}; got ${JSON.stringify(frames)}`)), 5_000);
          waiters.push({
            match,
            resolve: (f) => {
              clearTimeout(timer);
              resolve(f);
            },
          });
        }),
    };
  }

  /** vsn 2.0.0: the reply to the push with ref `ref`. */
  const replyTo = (ref: string) => (f: unknown) => Array.isArray(f) && f[1] === ref && f[3] === 'phx_reply';

  async function refusedUpgrade(query: string, path = '/realtime/v1/websocket') {
    return new Promise<{ status: number; body: unknown }>((resolve, reject) => {
      const ws = new WebSocket(`${b.url.replace('http', 'ws')}${path}?${query}`);
      ws.on('unexpected-response', (_req, res) => {
        let text = '';
        res.on('data', (d: Buffer) => (text += d.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text ? JSON.parse(text) : null }));
      });
      ws.on('open', () => reject(new Error('upgraded')));
      ws.on('error', () => undefined);
    });
  }

  it('refuses an upgrade without a valid API key as the gateway does, and a version it does not speak', async () => {
    expect(await refusedUpgrade('vsn=2.0.0')).toEqual({
      status: 401,
      body: { message: 'No API key found in request', hint: 'No `apikey` request header or url param was found.' },
    });
    expect(await refusedUpgrade('apikey=not-a-key&vsn=2.0.0')).toMatchObject({
      status: 401,
      body: { message: 'Invalid API key' },
    });
    expect(await refusedUpgrade(`apikey=${b.anonKey}&vsn=3.0.0`)).toMatchObject({ status: 400 });
    expect(await refusedUpgrade(`apikey=${b.anonKey}`, '/realtime/v1/other')).toMatchObject({ status: 404 });
  });

  it('answers heartbeats, joins and leaves in vsn 2.0.0 arrays', async () => {
    const s = await open();
    s.send([null, '1', 'phoenix', 'heartbeat', {}]);
    expect(await s.next(replyTo('1'), 'heartbeat reply')).toEqual([
      null,
      '1',
      'phoenix',
      'phx_reply',
      { status: 'ok', response: {} },
    ]);
    const listener = { event: 'INSERT', schema: 'public', table: 'message', filter: 'room=eq.1' };
    s.send(['2', '2', 'realtime:room', 'phx_join', { config: { postgres_changes: [listener] } }]);
    const joined = payloadOf(await s.next(replyTo('2'), 'join reply'));
    expect(joined).toEqual({
      status: 'ok',
      response: { postgres_changes: [{ ...listener, id: expect.any(Number) }] },
    });
    expect(await s.next((f) => Array.isArray(f) && f[3] === 'system', 'system message')).toEqual([
      '2',
      null,
      'realtime:room',
      'system',
      { extension: 'postgres_changes', status: 'ok', message: 'Subscribed to PostgreSQL', channel: 'room' },
    ]);
    await b.sql(`insert into public.message (room, body) values (1, 'on the wire')`);
    const change = (await s.next((f) => Array.isArray(f) && f[3] === 'postgres_changes', 'the change')) as unknown[];
    expect(change.slice(0, 3)).toEqual([null, null, 'realtime:room']);
    expect(change[4]).toMatchObject({
      ids: [joined.response.postgres_changes![0]!.id],
      data: { schema: 'public', table: 'message', type: 'INSERT', record: { body: 'on the wire' }, errors: null },
    });
    s.send(['2', '3', 'realtime:room', 'phx_leave', {}]);
    expect(((await s.next(replyTo('3'), 'leave reply')) as unknown[])[4]).toEqual({ status: 'ok', response: {} });
    s.send(['2', '4', 'realtime:room', 'access_token', { access_token: b.anonKey }]);
    expect(((await s.next(replyTo('4'), 'after leaving')) as unknown[])[4]).toEqual({
      status: 'error',
      response: { reason: 'unmatched topic' },
    });
  });

  it('speaks vsn 1.0.0 objects', async () => {
    const s = await open('1.0.0');
    s.send({ topic: 'realtime:v1', event: 'phx_join', payload: { config: {} }, ref: '1', join_ref: '1' });
    expect(await s.next((f) => (f as { ref?: string }).ref === '1', 'join reply')).toEqual({
      topic: 'realtime:v1',
      event: 'phx_reply',
      payload: { status: 'ok', response: { postgres_changes: [] } },
      ref: '1',
    });
    s.send({ topic: 'phoenix', event: 'heartbeat', payload: {}, ref: '2' });
    expect(await s.next((f) => (f as { ref?: string }).ref === '2', 'heartbeat reply')).toMatchObject({
      topic: 'phoenix',
      payload: { status: 'ok' },
    });
  });

  it('refuses topics, private channels, broadcast and presence it does not serve', async () => {
    const s = await open();
    s.send(['1', '1', 'realtime:', 'phx_join', {}]);
    s.send(['2', '2', 'elsewhere', 'phx_join', {}]);
    s.send(['3', '3', 'realtime:secret', 'phx_join', { config: { private: true } }]);
    s.send([
      '4',
      '4',
      'realtime:open',
      'phx_join',
      { config: { broadcast: { ack: true }, presence: { enabled: true } } },
    ]);
    const reason = async (ref: string) => payloadOf(await s.next(replyTo(ref), `reply ${ref}`));
    expect(await reason('1')).toEqual({
      status: 'error',
      response: { reason: 'TopicNameRequired: You must provide a topic name' },
    });
    expect(await reason('2')).toEqual({ status: 'error', response: { reason: 'unmatched topic' } });
    expect(await reason('3')).toEqual({
      status: 'error',
      response: { reason: 'Unauthorized: You do not have permissions to read from this Channel topic: secret' },
    });
    expect((await reason('4')).status).toBe('ok');
    s.send(['4', '5', 'realtime:open', 'broadcast', { type: 'broadcast', event: 'hi', payload: {} }]);
    s.send(['4', '6', 'realtime:open', 'presence', { type: 'presence', event: 'track', payload: {} }]);
    expect((await reason('5')).response.reason).toMatch(/^Broadcast is not available/);
    expect((await reason('6')).response.reason).toMatch(/^Presence is not available/);
    // realtime-js's binary broadcast push: kind 3, lengths of join_ref, ref, topic, event, metadata, encoding.
    const parts = ['4', '7', 'realtime:open', 'hi'];
    const head = Buffer.from([3, ...parts.map((p) => p.length), 0, 1]);
    s.send(Buffer.concat([head, Buffer.from(parts.join('')), Buffer.from('{}')]));
    expect((await reason('7')).response.reason).toMatch(/^Broadcast is not available/);
  });

  it('closes the channel joined before on the same topic, as Phoenix does', async () => {
    const s = await open();
    s.send(['1', '1', 'realtime:again', 'phx_join', {}]);
    await s.next(replyTo('1'), 'first join');
    s.send(['2', '2', 'realtime:again', 'phx_join', {}]);
    expect(await s.next((f) => Array.isArray(f) && f[3] === 'phx_close', 'close of the first')).toEqual([
      '1',
      '1',
      'realtime:again',
      'phx_close',
      {},
    ]);
    expect(payloadOf(await s.next(replyTo('2'), 'second join')).status).toBe('ok');
  });

  it('limits channels per socket and listeners per channel', async () => {
    const s = await open();
    const listener = { event: '*', schema: 'public', table: 'ticker' };
    s.send([
      '1',
      '1',
      'realtime:three-listeners',
      'phx_join',
      { config: { postgres_changes: [listener, listener, listener] } },
    ]);
    expect(payloadOf(await s.next(replyTo('1'), 'refused')).response.reason).toBe(
      'TooManyPostgresChanges: A channel may listen to at most 2 postgres_changes',
    );
    for (const n of [2, 3, 4]) s.send([String(n), String(n), `realtime:c${n}`, 'phx_join', {}]);
    expect(payloadOf(await s.next(replyTo('3'), 'second channel')).status).toBe('ok');
    expect(payloadOf(await s.next(replyTo('4'), 'third channel')).response.reason).toBe(
      'ChannelRateLimitReached: Too many channels',
    );
  });

  it('limits sockets per address', async () => {
    const held = await Promise.all([open(), open(), open(), open()]);
    expect(await refusedUpgrade(`apikey=${b.anonKey}&vsn=2.0.0`)).toEqual({
      status: 429,
      body: { error: 'Too many connected users' },
    });
    held[0]!.ws.terminate();
    await held[0]!.closed;
    // The server counts the socket gone once it sees it close.
    await new Promise((r) => setTimeout(r, 100));
    await open();
  });

  it('closes a socket that sends an oversized frame, a frame that is not Phoenix, or too many messages', async () => {
    const big = await open();
    big.send(['1', '1', 'realtime:big', 'phx_join', { padding: 'x'.repeat(5000) }]);
    expect((await big.closed).code).toBe(1009);
    const garbled = await open();
    garbled.send('{"not": "an array"}');
    expect((await garbled.closed).code).toBe(1003);
    const chatty = await open();
    for (let i = 0; i < 50; i++) chatty.send([null, String(i), 'phoenix', 'heartbeat', {}]);
    expect(await chatty.closed).toEqual({ code: 1008, reason: 'Too many messages per second' });
  });

  it('drops a socket that stays silent past the idle timeout, and keeps one that heartbeats', async () => {
    const silent = await open();
    const alive = await open();
    const beat = setInterval(() => alive.send([null, 'hb', 'phoenix', 'heartbeat', {}]), 300);
    try {
      const started = Date.now();
      await silent.closed;
      expect(Date.now() - started).toBeGreaterThanOrEqual(1_000);
      expect(alive.ws.readyState).toBe(WebSocket.OPEN);
    } finally {
      clearInterval(beat);
    }
  });
});
