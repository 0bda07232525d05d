import { readdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { BackendContext } from '../context.ts';
import { knownVersions, removeUnfinishedUploads } from './repository.ts';
import type { ReconcileSettings } from './settings.ts';

export interface ReconcileReport {
  unfinishedRows: number;
  unclaimedObjects: number;
  /** Stored files no object row points at (written just before a crash), removed. */
  strayFiles: number;
}

/** Object files (objectsDir/<2 chars>/<version>) older than `before` that no object row knows. */
async function removeStrayFiles(ctx: BackendContext, before: Date): Promise<number> {
  let shards: string[];
  try {
    shards = await readdir(ctx.objectsDir);
  } catch {
    return 0;
  }
  const candidates: string[] = [];
  for (const shard of shards) {
    for (const name of await readdir(join(ctx.objectsDir, shard)).catch(() => [] as string[])) {
      const file = join(ctx.objectsDir, shard, name);
      const info = await stat(file).catch(() => undefined);
      if (info?.isFile() && info.mtime < before) candidates.push(file);
    }
  }
  if (!candidates.length) return 0;
  // Read after listing: a file whose row commits later is younger than `before` and was not listed.
  const known = await ctx.db.asOwner((sql) => knownVersions(sql));
  let removed = 0;
  for (const file of candidates) {
    const version = file.slice(file.lastIndexOf('/') + 1);
    if (known.has(version)) continue;
    ctx.db.assertWritable();
    await rm(file, { force: true });
    removed++;
  }
  return removed;
}

/** One pass: removes what interrupted uploads left behind before `before`. */
export async function reconcileUploads(
  ctx: BackendContext,
  settings: ReconcileSettings,
  before: Date,
): Promise<ReconcileReport> {
  let unfinishedRows = 0;
  let unclaimedObjects = 0;
  if (settings.rule) {
    const rule = settings.rule;
    const removed = await ctx.db.asOwner((sql) => removeUnfinishedUploads(sql, rule, before));
    unfinishedRows = removed.unfinishedRows;
    unclaimedObjects = removed.unclaimedObjects;
    for (const version of removed.versions) {
      ctx.db.assertWritable();
      await rm(join(ctx.objectsDir, version.slice(0, 2), version), { force: true });
    }
  }
  const strayFiles = await removeStrayFiles(ctx, before);
  return { unfinishedRows, unclaimedObjects, strayFiles };
}

/**
 * Reconciles at start and then every interval, so a crash at any point of an upload leaves nothing that
 * lasts. At start on a locked data directory nothing older than this process can still be in flight, so
 * the first pass takes everything written before it; otherwise (and later) only what is older than the
 * grace period. Returns a stop function.
 */
export async function startReconciler(ctx: BackendContext, settings: ReconcileSettings): Promise<() => Promise<void>> {
  if (!settings.enabled) return async () => {};
  const ownsData = ctx.db.kind === 'pglite';
  const say = (report: ReconcileReport, when: string) => {
    if (report.unfinishedRows || report.unclaimedObjects || report.strayFiles) {
      ctx.log(
        `reconciled uploads ${when}: removed ${report.unfinishedRows} unfinished row(s), ${report.unclaimedObjects} ` +
          `unclaimed object(s), ${report.strayFiles} stray file(s)`,
      );
    }
  };
  say(
    await reconcileUploads(ctx, settings, new Date(Date.now() - (ownsData ? 0 : settings.gracePeriodMs))),
    'at start',
  );
  let running: Promise<void> | undefined;
  const timer = setInterval(() => {
    running ??= reconcileUploads(ctx, settings, new Date(Date.now() - settings.gracePeriodMs))
      .then((report) => say(report, 'periodically'))
      .catch((err: unknown) => ctx.log(`reconciling uploads failed: ${(err as Error).message}`))
      .finally(() => {
        running = undefined;
      });
  }, settings.intervalMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
