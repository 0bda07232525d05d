import {
  getInstance,
  loadRemote,
  registerPlugins,
  registerRemotes,
  satisfy,
  type ModuleFederationRuntimePlugin,
} from '@module-federation/runtime';
import { REMOTE_NAMES, REMOTES, type ExposedModule, type RemoteName } from '@snapshire/federation/remotes';
import type { HostConfig } from '../../app/runtimeConfig.tsx';
import { takeEarlyManifest } from './earlyManifests.ts';
import type { RemoteModule } from './remoteModule.ts';

/** A remote config.json has no usable entry for: its routes show their fallback, the rest of the site works. */
export class RemoteNotConfiguredError extends Error {
  constructor(remote: RemoteName, problem: string) {
    super(`${remote} is turned off: ${problem} in /config.json`);
    this.name = 'RemoteNotConfiguredError';
  }
}

/** A remote accepted the connection and sent nothing within the first-byte time-out. */
export class RemoteFirstByteTimeoutError extends Error {
  constructor(url: string, ms: number) {
    super(`${url} sent nothing within ${ms} ms`);
    this.name = 'RemoteFirstByteTimeoutError';
  }
}

interface RegisteredRemote {
  /** The manifest URL from config.json. */
  manifestUrl: string;
  /** The build id of the entry currently registered (null: as in config.json, not yet re-read). */
  buildId: string | null;
}

const registered = new Map<RemoteName, RegisteredRemote>();
let configured: HostConfig | null = null;

/**
 * fetch that gives up when no response headers arrive within `ms` (a remote that accepts the connection and
 * never answers); once headers arrive, the body may take as long as it needs.
 */
export async function fetchWithFirstByteTimeout(
  url: string,
  init: RequestInit,
  ms: number,
  started?: Promise<Response>,
): Promise<Response> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(new RemoteFirstByteTimeoutError(url, ms)), ms);
  const aborted = new Promise<never>((_, reject) =>
    controller.signal.addEventListener('abort', () => reject(controller.signal.reason as Error)),
  );
  try {
    // A request the page already started (earlyRemote.ts) is waited for under the same time-out.
    return await Promise.race([started ?? fetch(url, { ...init, signal: controller.signal }), aborted]);
  } catch (error) {
    throw controller.signal.aborted ? controller.signal.reason : error;
  } finally {
    clearTimeout(timer);
  }
}

/**
 * The federation runtime fetches each remote's manifest through this: with the first-byte time-out, and
 * noting which build the manifest names (so a later check can tell a redeploy from the build already loaded).
 */
function manifestFetchPlugin(ms: number): ModuleFederationRuntimePlugin {
  return {
    name: 'snapshire-manifest-fetch',
    fetch: async (url, init, remoteInfo) => {
      const response = await fetchWithFirstByteTimeout(url, init ?? {}, ms, takeEarlyManifest(url));
      const remote = registered.get(remoteInfo?.name as RemoteName);
      if (!remote || !response.ok) return response;
      const manifest: unknown = await response
        .clone()
        .json()
        .catch(() => null);
      if (manifest === null) return response; // the runtime reports an unreadable manifest itself
      const name = remoteInfo!.name;
      // A breaking release of a shared library would run this remote against an API it was not built for:
      // refuse it (its routes show their fallback) rather than let it fail in front of the user.
      const conflicts = breakingSharedConflicts(name, manifest, hostSharedVersions());
      if (conflicts.length > 0) {
        for (const line of conflicts) console.error(line);
        throw new RemoteIncompatibleError(name, conflicts.length);
      }
      remote.buildId ??= buildIdOf(manifest);
      for (const line of sharedMismatches(name, manifest, hostSharedVersions())) console.warn(line);
      return response;
    },
  };
}

/** The version of each library the host provides to the page (its federation instance's shared map). */
function hostSharedVersions(): Record<string, string> {
  const shared: Record<string, { version?: string }[]> = getInstance()?.options.shared ?? {};
  return Object.fromEntries(
    Object.entries(shared).flatMap(([name, versions]) => (versions[0]?.version ? [[name, versions[0].version]] : [])),
  );
}

