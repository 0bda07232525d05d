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

/**
 * Asks the PGlite worker on thread `threadId` to cancel the statement it runs for `connection`. Resolves to
 * true once the engine's cancel flag is raised (the statement then fails with SQLSTATE 57014 at its next
 * interrupt check), false when the worker is not running that connection's statement or cannot be reached.
 */
export async function cancelInWorker(threadId: number, connection: string): Promise<boolean> {
  const ready = await sessions;
  const sessionId = ready?.byThread.get(String(threadId));
  if (!ready || !sessionId) return false;
  const id = Math.floor(Math.random() * 2 ** 31);
  const answer = new Promise<boolean>((resolve) => {
    const onMessage = (message: { params: { sessionId: string; message: string } }): void => {
      if (message.params.sessionId !== sessionId) return;
      const reply = JSON.parse(message.params.message) as { id?: number; result?: { result?: { value?: unknown } } };
      if (reply.id !== id) return;
      ready.session.off('NodeWorker.receivedMessageFromWorker', onMessage);
      clearTimeout(timer);
      resolve(reply.result?.result?.value === true);
    };
    // A worker that never answers (terminated meanwhile) leaves the restart to the caller.
    const timer = setTimeout(() => {
      ready.session.off('NodeWorker.receivedMessageFromWorker', onMessage);
      resolve(false);
    }, 1_000);
    ready.session.on('NodeWorker.receivedMessageFromWorker', onMessage);
  });
  await post(ready.session, 'NodeWorker.sendMessageToWorker', {
    sessionId,
    message: JSON.stringify({
      id,
      method: 'Runtime.evaluate',
      params: { expression: `globalThis.snapshireCancelStatement?.(${JSON.stringify(connection)}) === true` },
    }),
  }).catch(() => undefined);
  return answer;
}
