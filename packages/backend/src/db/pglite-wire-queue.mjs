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

/**
 * @param {import('@electric-sql/pglite-socket').PGLiteSocketServer} server
 * @param {(event: { type: 'busy', port: number } | { type: 'idle' }) => void} [report] told which client
 *   connection (by its port) the engine is running a message for, and when it is done: the main thread's
 *   statement-timeout watchdog (PGlite cannot cancel a statement itself).
 * @param {number} [idleHoldMs] how long a connection may hold the session idle (inside a transaction, or
 *   mid extended-protocol sequence) while others wait, before it is disconnected and its transaction rolled
 *   back: PostgreSQL's idle_in_transaction_session_timeout. Without it one idle client stalls every request.
 */
export function serializeWireSequences(server, report, idleHoldMs = 5_000) {
  const handlers = /** @type {any} */ (server).handlers;
  /** @param {number} handlerId */
  const clientPort = (handlerId) => {
    if (!handlers) return 0;
    for (const h of handlers) if (h.id === handlerId) return h.socket?.remotePort ?? 0;
    return 0;
  };
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
        owner = type === SYNC || type === SIMPLE_QUERY || type === TERMINATE ? null : item.handlerId;
        this.lastHandlerId = item.handlerId;
        let bytes = 0;
        report?.({ type: 'busy', port: clientPort(item.handlerId) });
        try {
          await this.db.runExclusive(() =>
            this.db.execProtocolRawStream(item.message, {
              onRawData: (data) => {
                bytes += data.length;
                item.onData(data);
              },
            }),
          );
          item.resolve(bytes);
        } catch (err) {
          item.reject(err);
        } finally {
          report?.({ type: 'idle' });
        }
      }
    } finally {
      this.processing = false;
    }
  };

  // A connection that goes away mid-sequence must not keep the session.
  const clear = queue.clearQueueForHandler.bind(queue);
  queue.clearQueueForHandler = (handlerId) => {
    if (owner === handlerId) owner = null;
    const result = clear(handlerId);
    queueMicrotask(() => queue.processQueue());
    return result;
  };
}