/**
 * One warning per shared library whose range, as a remote's manifest declares it (the version it was built
 * with), the page's copy does not satisfy. The remote still gets the page's one copy (shareStrategy
 * loaded-first); the warning names the remote and the package so the team knows to rebuild.
 */
export function sharedMismatches(remote: string, manifest: unknown, hostVersions: Record<string, string>): string[] {
  const shared = (manifest as { shared?: { name?: unknown; version?: unknown; requiredVersion?: unknown }[] })?.shared;
  return (Array.isArray(shared) ? shared : []).flatMap(({ name, version, requiredVersion }) => {
    if (typeof name !== 'string' || typeof requiredVersion !== 'string') return [];
    const onPage = hostVersions[name];
    if (!onPage || satisfy(onPage, requiredVersion)) return [];
    return [
      `[snapshire] ${remote} was built with ${name} ${String(version)} and needs ${requiredVersion}; ` +
        `the page has ${onPage} from the host, which ${remote} now shares. Rebuild ${remote} against ${onPage}, or ` +
        `update the host.`,
    ];
  });
}

/** A remote built against a breaking release (another major) of a library the page shares. */
export class RemoteIncompatibleError extends Error {
  constructor(remote: string, count: number) {
    super(`${remote} was built against ${count} shared librar${count === 1 ? 'y' : 'ies'} of another major release`);
    this.name = 'RemoteIncompatibleError';
  }
}

/** The part of a version a caret range keeps fixed: the major, or for 0.x the first non-zero part. */
function breakingLine(version: string): string {
  const [major = '0', minor = '0', patch = '0'] = version.split(/[.+-]/);
  if (major !== '0') return major;
  return minor !== '0' ? `0.${minor}` : `0.0.${patch}`;
}

/**
 * One line per shared library a remote was built with (its manifest's version) whose breaking line (major,
 * as a caret range reads it) differs from the page's copy: such a remote is refused, not loaded against it.
 * Minor and patch differences are only warned about (sharedMismatches).
 */
export function breakingSharedConflicts(
  remote: string,
  manifest: unknown,
  hostVersions: Record<string, string>,
): string[] {
  const shared = (manifest as { shared?: { name?: unknown; version?: unknown }[] })?.shared;
  return (Array.isArray(shared) ? shared : []).flatMap(({ name, version }) => {
    if (typeof name !== 'string' || typeof version !== 'string') return [];
    const onPage = hostVersions[name];
    if (!onPage || breakingLine(onPage) === breakingLine(version)) return [];
    return [
      `[snapshire] ${remote} was built with ${name} ${version}, a breaking release from the page's ${onPage}: ` +
        `${remote} is turned off until it is rebuilt against ${onPage} (or the host is updated).`,
    ];
  });
}

const lastChecked = new Map<RemoteName, number>();
/** Loads begun before the screen asked (startLoadingScreens), each handed to the first load of its id. */
const startedLoads = new Map<string, Promise<RemoteModule>>();

/**
 * Asks (at most every remoteUpdateCheckIntervalMs of the runtime config) whether the remote's manifest names a newer build than the
 * one loaded; if so registers it (reloadRemote) and resolves true, so the screen being entered loads the new
 * build rather than the one kept in memory. Any failure resolves false: the loaded build keeps working.
 * `id` is the screen being entered.
 */
export async function checkForNewBuild(remote: RemoteName, id: string): Promise<boolean> {
  // The page's own first load of this screen, begun from the manifest it read as it opened: nothing newer to
  // look for. Asked anyway, a shell that renders after that manifest has been read (a busy phone) would read
  // it a second time on every first load.
  if (startedLoads.has(id)) return false;
  const entry = registered.get(remote);
  const now = Date.now();
  const interval = configured?.remoteUpdateCheckIntervalMs ?? 0;
  if (!entry?.buildId || interval === 0 || now - (lastChecked.get(remote) ?? 0) < interval) return false;
  lastChecked.set(remote, now);
  const before = entry.buildId;
  try {
    return (await reloadRemote(remote)) !== before;
  } catch {
    return false;
  }
}

/**
 * Tells the federation runtime where each remote lives, from the runtime config: the remote's
 * mf-manifest.json, so its assets load in parallel and it can move without a host rebuild. A remote without
 * a usable entry is left out (its routes show their fallback).
 */
