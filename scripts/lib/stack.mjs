// Runs the built site the way it is deployed: the embedded backend (or a real Supabase project), the host and
// each remote on its own port (its own origin), and the host's /config.json pointing at all of them.
// Used by `npm start` (scripts/start.mjs) and by the e2e harness.
import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, isAbsolute, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { register } from 'tsx/esm/api';
import { startStaticServer } from './static-server.mjs';

export { federation };
export const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');

// The workspace packages are TypeScript: load them through tsx.
register();
const federation = await import('../../packages/federation/src/index.ts');

/** Where each app's build lives. */
export const DIST = {
  host: join(REPO_ROOT, 'host', 'dist'),
  remote_browse: join(REPO_ROOT, 'remote-browse', 'dist'),
  remote_auth: join(REPO_ROOT, 'remote-auth', 'dist'),
  remote_upload: join(REPO_ROOT, 'remote-upload', 'dist'),
};

/**
 * @typedef {object} Stack
 * @property {string} hostUrl
 * @property {string} supabaseUrl
 * @property {string} anonKey
 * @property {string | undefined} serviceRoleKey  only for the embedded backend
 * @property {Record<string, string>} remoteOrigins
 * @property {object} config                       the runtime config served as /config.json
 * @property {() => Promise<void>} stop
 */

/**
 * Starts everything. Settings come from `env` (see README): HOST_PORT, REMOTE_BROWSE_PORT, REMOTE_AUTH_PORT,
 * REMOTE_UPLOAD_PORT, BACKEND_PORT, DATA_DIR (default .data; "memory" for a throw-away in-memory database),
 * BIND_HOST, SNAPSHIRE_PUBLIC_HOST, ALLOW_INSECURE_PUBLIC_BACKEND, RATE_LIMIT_SIGN_IN_SIGN_UPS, SUPABASE_URL + SUPABASE_ANON_KEY (use a real project instead of the embedded
 * backend), JWT_SECRET, FIXTURES (comma-separated supabase/fixtures to load, e.g. large-group), REMOTE_TIMEOUT_MS,
 * REMOTE_FIRST_BYTE_TIMEOUT_MS, LANDING_IMAGE_URL, REMOTE_BROWSE_URL / REMOTE_AUTH_URL / REMOTE_UPLOAD_URL (a remote's
 * mf-manifest.json elsewhere).
 * @param {{ env?: NodeJS.ProcessEnv, log?: (line: string) => void, writeConfig?: boolean }} [options]
 * @returns {Promise<Stack>}
 */
export async function startStack({ env = process.env, log = console.log, writeConfig = false } = {}) {
  for (const [app, dir] of Object.entries(DIST))
    if (!existsSync(join(dir, 'index.html'))) throw new Error(`${app} is not built (${dir}): run npm run build first`);

  const ports = federation.portsFromEnv(env);
  const bindHost = env.BIND_HOST || '127.0.0.1';
  const publicHost = env.SNAPSHIRE_PUBLIC_HOST || '127.0.0.1';
  const origin = (port) => `http://${publicHost}:${port}`;
  const hostUrl = origin(ports.host);
  const remoteOrigins = Object.fromEntries(federation.REMOTE_NAMES.map((name) => [name, origin(ports[name])]));

  const stoppers = [];
  const stop = async () => {
    for (const close of stoppers.splice(0).reverse()) await close().catch((err) => log(`stop: ${err?.message ?? err}`));
  };

  try {
    // 1. The backend: a real Supabase project when SUPABASE_URL is set, else the embedded one.
    const backend = await startBackendFromEnv({ env, log, siteUrl: hostUrl, port: ports.backend, host: bindHost });
    stoppers.push(backend.stop);
    const { supabaseUrl, anonKey, serviceRoleKey } = backend;

    // 2. The runtime config the host reads at start.
    const config = federation.buildRuntimeConfig({
      supabaseUrl,
      supabaseAnonKey: anonKey,
      remoteOrigins,
      remoteTimeoutMs: env.REMOTE_TIMEOUT_MS ? Number(env.REMOTE_TIMEOUT_MS) : undefined,
      remoteFirstByteTimeoutMs: env.REMOTE_FIRST_BYTE_TIMEOUT_MS ? Number(env.REMOTE_FIRST_BYTE_TIMEOUT_MS) : undefined,
      landingImageUrl: env.LANDING_IMAGE_URL || undefined,
    });
    // Each remote's entry: REMOTE_<NAME>_URL, else what host/dist/config.json names (an operator pointed it at
    // another deployment), else the local server started below.
    const onDisk = writeConfig ? await readConfigOnDisk(log) : null;
    for (const name of federation.REMOTE_NAMES) {
      const fromEnv = env[`${name.toUpperCase()}_URL`];
      const buildDefault = federation.remoteManifestUrl(origin(federation.DEFAULT_PORTS[name]));
      const fromFile = onDisk?.remotes?.[name];
      if (fromEnv) config.remotes[name] = fromEnv;
      else if (typeof fromFile === 'string' && fromFile !== buildDefault) config.remotes[name] = fromFile;
    }
    const configJson = JSON.stringify(config, null, 2) + '\n';
    // npm start writes it to disk and serves it from there, so an edit (a remote moved to a new manifest)
    // takes effect on the next page load; the e2e harness keeps it in memory (several stacks, one dist).
    if (writeConfig) await writeFile(join(DIST.host, 'config.json'), configJson);

    // 3. The host and each remote on their own origin.
    const host = await startStaticServer({
      root: DIST.host,
      port: ports.host,
      host: bindHost,
      spa: true,
      overrides: writeConfig ? {} : { '/config.json': configJson },
    });
    stoppers.push(host.close);
    for (const name of federation.REMOTE_NAMES) {
      const server = await startStaticServer({ root: DIST[name], port: ports[name], host: bindHost });
      stoppers.push(server.close);
    }
    return { hostUrl, supabaseUrl, anonKey, serviceRoleKey, remoteOrigins, config, stop };
  } catch (err) {
    await stop();
    throw err;
  }
}

