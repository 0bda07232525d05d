import { LIMITS, runtimeConfigSchema, type RuntimeConfig } from '@snapshire/contracts';
import { DEFAULT_LANDING_IMAGE_URL } from '@snapshire/federation/site';
import { createContext, useContext, type ReactNode } from 'react';

/** Where the host reads its runtime config: beside index.html, so each deployment brings its own. */
export const RUNTIME_CONFIG_PATH = '/config.json';

export interface HostConfig extends RuntimeConfig {
  remoteTimeoutMs: number;
  landingImageUrl: string;
}

/** Fills in the optional settings with their defaults (time-out 120 s, the host's own landing photos). */
export function withDefaults(config: RuntimeConfig): HostConfig {
  return {
    ...config,
    remoteTimeoutMs: config.remoteTimeoutMs ?? LIMITS.REMOTE_LOAD_TIMEOUT_MS,
    landingImageUrl: config.landingImageUrl || DEFAULT_LANDING_IMAGE_URL,
  };
}

/** Fetches and validates /config.json (never cached: a remote can move without a rebuild or a stale copy). */
export async function loadRuntimeConfig(fetchImpl: typeof fetch = fetch): Promise<HostConfig> {
  const response = await fetchImpl(RUNTIME_CONFIG_PATH, { cache: 'no-store' });
  if (!response.ok) throw new Error(`${RUNTIME_CONFIG_PATH} answered ${response.status}`);
  const parsed = runtimeConfigSchema.safeParse(await response.json());
  if (!parsed.success)
    throw new Error(
      `${RUNTIME_CONFIG_PATH} is invalid: ${parsed.error.issues.map((i) => i.path.join('.')).join(', ')}`,
    );
  return withDefaults(parsed.data);
}

const RuntimeConfigContext = createContext<HostConfig | null>(null);

export function RuntimeConfigProvider({ config, children }: { config: HostConfig; children: ReactNode }) {
  return <RuntimeConfigContext.Provider value={config}>{children}</RuntimeConfigContext.Provider>;
}

export function useRuntimeConfig(): HostConfig {
  const config = useContext(RuntimeConfigContext);
  if (!config) throw new Error('useRuntimeConfig must be used inside <RuntimeConfigProvider>.');
  return config;
}

/** The remote time-out in effect; components outside the provider (unit tests) get the default. */
export function useRemoteTimeoutMs(): number {
  return useContext(RuntimeConfigContext)?.remoteTimeoutMs ?? LIMITS.REMOTE_LOAD_TIMEOUT_MS;
}
