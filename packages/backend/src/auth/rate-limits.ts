import type { Context } from 'hono';
import { getConnInfo } from '@hono/node-server/conninfo';
import { AuthError } from './errors.ts';

/** GoTrue's protections, from config.toml [auth.rate_limit] and [auth.email] max_frequency. */
export interface AuthRateLimits {
  /** Sign-in and sign-up requests per 5 minutes per IP address (GoTrue counts per IP only). */
  signInSignUps: number;
  /** Refresh-token requests per 5 minutes per IP address. */
  tokenRefresh: number;
  /** E-mails sent per hour per IP address. */
  emailSent: number;
  /** Least time between two e-mails to one address (ms). */
  emailMaxFrequencyMs: number;
}

export const rateLimitErrors = {
  request: () => new AuthError(429, 'over_request_rate_limit', 'Request rate limit reached'),
  email: () => new AuthError(429, 'over_email_send_rate_limit', 'Email rate limit exceeded'),
  emailTooSoon: (seconds: number) =>
    new AuthError(
      429,
      'over_email_send_rate_limit',
      `For security purposes, you can only request this after ${seconds} seconds.`,
    ),
};

/** Fixed-window counters in memory (one process serves the API; GoTrue keeps its own in memory too). */
class Windows {
  private readonly counts = new Map<string, { start: number; n: number }>();

  /** Counts one hit; false once `limit` hits happened in the current window. */
  hit(key: string, limit: number, windowMs: number): boolean {
    const now = Date.now();
    let w = this.counts.get(key);
    if (!w || now - w.start >= windowMs) {
      if (this.counts.size > 100_000) this.sweep(now, windowMs);
      w = { start: now, n: 0 };
      this.counts.set(key, w);
    }
    w.n++;
    return w.n <= limit;
  }

  /** Hits counted in the current window of `key`. */
  count(key: string, windowMs: number): number {
    const w = this.counts.get(key);
    return w && Date.now() - w.start < windowMs ? w.n : 0;
  }

  private sweep(now: number, windowMs: number): void {
    for (const [k, w] of this.counts) if (now - w.start >= windowMs) this.counts.delete(k);
  }
}

const FIVE_MINUTES = 5 * 60_000;
const HOUR = 60 * 60_000;

/**
 * Guessing one address's password from many IPs (each within its own limit) is slowed, never refused: past
 * FREE_FAILURES failed sign-ins for the address in 5 minutes, every sign-in for it waits DELAY_STEP_MS more per
 * failure, at most MAX_DELAY_MS. Counting per address without refusing is this backend's own (GoTrue counts
 * per IP only), so nobody can lock a person out by sending wrong passwords for their address.
 */
const FREE_FAILURES = 10;
const DELAY_STEP_MS = 50;
const MAX_DELAY_MS = 500;

/** The caller's address as the server sees it (no proxy in front of the embedded backend to trust). */
export function clientIp(c: Context): string {
  try {
    return getConnInfo(c).remote.address ?? 'unknown';
  } catch {
    return 'unknown';
  }
}

export type AuthRateLimiter = ReturnType<typeof createAuthRateLimiter>;

export function createAuthRateLimiter(limits: AuthRateLimits) {
  const windows = new Windows();
  return {
    /** Sign-in or sign-up from `ip`, counted per IP as GoTrue does. Throws 429 over_request_rate_limit. */
    signInSignUp(ip: string): void {
      if (!windows.hit(`auth:ip:${ip}`, limits.signInSignUps, FIVE_MINUTES)) throw rateLimitErrors.request();
    },
    /** Before checking a password for `email`: waits while its recent failures are many (see MAX_DELAY_MS). */
    async slowGuessing(email: string): Promise<void> {
      const failures = windows.count(`failed:email:${email}`, FIVE_MINUTES);
      const ms = Math.min(MAX_DELAY_MS, Math.max(0, failures - FREE_FAILURES) * DELAY_STEP_MS);
      if (ms > 0) await new Promise((resolve) => setTimeout(resolve, ms));
    },
    /** A wrong password (or unknown address) for `email`. */
    failedSignIn(email: string): void {
      windows.hit(`failed:email:${email}`, Infinity, FIVE_MINUTES);
    },
    tokenRefresh(ip: string): void {
      if (!windows.hit(`refresh:ip:${ip}`, limits.tokenRefresh, FIVE_MINUTES)) throw rateLimitErrors.request();
    },
    /**
     * Before sending an e-mail: per IP per hour, and not sooner than max_frequency after the last one to the
     * address (`lastSentAt`). Throws 429 over_email_send_rate_limit.
     */
    emailSend(ip: string, lastSentAt: Date | string | null | undefined): void {
      if (lastSentAt) {
        const since = Date.now() - new Date(lastSentAt).getTime();
        if (since < limits.emailMaxFrequencyMs)
          throw rateLimitErrors.emailTooSoon(Math.ceil((limits.emailMaxFrequencyMs - since) / 1000));
      }
      if (!windows.hit(`email:ip:${ip}`, limits.emailSent, HOUR)) throw rateLimitErrors.email();
    },
  };
}

/** GoTrue's password_requirements: which character classes a password must contain. */
export type PasswordRequirements =
  '' | 'letters_digits' | 'lower_upper_letters_digits' | 'lower_upper_letters_digits_symbols';

const LOWER = 'abcdefghijklmnopqrstuvwxyz';
const UPPER = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const DIGITS = '0123456789';
const SYMBOLS = '!@#$%^&*()_+-=[]{};\'\\:"|<>?,./`~';

/** The character sets a password needs one of each of, as GoTrue lists them. */
export function requiredCharacterSets(requirements: PasswordRequirements): string[] {
  switch (requirements) {
    case 'letters_digits':
      return [LOWER + UPPER, DIGITS];
    case 'lower_upper_letters_digits':
      return [LOWER, UPPER, DIGITS];
    case 'lower_upper_letters_digits_symbols':
      return [LOWER, UPPER, DIGITS, SYMBOLS];
    default:
      return [];
  }
}

/** GoTrue's weak_password error for missing character classes. */
export function missingCharactersError(sets: string[]): AuthError {
  const message = `Password should contain at least one character of each: ${sets.join(', ')}.`;
  return new AuthError(422, 'weak_password', message, { weak_password: { reasons: ['characters'] } });
}
