import { mkdirSync, readFileSync, renameSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';

/** Thrown when another process holds the data directory. */
export class DataDirLockedError extends Error {
  constructor(dataDir: string) {
    super(
      `The data directory ${dataDir} is in use by another process (a second backend on one data directory ` +
        `would silently lose writes). Stop the other backend, or use another DATA_DIR. (A paused backend's lock ` +
        `expires 10 seconds after it stopped refreshing it.)`,
    );
    this.name = 'DataDirLockedError';
  }
}

/** Raised (to onLost, and by assertHeld) once this process no longer owns its data directory. */
export class DataDirLockLostError extends Error {
  constructor(dataDir: string, why: string) {
    super(
      `The lock on the data directory ${dataDir} was lost (${why}): another backend may be writing to it, so ` +
        `this one stops writing and exits rather than lose or corrupt data.`,
    );
    this.name = 'DataDirLockLostError';
  }
}

const LOCK_NAME = '.snapshire-backend.lock';
/** A lock not refreshed for this long is taken to belong to a dead process, and may be taken over. */
export const LOCK_STALE_MS = 10_000;
const REFRESH_MS = 2_000;
/**
 * How long after its last confirmed refresh this process still trusts that it owns the lock without looking.
 * Well under LOCK_STALE_MS: a process paused past it (SIGSTOP, a suspended VM) looks again before any write,
 * because someone may have taken the lock over in the meantime.
 */
const TRUST_MS = 5_000;

/**
 * False only when the lock's owner is known to be gone: a process of this machine that no longer exists (a
 * backend killed with SIGKILL), so a restart need not wait for the lock to go stale. A paused owner is alive.
 */
function ownerAlive(lockPath: string): boolean {
  let owner: string;
  try {
    owner = readFileSync(join(lockPath, 'owner'), 'utf8').trim();
  } catch {
    return true; // being written, or an older lock: wait for it to go stale
  }
  const m = /^(\d+)@(.*)$/.exec(owner);
  if (!m || m[2] !== hostname() || Number(m[1]) === process.pid) return true;
  try {
    process.kill(Number(m[1]), 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code !== 'ESRCH';
  }
}

export interface DataDirLock {
  /** Throws DataDirLockLostError unless this process still owns the directory. Call before every write. */
  assertHeld(): void;
  release(): Promise<void>;
}

interface Identity {
  ino: number;
  birthtimeMs: number;
}

/**
 * One writer per data directory: a lock directory created atomically (mkdir), refreshed every 2 s and taken
 * over only when stale for 10 s or when its owner process is gone. Ownership is a lease: the lock's identity (inode and creation time) is
 * re-checked before a write whenever the last confirmation is older than 5 s, so a process resumed after a
 * long pause finds out it lost the lock before it writes anything, and calls onLost (which must stop it).
 */
export function lockDataDir(dataDir: string, onLost: (err: DataDirLockLostError) => void): DataDirLock {
  mkdirSync(dataDir, { recursive: true });
  const path = join(dataDir, LOCK_NAME);
  const acquire = (): Identity => {
    try {
      mkdirSync(path);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      let mtimeMs: number;
      try {
        mtimeMs = statSync(path).mtimeMs;
      } catch {
        return acquire(); // released between our mkdir and stat
      }
      if (Date.now() - mtimeMs < LOCK_STALE_MS && ownerAlive(path)) throw new DataDirLockedError(dataDir);
      // Stale: move it aside atomically (of two processes taking over, only one rename succeeds).
      const aside = `${path}.stale-${process.pid}-${Date.now()}`;
      try {
        renameSync(path, aside);
      } catch {
        throw new DataDirLockedError(dataDir);
      }
      rmSync(aside, { recursive: true, force: true });
      mkdirSync(path); // EEXIST here means another process won the race: it owns the directory
    }
    writeFileSync(join(path, 'owner'), `${process.pid}@${hostname()}\n`);
    const s = statSync(path);
    return { ino: s.ino, birthtimeMs: s.birthtimeMs };
  };

  let identity: Identity;
  try {
    identity = acquire();
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'EEXIST') throw new DataDirLockedError(dataDir);
    throw err;
  }
  let confirmedAt = performance.now();
  let lost: DataDirLockLostError | undefined;
  let released = false;

  const fail = (why: string): DataDirLockLostError => {
    if (!lost) {
      lost = new DataDirLockLostError(dataDir, why);
      clearInterval(timer);
      onLost(lost);
    }
    return lost;
  };

  /** Looks at the lock: still ours? Then refresh it. */
  const confirm = (): void => {
    if (lost || released) return;
    let s;
    try {
      s = statSync(path);
    } catch {
      fail('the lock was removed');
      return;
    }
    if (s.ino !== identity.ino || s.birthtimeMs !== identity.birthtimeMs) {
      fail('another process took it over');
      return;
    }
    try {
      const now = new Date();
      utimesSync(path, now, now);
    } catch (err) {
      fail(`it could not be refreshed: ${(err as Error).message}`);
      return;
    }
    confirmedAt = performance.now();
  };

  const timer = setInterval(confirm, REFRESH_MS);
  timer.unref();

  return {
    assertHeld() {
      if (lost) throw lost;
      if (performance.now() - confirmedAt > TRUST_MS) confirm();
      if (lost) throw lost;
    },
    async release() {
      if (released) return;
      released = true;
      clearInterval(timer);
      if (lost) return;
      try {
        const s = statSync(path);
        if (s.ino === identity.ino && s.birthtimeMs === identity.birthtimeMs)
          rmSync(path, { recursive: true, force: true });
      } catch {
        // already gone
      }
    },
  };
}
