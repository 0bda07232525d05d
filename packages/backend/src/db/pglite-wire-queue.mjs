// pglite-socket serves many wire connections from one PGlite session and queues each protocol message on its
// own. Two gaps follow, both fixed here by replacing its queue's scheduler:
// - Outside a transaction it may run connection B's message between connection A's Parse, Bind, Execute and
//   Sync. When A's statement fails, Postgres skips every message until the next Sync, so B's Bind/Execute are
//   silently dropped ('portal "" does not exist'). A connection must own the session from its first
//   extended-protocol message until its Sync (or for a whole simple Query).
// - When a query throws, its loop returned with `processing` still set, so the queue never ran again and the
//   backend hung for good.
// Inside a transaction the session stays with the connection that opened it, as pglite-socket already does.

const SYNC = 0x53; // 'S'
const SIMPLE_QUERY = 0x51; // 'Q'
const TERMINATE = 0x58; // 'X'
const PARSE = 0x50; // 'P'

/** @typedef {{ type: 'busy', connection: string, seq: number } | { type: 'idle' } | { type: 'notification', channel: string, payload: string }} EngineEvent */

/**
 * @param {import('@electric-sql/pglite-socket').PGLiteSocketServer} server
 * @param {(event: EngineEvent) => void} [report] told which client connection (by the application_name of its
 *   startup message) the engine is running a message for (numbered), and when it is done: the main thread's
 *   statement watchdog (PGlite cannot time out a statement itself); and every notification (NOTIFY) the
 *   session's output carries, for the main thread's listeners (pglite-engine.ts).
 * @param {number} [idleHoldMs] how long a connection may hold the session idle (inside a transaction, or
 *   mid extended-protocol sequence) while others wait, before it is disconnected and its transaction rolled
 *   back: PostgreSQL's idle_in_transaction_session_timeout. Without it one idle client stalls every request.
 */
export function serializeWireSequences(server, report, idleHoldMs = 5_000) {
  /** The message the engine is running now (numbered), since when, and whether it was asked to cancel it. */
  let running = /** @type {{ seq: number, since: number, handlerId: number } | null} */ (null);
  let seq = 0;
  let cancelRequested = false;
  /** The SQL each connection last sent (Query or Parse), for the log line of a cancelled statement. */
  const lastSql = new Map();
  /** The engine's QueryCancelPending and InterruptPending flags (32-bit ints in its memory), when exposed. */
  const cancelFlags = () => {
    const mod = /** @type {any} */ (server.db).mod;
    if (!mod?.wasmMemory || typeof mod._QueryCancelPending !== 'number' || typeof mod._InterruptPending !== 'number')
      return undefined;
    // A fresh view each time: the memory may have grown.
    return {
      ints: new Int32Array(mod.wasmMemory.buffer),
      at: [mod._QueryCancelPending >> 2, mod._InterruptPending >> 2],
    };
  };

  const handlers = /** @type {any} */ (server).handlers;
  /** application_name of each connection's startup message, by handler id (a Unix socket has no ports). */
  const names = new Map();
  const queue = /** @type {any} */ (server).queryQueue;
  if (!queue || typeof queue.processQueue !== 'function') {
    throw new Error('pglite-socket changed: its query queue is not where the backend expects it');
  }
  /** Connection id that owns the session mid-sequence, or null. */
  let owner = null;
  /** Timer that disconnects a connection holding the session idle while others wait. */
  let idleTimer = null;
  const holdIdle = (/** @type {number} */ handlerId) => {
    if (idleTimer) return;
    idleTimer = setTimeout(() => {
      idleTimer = null;
      if (!handlers) return;
      for (const h of handlers) {
        if (h.id === handlerId) {
          console.error(
            `[backend] a database connection held the session idle for ${idleHoldMs} ms while others waited: disconnected`,
          );
          h.socket?.destroy();
        }
      }
    }, idleHoldMs);
    idleTimer.unref?.();
  };
  const clearIdle = () => {
    if (idleTimer) clearTimeout(idleTimer);
    idleTimer = null;
  };

  queue.processQueue = async function processQueue() {
    if (this.processing) return;
    this.processing = true;
    try {
      while (this.queue.length > 0) {
        const lockedTo = owner ?? (this.db.isInTransaction() ? this.lastHandlerId : null);
        const index = lockedTo == null ? 0 : this.queue.findIndex((item) => item.handlerId === lockedTo);
        if (index === -1) {
          // Wait for the owner's next message (its enqueue restarts the loop), but not forever.
          holdIdle(lockedTo);
          break;
        }
        clearIdle();
        const [item] = this.queue.splice(index, 1);
        const type = item.message[0];
        const name = startupApplicationName(item.message);
        // A startup message opens no sequence: a client that connects and sends nothing yet must not hold the
        // session (it would, until disconnected as idle, if its startup counted as a sequence's first message).
        owner =
          name !== undefined || type === SYNC || type === SIMPLE_QUERY || type === TERMINATE ? null : item.handlerId;
        this.lastHandlerId = item.handlerId;
        let bytes = 0;
        // A NOTIFY committed by this message reaches the session's listeners in its output (PGlite has one
        // session): found there and reported, whichever connection's message it was.
        const notifications = notificationScanner(report);
        if (name !== undefined) names.set(item.handlerId, name);
        running = { seq: ++seq, since: performance.now(), handlerId: item.handlerId };
        const sql = sqlOf(item.message);
        if (sql !== undefined) lastSql.set(item.handlerId, sql);
        report?.({ type: 'busy', connection: names.get(item.handlerId) ?? '', seq: running.seq });
        try {
          await this.db.runExclusive(() =>
            this.db.execProtocolRawStream(item.message, {
              onRawData: (data) => {
                bytes += data.length;
                notifications.scan(data);
                item.onData(data);
              },
            }),
          );
          item.resolve(bytes);
        } catch (err) {
          item.reject(err);
        } finally {
          running = null;
          if (cancelRequested) {
            // A cancel that arrived as the message ended must not hit the next connection's statement.
            cancelRequested = false;
            const flags = cancelFlags();
            if (flags) for (const i of flags.at) flags.ints[i] = 0;
          }
          report?.({ type: 'idle' });
        }
      }
    } finally {
      this.processing = false;
    }
  };

  /**
   * Cancels message `messageSeq` if the engine is still running it and has been for at least `minHeldMs`, as
   * PostgreSQL's SIGINT handler does: it raises QueryCancelPending and InterruptPending, and the engine's next
   * CHECK_FOR_INTERRUPTS() ends the statement with SQLSTATE 57014. The engine runs synchronously in this
   * thread, so this is called from the main thread through the inspector, whose messages V8 runs at an
   * interrupt check inside the WebAssembly. Times are taken here: the main thread's view may lag behind.
   * With `minHeldMs` undefined it only answers whether that message still runs (and for how long).
   * @param {number} messageSeq
   * @param {number} [minHeldMs]
   * @returns {{ state: 'raised' | 'running' | 'ended', heldMs: number, sql?: string }}
   */
  const cancel = (messageSeq, minHeldMs) => {
    if (running === null || running.seq !== messageSeq) return { state: 'ended', heldMs: 0 };
    const heldMs = Math.round(performance.now() - running.since);
    const sql = lastSql.get(running.handlerId)?.slice(0, 200);
    const flags = cancelFlags();
    if (minHeldMs === undefined || heldMs < minHeldMs || !flags) return { state: 'running', heldMs, sql };
    for (const i of flags.at) flags.ints[i] = 1;
    cancelRequested = true;
    return { state: 'raised', heldMs, sql };
  };

  // A connection that goes away mid-sequence must not keep the session.
  const clear = queue.clearQueueForHandler.bind(queue);
  queue.clearQueueForHandler = (handlerId) => {
    if (owner === handlerId) owner = null;
    names.delete(handlerId);
    lastSql.delete(handlerId);
    const result = clear(handlerId);
    queueMicrotask(() => queue.processQueue());
    return result;
  };
  return { cancel };
}

