/**
 * What one client may take of the realtime server. Anyone who has the anon key (everyone: it ships in the
 * page) can open sockets, so each is bounded; the numbers are hosted Realtime's defaults where it has one.
 */
export interface RealtimeLimits {
  /** Open sockets from one IP address (hosted: 200 concurrent users on the free plan). */
  socketsPerIp: number;
  /** Open sockets in all. */
  sockets: number;
  /** Channels joined on one socket (hosted: max_channels_per_client 100). */
  channelsPerSocket: number;
  /** postgres_changes listeners in one channel. */
  subscriptionsPerChannel: number;
  /**
   * Joins from one IP address: a bucket of this many, refilled at joinsPerSecond (hosted: 100 joins per
   * second). A reconnecting client rejoins all its channels at once, so the bucket holds more than a second's.
   */
  joinBurst: number;
  joinsPerSecond: number;
  /** Messages a socket may send in one second (heartbeats, joins, tokens, ...) before it is closed. */
  messagesPerSecond: number;
  /** Largest frame a client may send (hosted: 5 MB); the socket is closed with 1009 past it. */
  maxFrameBytes: number;
  /** Bytes queued to a socket that does not read before it is dropped (a stalled client must not grow memory). */
  maxBufferedBytes: number;
  /**
   * A socket that sent nothing for this long is closed (Phoenix's 60 s; realtime-js sends a heartbeat every
   * 25 s).
   */
  idleTimeoutMs: number;
}

export const DEFAULT_REALTIME_LIMITS: RealtimeLimits = {
  socketsPerIp: 200,
  sockets: 2_000,
  channelsPerSocket: 100,
  subscriptionsPerChannel: 100,
  joinBurst: 500,
  joinsPerSecond: 100,
  messagesPerSecond: 200,
  maxFrameBytes: 1024 * 1024,
  maxBufferedBytes: 8 * 1024 * 1024,
  idleTimeoutMs: 60_000,
};
