/**
 * Fixed-window request counters in the function's memory. On Supabase each worker keeps its own, so the
 * bound holds per worker (the gateway's limits come on top); on the embedded backend one process serves all.
 */
import { unverifiedClaims } from './platform.ts';

export class RateWindows {
  private readonly counts = new Map<string, { start: number; n: number }>();

  constructor(
    private readonly limit: number,
    private readonly windowMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Counts one hit for `key`; false once `limit` hits happened in its current window. */
  hit(key: string): boolean {
    const now = this.now();
    let window = this.counts.get(key);
    if (!window || now - window.start >= this.windowMs) {
      if (this.counts.size > 10_000) this.sweep(now);
      window = { start: now, n: 0 };
      this.counts.set(key, window);
    }
    window.n += 1;
    return window.n <= this.limit;
  }

  private sweep(now: number): void {
    for (const [key, window] of this.counts) if (now - window.start >= this.windowMs) this.counts.delete(key);
  }
}

/**
 * Whose budget a request spends: the user a bearer token names, else the client address. The token is not
 * verified here (the API verifies it when the function uses it); a forged subject only moves a stranger to
 * another bucket, and their request is then refused as unauthorised.
 */
export function rateKey(token: string | undefined, address: string | undefined): string {
  const claims = token ? unverifiedClaims(token) : undefined;
  if (claims?.role === 'authenticated' && typeof claims.sub === 'string') return `user:${claims.sub}`;
  // Not a user's JWT: counted by address like any anonymous caller.
  return `address:${address ?? 'unknown'}`;
}
