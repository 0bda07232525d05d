/**
 * "I want to join": remembered in this browser when a signed-out visitor chooses Create an account or Sign
 * in on an invitation, so the invitation page joins by itself once they come back signed in (after signing
 * in, or after confirming their e-mail, possibly in another tab). Kept in local storage, never in the URL: a
 * link alone can never make anyone join a group; only their own click on this device can.
 */
const KEY = 'snapshire.invitation-join-intent';
/** As long as an invitation can live (a week): a confirmation opened later than that finds the Join button. */
const MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;

interface Stored {
  token: string;
  at: number;
}

export function rememberJoinIntent(token: string, now: number = Date.now()): void {
  try {
    localStorage.setItem(KEY, JSON.stringify({ token, at: now } satisfies Stored));
  } catch {
    /* storage full or disabled: the Join button still works */
  }
}

/** Whether the visitor asked to join with this token here, recently. */
export function hasJoinIntent(token: string, now: number = Date.now()): boolean {
  try {
    const raw = localStorage.getItem(KEY);
    if (!raw) return false;
    const stored = JSON.parse(raw) as Partial<Stored>;
    return (
      stored.token === token && typeof stored.at === 'number' && now - stored.at >= 0 && now - stored.at < MAX_AGE_MS
    );
  } catch {
    return false;
  }
}

export function forgetJoinIntent(): void {
  try {
    localStorage.removeItem(KEY);
  } catch {
    /* nothing to forget */
  }
}
