import type { RealtimeLimits } from './limits.ts';

/** Counts what each IP address holds and spends (sockets, joins) against the limits. */
export class RealtimeGate {
  private readonly socketsByIp = new Map<string, number>();
  private sockets = 0;
  /** Joins each address may still make now, and when that was counted. */
  private readonly joinBuckets = new Map<string, { tokens: number; at: number }>();

  constructor(private readonly limits: RealtimeLimits) {}

  /** Counts a new socket from `ip`, or says which limit refuses it. */
  admit(ip: string): 'ok' | 'too many from this address' | 'too many in all' {
    if (this.sockets >= this.limits.sockets) return 'too many in all';
    const held = this.socketsByIp.get(ip) ?? 0;
    if (held >= this.limits.socketsPerIp) return 'too many from this address';
    this.socketsByIp.set(ip, held + 1);
    this.sockets++;
    return 'ok';
  }

  release(ip: string): void {
    const held = (this.socketsByIp.get(ip) ?? 0) - 1;
    if (held > 0) this.socketsByIp.set(ip, held);
    else this.socketsByIp.delete(ip);
    this.sockets = Math.max(0, this.sockets - 1);
  }

  /** Spends one join of `ip`'s bucket; false when it is empty. */
  takeJoin(ip: string, now = Date.now()): boolean {
    const bucket = this.refill(ip, now);
    if (bucket.tokens < 1) return false;
    bucket.tokens -= 1;
    return true;
  }

  /** Forgets the buckets of addresses with no socket left whose bucket has filled up again. */
  sweep(now = Date.now()): void {
    for (const ip of this.joinBuckets.keys())
      if (!this.socketsByIp.has(ip) && this.refill(ip, now).tokens >= this.limits.joinBurst)
        this.joinBuckets.delete(ip);
  }

  private refill(ip: string, now: number): { tokens: number; at: number } {
    let bucket = this.joinBuckets.get(ip);
    if (!bucket) this.joinBuckets.set(ip, (bucket = { tokens: this.limits.joinBurst, at: now }));
    bucket.tokens = Math.min(
      this.limits.joinBurst,
      bucket.tokens + ((now - bucket.at) / 1000) * this.limits.joinsPerSecond,
    );
    bucket.at = now;
    return bucket;
  }
}