export function registerFederatedRemotes(config: HostConfig): void {
  configured = config;
  registerPlugins([manifestFetchPlugin(config.remoteFirstByteTimeoutMs)]);
  const remotes = REMOTE_NAMES.flatMap((name) => {
    const entry = config.remotes[name];
    if (!entry) return [];
    registered.set(name, { manifestUrl: entry, buildId: null });
    return [{ name, entry }];
  });
  registerRemotes(remotes);
}

/** Throws RemoteNotConfiguredError when config.json turned this remote off. */
export function assertConfigured(remote: RemoteName): void {
  if (configured && !configured.remotes[remote])
    throw new RemoteNotConfiguredError(remote, configured.remoteProblems[remote] ?? `remotes.${remote} is missing`);
}

/** The build a remote's manifest names now: its remoteEntry.<build id>.js (or the file name, for older builds). */
export function buildIdOf(manifest: unknown): string {
  const name = (manifest as { metaData?: { remoteEntry?: { name?: unknown } } })?.metaData?.remoteEntry?.name;
  if (typeof name !== 'string' || !name) throw new Error('the manifest names no remote entry');
  return /^remoteEntry\.([0-9a-f]+)\.js$/.exec(name)?.[1] ?? name;
}

/**
 * Re-reads a remote's manifest (bypassing every cache) and, when it names a build other than the one loaded,
 * registers the remote again under a URL carrying that build id. Browsers keep an imported module for the
 * life of the page, keyed by URL, so only a new entry URL (remoteEntry.<build id>.js, which the manifest
 * names) brings the new build's chunk names; the runtime's share scope keeps the page's one copy of every
 * shared library. Returns the build id now registered.
 */
export async function reloadRemote(remote: RemoteName): Promise<string> {
  assertConfigured(remote);
  const entry = registered.get(remote);
  if (!entry) throw new RemoteNotConfiguredError(remote, `remotes.${remote} is missing`);
  const probeUrl = new URL(entry.manifestUrl);
  probeUrl.searchParams.set('snapshire-reload', String(Date.now()));
  const response = await fetchWithFirstByteTimeout(
    probeUrl.href,
    { cache: 'no-store' },
    configured?.remoteFirstByteTimeoutMs ?? 8_000,
  );
  if (!response.ok) throw new Error(`${entry.manifestUrl} answered HTTP ${response.status}`);
  const buildId = buildIdOf(await response.json());
  if (buildId !== entry.buildId) {
    const url = new URL(entry.manifestUrl);
    url.searchParams.set('build', buildId);
    registerRemotes([{ name: remote, entry: url.href }], { force: true });
    entry.buildId = buildId;
  }
  lastChecked.set(remote, Date.now());
  return buildId;
}

export function federationId<R extends RemoteName>(remote: R, module: ExposedModule<R>): string {
  return `${remote}/${module}`;
}

/** Loads an exposed screen module; a missing module is an error, not an empty page. */
export async function loadFederatedModule(id: string): Promise<RemoteModule> {
  const started = startedLoads.get(id);
  if (started) {
    startedLoads.delete(id);
    return started;
  }
  const module = await loadRemote<RemoteModule>(id);
  if (!module) throw new Error(`${id} could not be loaded`);
  return module;
}

/**
 * Starts loading the screens of the address being opened while the shell renders, so the remote's files and
 * init overlap the shell's first render instead of following it. The screen's own load takes the result
 * (success or failure alike: its slot reports a failure as ever, once).
 */
export function startLoadingScreens(screens: readonly { remote: RemoteName; module: string }[]): void {
  for (const { remote, module } of screens) {
    const id = `${remote}/${module}`;
    if (!configured?.remotes[remote] || startedLoads.has(id)) continue;
    const load = (async () => {
      const loaded = await loadRemote<RemoteModule>(id);
      if (!loaded) throw new Error(`${id} could not be loaded`);
      return loaded;
    })();
    load.catch(() => undefined); // reported by the screen that takes it
    startedLoads.set(id, load);
  }
}

export const partOf = (remote: RemoteName): string => REMOTES[remote].part;
