import type { UploadRule } from './repository.ts';

/**
 * How the reconciler runs: read from config.toml by config/config.ts and taken by reconcile.ts. Its own module,
 * as reconcile.ts reads the backend's context, which holds the resolved config.
 */
export interface ReconcileSettings {
  enabled: boolean;
  /** Between two passes while running. */
  intervalMs: number;
  /** Only what is older than this is unfinished: an upload may be in flight until then. */
  gracePeriodMs: number;
  rule: UploadRule | undefined;
}