/** host/dist/config.json as it is on disk (the build's default, or an operator's edit), or null. */
async function readConfigOnDisk(log) {
  const file = join(DIST.host, 'config.json');
  if (!existsSync(file)) return null;
  try {
    return JSON.parse(await readFile(file, 'utf8'));
  } catch (err) {
    log(`${file} is not valid JSON (${err instanceof Error ? err.message : err}); writing a fresh one`);
    return null;
  }
}

/**
 * The backend the site talks to: a real Supabase project when SUPABASE_URL (+ SUPABASE_ANON_KEY) is set,
 * else the embedded one (data in DATA_DIR, default .data/; DATA_DIR=memory for a throw-away database).
 * @returns {Promise<{ supabaseUrl: string, anonKey: string, serviceRoleKey?: string, stop: () => Promise<void> }>}
 */
export async function startBackendFromEnv({ env = process.env, log = console.log, siteUrl, port, host = '127.0.0.1' }) {
  if (env.SUPABASE_URL) {
    if (!env.SUPABASE_ANON_KEY)
      throw new Error('SUPABASE_URL is set: set SUPABASE_ANON_KEY (the project anon key) too');
    log(`Using the Supabase project at ${env.SUPABASE_URL}`);
    return { supabaseUrl: env.SUPABASE_URL, anonKey: env.SUPABASE_ANON_KEY, stop: async () => {} };
  }
  const { startBackend } = await import('@snapshire/backend');
  const dataDir = env.DATA_DIR === 'memory' ? undefined : resolveDataDir(env.DATA_DIR || '.data');
  if (dataDir) await mkdir(dataDir, { recursive: true });
  const backend = await startBackend({
    port: port ?? federation.portsFromEnv(env).backend,
    host,
    dataDir,
    jwtSecret: env.JWT_SECRET || undefined,
    // On a BIND_HOST other than loopback a short JWT secret is refused unless the operator insists (a warning).
    allowInsecurePublicBackend: ['1', 'true', 'yes', 'on'].includes(
      (env.ALLOW_INSECURE_PUBLIC_BACKEND ?? '').toLowerCase(),
    ),
    siteUrl,
    // config.toml's sign_in_sign_ups (per IP per 5 minutes) raised for a run that signs in often (e2e).
    authRateLimits: env.RATE_LIMIT_SIGN_IN_SIGN_UPS
      ? { signInSignUps: positiveInteger('RATE_LIMIT_SIGN_IN_SIGN_UPS', env.RATE_LIMIT_SIGN_IN_SIGN_UPS) }
      : undefined,
    fixtures: env.FIXTURES
      ? env.FIXTURES.split(',')
          .map((name) => name.trim())
          .filter(Boolean)
      : undefined,
    log: (line) => log(`[backend] ${line}`),
    // The site's first visitor should not wait for an edge function's import (sign-photos: about 0.4 s).
    warmFunctions: true,
  });
  return {
    supabaseUrl: backend.url,
    anonKey: backend.anonKey,
    serviceRoleKey: backend.serviceRoleKey,
    stop: () => backend.stop(),
  };
}

function positiveInteger(name, value) {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1) throw new Error(`${name} must be a positive integer, not "${value}"`);
  return n;
}

function resolveDataDir(dir) {
  return isAbsolute(dir) ? dir : join(REPO_ROOT, dir);
}
