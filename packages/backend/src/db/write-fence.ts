import { lockDataDir, type DataDirLock, type DataDirLockLostError } from './data-dir-lock.ts';

/**
 * Whether this process may still write to its data directory. Without a data directory nothing is locked and
 * writing is always allowed.
 */
export interface WriteFence {
  /** Throws unless this process may still write (call before every transaction and stored file). */
  assertWritable(): void;
  /** Set once the lock was lost. */
  readonly lost: DataDirLockLostError | undefined;
  /**
   * What must stop at once when the lock is lost (the database engine): not one more write may reach files
   * another process now owns. Called at once when the lock is already lost.
   */
  onFence(stop: () => void): void;
  release(): Promise<void>;
}

/**
 * Locks dataDir (data-dir-lock.ts) and fences this process off it when the lock is lost: first stops what was
 * given to onFence, then calls onLockLost, which must stop the process (by default it exits with code 4).
 */
export function openWriteFence(
  dataDir: string | undefined,
  onLockLost: ((err: DataDirLockLostError) => void) | undefined,
): WriteFence {
  let lost: DataDirLockLostError | undefined;
  const stops: Array<() => void> = [];
  const lock: DataDirLock | undefined = dataDir
    ? lockDataDir(dataDir, (err) => {
        lost = err;
        for (const stop of stops) stop();
        if (onLockLost) onLockLost(err);
        else {
          console.error(`[backend] FATAL: ${err.message}`);
          process.exit(4);
        }
      })
    : undefined;
  return {
    assertWritable() {
      if (lost) throw lost;
      lock?.assertHeld();
    },
    get lost() {
      return lost;
    },
    onFence(stop) {
      if (lost) stop();
      else stops.push(stop);
    },
    release: async () => lock?.release(),
  };
}
