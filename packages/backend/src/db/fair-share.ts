/**
 * Fair sharing of the database between callers: transactions wait in a queue per caller, and the queues take
 * turns. A caller who sends a flood waits behind their own requests, not in front of everyone else's; nobody
 * is cancelled for it (statement_timeout stays the only limit on a statement).
 *
 * On PGlite there is one engine and one session, so one transaction runs at a time and the turns decide who
 * is next; on PostgreSQL the pool's connections are the slots.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { Caller } from './types.ts';

/** Where the request being served comes from (the HTTP layer sets it for each request). */
const requestSource = new AsyncLocalStorage<string>();
/** Set while a transaction holds a slot: a transaction opened inside it must not queue behind itself. */
const holdingSlot = new AsyncLocalStorage<true>();

/** Runs `fn` (a request's handling) as coming from `source`, e.g. the client's address. */
export function fromSource<T>(source: string, fn: () => T): T {
  return requestSource.run(source, fn);
}

/**
 * Whose queue a transaction joins: a signed-in user's own, whatever their address; otherwise the role and the
 * address the request came from (all anonymous visitors behind one address share a queue).
 */
export function fairShareKey(caller: Caller | 'owner'): string {
  const source = requestSource.getStore() ?? 'local';
  if (caller === 'owner') return `owner:${source}`;
  const sub = caller.claims.sub;
  return typeof sub === 'string' && sub ? `user:${sub}` : `${caller.role}:${source}`;
}

/** Slots taken in turns by queues per key (round robin: one transaction per waiting key per turn). */
export class FairShare {
  private running = 0;
  /** Waiting transactions by key; the Map's order is the order of the turns. */
  private readonly queues = new Map<string, (() => void)[]>();

  constructor(private readonly slots: number) {}

  /** Waits for a slot in `key`'s turn, runs fn holding it, then hands the slot to the next key's turn. */
  async run<T>(key: string, fn: () => Promise<T>): Promise<T> {
    if (holdingSlot.getStore()) return fn();
    if (this.running < this.slots && this.queues.size === 0) this.running++;
    else
      await new Promise<void>((admit) => {
        const queue = this.queues.get(key);
        if (queue) queue.push(admit);
        else this.queues.set(key, [admit]);
      });
    try {
      return await holdingSlot.run(true, fn);
    } finally {
      this.handOver();
    }
  }

  /** Waiting transactions, for tests and diagnostics. */
  get waiting(): number {
    let n = 0;
    for (const queue of this.queues.values()) n += queue.length;
    return n;
  }

  private handOver(): void {
    const next = this.queues.entries().next();
    if (next.done) {
      this.running--;
      return;
    }
    const [key, queue] = next.value;
    const admit = queue.shift()!;
    // This key's turn is used: it goes to the back of the line (or leaves it when it has nothing more).
    this.queues.delete(key);
    if (queue.length > 0) this.queues.set(key, queue);
    admit();
  }
}
