import type { OpenedDatabase } from './db/index.ts';
import type { ResolvedConfig } from './config/config.ts';
import type { ProjectKeys } from './config/keys.ts';

/** What every route of the backend shares. `url` is known once the server listens. */
export interface BackendContext {
  db: OpenedDatabase;
  config: ResolvedConfig;
  keys: ProjectKeys;
  /** Base URL clients use (http://127.0.0.1:54321). */
  url: string;
  /** Stored object bytes. */
  objectsDir: string;
  /** Rendered (transformed) images, one file per object version and transform. */
  renderCacheDir: string;
  log: (message: string) => void;
}
