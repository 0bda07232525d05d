import { Session } from 'node:inspector';

/**
 * Cancelling a statement inside a PGlite worker. The engine runs synchronously in WebAssembly, so the worker
 * cannot read a message while a statement runs, and PGlite has no signals for PostgreSQL's own cancel. The
 * inspector can still get in: a message to a worker's inspector session is run by V8 at an interrupt check,
 * which WebAssembly loops and calls pass through. So the main thread keeps one in-process inspector session
 * (it opens no port) attached to its PGlite workers, and asks a worker to run `snapshireCancelStatement`,
 * which raises PostgreSQL's QueryCancelPending flag (see pglite-wire-queue.mjs).
 */

const WORKER_SCRIPT = 'pglite-worker.mjs';

interface WorkerSessions {
  session: Session;
  /** Inspector session id by worker thread id. */
  byThread: Map<string, string>;
}

let sessions: Promise<WorkerSessions | undefined> | undefined;
let requests = 0;

function post<T>(session: Session, method: string, params: object): Promise<T> {
  return new Promise((resolve, reject) => {
    session.post(method, params, (err: Error | null, result?: object) => {
      if (err) reject(err);
      else resolve(result as T);
    });
  });
}

/**
 * Attaches to every PGlite worker started from now on (call once before starting one). Resolves to false,
 * and statements can only be stopped by restarting the worker, where the inspector is unavailable.
 */
export function watchWorkersForCancel(log: (message: string) => void): Promise<boolean> {
  sessions ??= (async () => {
    try {
      const session = new Session();
      session.connect();
      const byThread = new Map<string, string>();
      session.on('NodeWorker.attachedToWorker', (message) => {
        const { sessionId, workerInfo } = message.params;
        if (workerInfo.url.endsWith(WORKER_SCRIPT)) byThread.set(workerInfo.workerId, sessionId);
        // Other workers (vitest's, sharp's) are none of our business.
        else void post(session, 'NodeWorker.detach', { sessionId }).catch(() => undefined);
      });
      session.on('NodeWorker.detachedFromWorker', (message) => {
        for (const [thread, id] of byThread) if (id === message.params.sessionId) byThread.delete(thread);
      });
      await post(session, 'NodeWorker.enable', { waitForDebuggerOnStart: false });
      return { session, byThread };
    } catch (err) {
      log(`PGlite statements can only be stopped by restarting its worker: ${(err as Error).message}`);
      return undefined;
    }
  })();
  return sessions.then(Boolean);
}

/** What a worker answered: its cancel flag raised, the message still running (not long enough), or ended. */
export interface CancelAnswer {
  state: 'raised' | 'running' | 'ended';
  /** How long the engine had been running the message, measured in the worker. */
  heldMs: number;
  /** The start of the SQL the connection last sent. */
  sql?: string;
}

/**
 * Asks the PGlite worker on thread `threadId` to cancel message `seq` (as numbered in its busy events) if its
 * engine is still running it and has been for at least `minHeldMs`; without minHeldMs it only asks whether
 * that message still runs. Once the flag is raised, the statement fails with SQLSTATE 57014 at its next
 * interrupt check. Undefined when the worker cannot be reached (no inspector, or terminated meanwhile).
 */
export async function cancelInWorker(
  threadId: number,
  seq: number,
  minHeldMs?: number,
): Promise<CancelAnswer | undefined> {
  const ready = await sessions;
  const sessionId = ready?.byThread.get(String(threadId));
  if (!ready || !sessionId) return undefined;
  const id = ++requests;
  const answer = new Promise<CancelAnswer | undefined>((resolve) => {
    const onMessage = (message: { params: { sessionId: string; message: string } }): void => {
      if (message.params.sessionId !== sessionId) return;
      const reply = JSON.parse(message.params.message) as { id?: number; result?: { result?: { value?: unknown } } };
      if (reply.id !== id) return;
      ready.session.off('NodeWorker.receivedMessageFromWorker', onMessage);
      clearTimeout(timer);
      const value = reply.result?.result?.value;
      resolve(value && typeof value === 'object' && 'state' in value ? (value as CancelAnswer) : undefined);
    };
    // Only a worker terminated meanwhile never answers; generous, as a busy event loop reads answers late.
    const timer = setTimeout(() => {
      ready.session.off('NodeWorker.receivedMessageFromWorker', onMessage);
      resolve(undefined);
    }, 5_000);
    ready.session.on('NodeWorker.receivedMessageFromWorker', onMessage);
  });
  const call = `globalThis.snapshireCancelStatement?.(${seq}, ${minHeldMs === undefined ? 'undefined' : Math.floor(minHeldMs)})`;
  await post(ready.session, 'NodeWorker.sendMessageToWorker', {
    sessionId,
    message: JSON.stringify({ id, method: 'Runtime.evaluate', params: { expression: call, returnByValue: true } }),
  }).catch(() => undefined);
  return answer;
}
