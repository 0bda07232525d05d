import { LIMITS, remoteManifestUrlSchema, shellConfigSchema } from '@snapshire/contracts';
import { REMOTE_NAMES, type RemoteName } from '@snapshire/federation/remotes';
import { DEFAULT_LANDING_IMAGE_URL } from '@snapshire/federation/site';
import { createContext, useContext, type ReactNode } from 'react';
import type { z } from 'zod/mini';
import { RUNTIME_CONFIG_ELEMENT_ID } from './runtimeConfigElement.ts';

export { RUNTIME_CONFIG_ELEMENT_ID };

/** Where the host reads its runtime config: beside index.html, so each deployment brings its own. */
export const RUNTIME_CONFIG_PATH = '/config.json';

export interface HostConfig {
  supabaseUrl: string;
  supabaseAnonKey: string;
  /** Each remote's manifest URL, or null when config.json has no usable entry for it (its routes are off). */
  remotes: Record<RemoteName, string | null>;
  /** Why a remote is off, in the words the console and the operator see: "remotes.remote_browse is missing". */
  remoteProblems: Partial<Record<RemoteName, string>>;
  remoteTimeoutMs: number;
  remoteFirstByteTimeoutMs: number;
  /** 0: navigations never re-read a manifest (only a failed load does). */
  remoteUpdateCheckIntervalMs: number;
  landingImageUrl: string;
}

/** /config.json could not give the shell what it needs to start; `detail` says what, for the site operator. */
export class StartupConfigError extends Error {
  constructor(readonly detail: string) {
    super(detail);
    this.name = 'StartupConfigError';
  }
}

type ShellConfig = z.infer<typeof shellConfigSchema>;

/**
 * Fills in the optional settings with their defaults (time-outs, the host's own landing photos) and checks
 * each remote's entry on its own: a missing or malformed one turns off that remote only.
 */
export function withDefaults(config: ShellConfig): HostConfig {
  const remotes = {} as Record<RemoteName, string | null>;
  const remoteProblems: Partial<Record<RemoteName, string>> = {};
  for (const name of REMOTE_NAMES) {
    const parsed = remoteManifestUrlSchema.safeParse(config.remotes[name]);
    remotes[name] = parsed.success ? parsed.data : null;
    if (!parsed.success) remoteProblems[name] = `remotes.${name} ${parsed.error.issues[0]?.message ?? 'is invalid'}`;
  }
  return {
    supabaseUrl: config.supabaseUrl,
    supabaseAnonKey: config.supabaseAnonKey,
    remotes,
    remoteProblems,
    remoteTimeoutMs: config.remoteTimeoutMs ?? LIMITS.REMOTE_LOAD_TIMEOUT_MS,
    remoteFirstByteTimeoutMs: config.remoteFirstByteTimeoutMs ?? LIMITS.REMOTE_FIRST_BYTE_TIMEOUT_MS,
    remoteUpdateCheckIntervalMs: config.remoteUpdateCheckIntervalMs ?? LIMITS.REMOTE_UPDATE_CHECK_INTERVAL_MS,
    landingImageUrl: config.landingImageUrl || DEFAULT_LANDING_IMAGE_URL,
  };
}

/**
 * The runtime config: the copy the server inlined in the page when there is one, else /config.json fetched
 * uncached (a remote can move without a rebuild or a stale copy), validated either way. Throws
 * StartupConfigError, saying what is wrong, only when the shell itself cannot start.
 */
export async function loadRuntimeConfig(
  fetchImpl: typeof fetch = fetch,
  page: Pick<Document, 'getElementById'> = document,
): Promise<HostConfig> {
  const inline = page.getElementById(RUNTIME_CONFIG_ELEMENT_ID)?.textContent;
  if (inline) {
    let body: unknown;
    try {
      body = JSON.parse(inline);
    } catch {
      throw new StartupConfigError(`The runtime config inlined in the page (#${RUNTIME_CONFIG_ELEMENT_ID}) is not valid JSON.`);
    }
    return parseRuntimeConfig(body);
  }
  let response: Response;
  try {
    response = await fetchImpl(RUNTIME_CONFIG_PATH, { cache: 'no-store' });
  } catch {
    throw new StartupConfigError(`${RUNTIME_CONFIG_PATH} could not be fetched: the site's server did not answer.`);
  }
  if (!response.ok)
    throw new StartupConfigError(
      `${RUNTIME_CONFIG_PATH} answered HTTP ${response.status}: put the site's config.json next to its index.html.`,
    );
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    throw new StartupConfigError(`${RUNTIME_CONFIG_PATH} is not valid JSON.`);
  }
  return parseRuntimeConfig(body);
}

/** Validates a runtime config (as in /config.json) and fills in its defaults. */
function parseRuntimeConfig(body: unknown): HostConfig {
  const parsed = shellConfigSchema.safeParse(body);
  if (!parsed.success)
    throw new StartupConfigError(
      `${RUNTIME_CONFIG_PATH}: ${parsed.error.issues.map((i) => `${i.path.join('.') || 'the file'} ${i.message}`).join('; ')}.`,
    );
  const config = withDefaults(parsed.data);
  for (const problem of Object.values(config.remoteProblems))
    console.error(`${RUNTIME_CONFIG_PATH}: ${problem}; that part of the site is turned off.`);
  return config;
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