const PROTOCOL_3 = 196608;

/**
 * The application_name parameter of a startup message (length, protocol 3.0, then name/value C strings), ''
 * when it has none, or undefined when the message is not a startup message.
 * @param {Uint8Array} message
 */
function startupApplicationName(message) {
  if (message.length < 8) return undefined;
  const view = new DataView(message.buffer, message.byteOffset, message.byteLength);
  if (view.getInt32(0) !== message.length || view.getInt32(4) !== PROTOCOL_3) return undefined;
  const text = new TextDecoder().decode(message.subarray(8));
  const parts = text.split('\0');
  for (let i = 0; i + 1 < parts.length; i += 2) if (parts[i] === 'application_name') return parts[i + 1];
  return '';
}

/**
 * The SQL text of a simple Query ('Q': text) or extended-protocol Parse ('P': statement name, then text)
 * message, or undefined for any other message.
 * @param {Uint8Array} message
 */
function sqlOf(message) {
  const type = message[0];
  if (type !== SIMPLE_QUERY && type !== PARSE) return undefined;
  let start = 5;
  if (type === PARSE) start = message.indexOf(0, start) + 1;
  const end = message.indexOf(0, start);
  return new TextDecoder().decode(message.subarray(start, end < 0 ? message.length : end));
}

const NOTIFICATION_RESPONSE = 0x41; // 'A'

/**
 * Finds the NotificationResponse messages ('A': int32 pid, channel and payload as C strings) in one message's
 * output, which may arrive in chunks cut anywhere; every other message is skipped without copying.
 * @param {((event: EngineEvent) => void) | undefined} report
 */
export function notificationScanner(report) {
  /** Bytes of the message being read: its 5-byte header, then (for a notification) its whole body. */
  let pending = new Uint8Array(0);
  /** Bytes still to skip of a message that is not a notification. */
  let skip = 0;
  const decoder = new TextDecoder();
  return {
    /** @param {Uint8Array} data */
    scan(data) {
      if (!report) return;
      let at = 0;
      while (at < data.length) {
        if (skip > 0) {
          const n = Math.min(skip, data.length - at);
          skip -= n;
          at += n;
          continue;
        }
        if (pending.length < 5) {
          const n = Math.min(5 - pending.length, data.length - at);
          pending = concat(pending, data.subarray(at, at + n));
          at += n;
          if (pending.length < 5) return;
        }
        const length = new DataView(pending.buffer, pending.byteOffset, 5).getInt32(1);
        if (pending[0] !== NOTIFICATION_RESPONSE) {
          skip = length - 4;
          pending = new Uint8Array(0);
          continue;
        }
        const total = 1 + length;
        const n = Math.min(total - pending.length, data.length - at);
        pending = concat(pending, data.subarray(at, at + n));
        at += n;
        if (pending.length < total) return;
        const body = pending.subarray(9);
        const end = body.indexOf(0);
        const channel = decoder.decode(body.subarray(0, end));
        const payloadEnd = body.indexOf(0, end + 1);
        const payload = decoder.decode(body.subarray(end + 1, payloadEnd < 0 ? body.length : payloadEnd));
        report({ type: 'notification', channel, payload });
        pending = new Uint8Array(0);
      }
    },
  };
}

/** @param {Uint8Array} a @param {Uint8Array} b */
function concat(a, b) {
  const out = new Uint8Array(a.length + b.length);
  out.set(a, 0);
  out.set(b, a.length);
  return out;
}
