import type { WebSocket } from 'ws';
import type { RealtimeGate } from './gate.ts';
import type { RealtimeLimits } from './limits.ts';
import { decodeFrame, encodeFrame, replyPayload, type PhoenixHead, type PhoenixMessage, type Vsn } from './protocol.ts';
import type { Channel, RealtimeService, RealtimeSocket } from './service.ts';

/** Close codes (RFC 6455): the frame was not one realtime-js sends; the client broke a limit. */
const CLOSE_UNSUPPORTED_DATA = 1003;
const CLOSE_POLICY_VIOLATION = 1008;

/**
 * One websocket, as Phoenix's socket serves it (what realtime-js's phoenix adapter sends and expects):
 * heartbeats on topic `phoenix`, phx_join / phx_leave / access_token per channel topic, "unmatched topic" for
 * a topic it has not joined. Its messages are handled one at a time, in order, as Phoenix's socket does; the
 * rules are the service's.
 */
export class RealtimeConnection implements RealtimeSocket {
  readonly channels = new Map<string, Channel>();
  /** When the client last sent anything (the idle sweep closes it past limits.idleTimeoutMs). */
  lastSeen = Date.now();
  private queue: Promise<void> = Promise.resolve();
  private windowStart = 0;
  private messagesInWindow = 0;
  private gone = false;

  constructor(
    private readonly ws: WebSocket,
    private readonly vsn: Vsn,
    readonly apiKey: string,
    readonly ip: string,
    private readonly deps: {
      service: RealtimeService;
      gate: RealtimeGate;
      limits: RealtimeLimits;
      log: (message: string) => void;
      onGone: (connection: RealtimeConnection) => void;
    },
  ) {
    ws.on('message', (data: Buffer, isBinary: boolean) => this.onFrame(data, isBinary));
    ws.on('close', () => this.onGone());
    // A broken socket also emits 'close'.
    ws.on('error', () => undefined);
  }

  send(head: PhoenixHead, payloadJson: string): void {
    if (this.gone || this.ws.readyState !== this.ws.OPEN) return;
    // A client that does not read must not make this process hold everything sent to it.
    if (this.ws.bufferedAmount > this.deps.limits.maxBufferedBytes) {
      this.deps.log(`realtime: dropped a socket from ${this.ip} that stopped reading`);
      this.terminate();
      return;
    }
    this.ws.send(encodeFrame(this.vsn, head, payloadJson));
  }

  /** Closes the socket at once, without the closing handshake (shutdown, a dead or stalled client). */
  terminate(): void {
    this.ws.terminate();
    this.onGone();
  }

  close(code: number, reason: string): void {
    this.ws.close(code, reason);
  }

  private onFrame(data: Buffer, isBinary: boolean): void {
    if (this.gone) return;
    const now = Date.now();
    this.lastSeen = now;
    if (now - this.windowStart >= 1000) {
      this.windowStart = now;
      this.messagesInWindow = 0;
    }
    if (++this.messagesInWindow > this.deps.limits.messagesPerSecond) {
      this.close(CLOSE_POLICY_VIOLATION, 'Too many messages per second');
      return;
    }
    const message = decodeFrame(this.vsn, data, isBinary);
    if (!message) {
      this.close(CLOSE_UNSUPPORTED_DATA, `not a Phoenix ${this.vsn} message`);
      return;
    }
    this.queue = this.queue
      .then(() => this.handle(message))
      .catch((err: Error) => this.deps.log(`realtime: a ${message.event} message failed: ${err.message}`));
  }

  private reply(message: PhoenixMessage, status: 'ok' | 'error', response: unknown): void {
    this.send(
      { joinRef: message.joinRef, ref: message.ref, topic: message.topic, event: 'phx_reply' },
      replyPayload(status, response),
    );
  }

  private async handle(message: PhoenixMessage): Promise<void> {
    if (this.gone) return;
    if (message.topic === 'phoenix' && message.event === 'heartbeat') return this.reply(message, 'ok', {});
    if (message.event === 'phx_join') return this.join(message);
    const channel = this.channels.get(message.topic);
    // Phoenix answers anything for a topic this socket has not joined (or joined again since) so.
    if (!channel || (message.joinRef !== null && message.joinRef !== channel.joinRef))
      return this.reply(message, 'error', { reason: 'unmatched topic' });
    switch (message.event) {
      case 'phx_leave':
        this.deps.service.leave(channel);
        return this.reply(message, 'ok', {});
      case 'access_token':
        return this.deps.service.refreshToken(
          channel,
          (message.payload as { access_token?: unknown } | null)?.access_token,
        );
      case 'broadcast':
      case 'presence':
        // Not served (see service.ts): said so rather than dropped, so a client waiting for an ack hears it.
        return this.reply(message, 'error', {
          reason: `${message.event === 'broadcast' ? 'Broadcast' : 'Presence'} is not available on this server: only postgres_changes is`,
        });
      default:
        // Hosted ignores messages it does not know.
        return;
    }
  }

  private async join(message: PhoenixMessage): Promise<void> {
    if (!message.topic.startsWith('realtime:')) return this.reply(message, 'error', { reason: 'unmatched topic' });
    // Phoenix closes a channel joined again on the same socket (realtime-js leaves first when it rejoins).
    const previous = this.channels.get(message.topic);
    if (previous) {
      previous.push('phx_close', '{}', previous.joinRef, previous.joinRef);
      this.deps.service.leave(previous);
    }
    if (this.channels.size >= this.deps.limits.channelsPerSocket)
      return this.reply(message, 'error', { reason: 'ChannelRateLimitReached: Too many channels' });
    if (!this.deps.gate.takeJoin(this.ip))
      return this.reply(message, 'error', { reason: 'ClientJoinRateLimitReached: Too many joins per second' });
    const channel = await this.deps.service.join(this, message);
    if (!channel) return;
    if (this.gone) {
      this.deps.service.leave(channel);
      return;
    }
    this.channels.set(message.topic, channel);
    channel.onClosed = () => {
      if (this.channels.get(message.topic) === channel) this.channels.delete(message.topic);
    };
  }

  private onGone(): void {
    if (this.gone) return;
    this.gone = true;
    for (const channel of [...this.channels.values()]) this.deps.service.leave(channel);
    this.deps.gate.release(this.ip);
    this.deps.onGone(this);
  }
}
