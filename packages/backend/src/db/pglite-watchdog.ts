import { performance } from 'node:perf_hooks';
import type { StatementWatch } from './engine.ts';
import { cancelInWorker } from './pglite-cancel.ts';
import type { EngineEvent } from './pglite-server.ts';

/** How long a cancelled PGlite statement may take to notice before its worker is restarted instead. */
const PGLITE_CANCEL_GRACE_MS = 750;

/** How often the watchdog looks at the statement PGlite's engine runs. */
const PGLITE_WATCHDOG_TICK_MS = 25;

/** A caller transaction the watchdog looks after. */
interface Watched {
  timeoutMs: number;
  /** Set when its statement was cancelled for running past its timeout. */
  cancelled?: 'timeout';
}

/** The message PGlite's engine runs (as far as this thread has heard), and what the watchdog did about it. */
interface Running {
  connection: string;
  seq: number;
  since: number;
  /** A question to the worker is under way. */
  asking?: boolean;
  /** Not before then: the worker said it had not run long enough yet. */
  askAgainAt?: number;
  cancelledAt?: number;
  /** The worker said it ended (its idle event is still on its way). */
  ended?: boolean;
}

/**
 * PGlite's statement_timeout. PostgreSQL cancels a statement itself; PGlite cannot (its engine runs
 * synchronously in WebAssembly, with no signals, so its timers never fire mid-query). The watchdog raises
 * PostgreSQL's cancel flag in the engine through the inspector (pglite-cancel.ts) when a statement passes its
 * transaction's timeout; nothing else cancels a statement, however busy the machine. A statement that does not
 * notice in PGLITE_CANCEL_GRACE_MS gets its worker restarted (by `restart`).
 *
 * It decides here, from what this thread has heard, but the worker measures again before it cancels: this
 * thread's event loop may lag (multipart parsing, image work), the worker's busy and idle events with it.
 */
export class StatementWatchdog {
  /** Caller transactions by their connection's name; the worker says which connection its engine serves. */
  private readonly watched = new Map<string, Watched>();
  private running: Running | undefined;
  private timer: NodeJS.Timeout | undefined;
  /** The worker watched: its thread is the inspector target to cancel a statement in. */
  private threadId: number | undefined;

  constructor(
    private readonly restart: (reason: string) => void,
    private readonly log: (message: string) => void,
  ) {}

  /** Watches the worker on `threadId` from now on (a new one after a restart); undefined: none runs. */
  attach(threadId: number | undefined): void {
    this.threadId = threadId;
    this.running = undefined;
    this.stopTicking();
  }

  /** Watches the statements of the transaction on connection `connection` until end(). */
  watch(connection: string, timeoutMs: number): StatementWatch {
    const watched: Watched = { timeoutMs };
    this.watched.set(connection, watched);
    return {
      get timedOut() {
        return watched.cancelled === 'timeout';
      },
      end: () => {
        if (this.watched.get(connection) === watched) this.watched.delete(connection);
      },
    };
  }

  /** What the worker's engine does now (its busy and idle events). */
  onEngine(event: EngineEvent): void {
    this.running =
      event.type === 'busy' ? { connection: event.connection, seq: event.seq, since: performance.now() } : undefined;
    if (this.running && this.watched.has(this.running.connection))
      this.timer ??= setInterval(() => this.tick(), PGLITE_WATCHDOG_TICK_MS);
    else this.stopTicking();
  }

  close(): void {
    this.attach(undefined);
  }

  private stopTicking(): void {
    clearInterval(this.timer);
    this.timer = undefined;
  }

  /** Still the same message on the same worker: what was asked about it still matters. */
  private current(running: Running, threadId: number): boolean {
    return this.running === running && this.threadId === threadId;
  }

  private tick(): void {
    const running = this.running;
    const tx = running && this.watched.get(running.connection);
    const threadId = this.threadId;
    if (!running || !tx || threadId === undefined || running.asking || running.ended) return;
    const now = performance.now();
    if (running.cancelledAt !== undefined) {
      if (now - running.cancelledAt < PGLITE_CANCEL_GRACE_MS) return;
      running.asking = true;
      void cancelInWorker(threadId, running.seq).then((answer) => {
        running.asking = false;
        if (answer?.state === 'ended') running.ended = true;
        else if (this.current(running, threadId))
          this.restart(
            `a cancelled statement ran on for ${PGLITE_CANCEL_GRACE_MS} ms${answer?.sql ? ` (${answer.sql})` : ''}`,
          );
      });
      return;
    }
    if (running.askAgainAt !== undefined && now < running.askAgainAt) return;
    const heldMs = now - running.since;
    if (heldMs < tx.timeoutMs) return;
    const threshold = tx.timeoutMs;
    running.asking = true;
    // Before the answer: the statement's error may reach its transaction first.
    tx.cancelled = 'timeout';
    void cancelInWorker(threadId, running.seq, threshold).then((answer) => {
      running.asking = false;
      if (answer?.state === 'raised') {
        running.cancelledAt = performance.now();
        this.log(
          `cancelled a statement that ran past its ${tx.timeoutMs} ms statement_timeout${answer.sql ? ` (${answer.sql})` : ''}`,
        );
        return;
      }
      if (answer) {
        tx.cancelled = undefined;
        if (answer.state === 'ended') running.ended = true;
        else running.askAgainAt = performance.now() + Math.max(PGLITE_WATCHDOG_TICK_MS, threshold - answer.heldMs);
        return;
      }
      // No inspector: only a new worker stops it.
      if (this.current(running, threadId))
        this.restart(`a statement ran past its ${tx.timeoutMs} ms statement_timeout`);
    });
  }
}
