import type { RuntimeConfig } from '@snapshire/contracts';
import { localAnonKey } from './localKeys.ts';
import { DEFAULT_PORTS, REMOTE_NAMES, remoteManifestUrl, type RemoteName } from './remotes.ts';
import { DEFAULT_LANDING_IMAGE_URL } from './site.ts';

export type RuntimeConfigJson = RuntimeConfig;

export interface RuntimeConfigInput {
  supabaseUrl: string;
  supabaseAnonKey: string;
  /** Origin each remote is served from, e.g. { remote_browse: 'http://127.0.0.1:5174', ... }. */
  remoteOrigins: Record<RemoteName, string>;
  remoteTimeoutMs?: number;
  remoteFirstByteTimeoutMs?: number;
  landingImageUrl?: string;
}

export function buildRuntimeConfig(input: RuntimeConfigInput): RuntimeConfigJson {
  const remotes = Object.fromEntries(
    REMOTE_NAMES.map((name) => [name, remoteManifestUrl(input.remoteOrigins[name])]),
  ) as RuntimeConfigJson['remotes'];
  return {
    supabaseUrl: input.supabaseUrl,
    supabaseAnonKey: input.supabaseAnonKey,
    remotes,
    ...(input.remoteTimeoutMs ? { remoteTimeoutMs: input.remoteTimeoutMs } : {}),
    ...(input.remoteFirstByteTimeoutMs ? { remoteFirstByteTimeoutMs: input.remoteFirstByteTimeoutMs } : {}),
    landingImageUrl: input.landingImageUrl ?? DEFAULT_LANDING_IMAGE_URL,
  };
}

/** Environment variables understood by the dev servers, `npm start` and the e2e harness. */
export const ENV = {
  PUBLIC_HOST: 'SNAPSHIRE_PUBLIC_HOST',
  HOST_PORT: 'HOST_PORT',
  BACKEND_PORT: 'BACKEND_PORT',
  SUPABASE_URL: 'SUPABASE_URL',
  SUPABASE_ANON_KEY: 'SUPABASE_ANON_KEY',
  JWT_SECRET: 'JWT_SECRET',
  REMOTE_TIMEOUT_MS: 'REMOTE_TIMEOUT_MS',
  REMOTE_FIRST_BYTE_TIMEOUT_MS: 'REMOTE_FIRST_BYTE_TIMEOUT_MS',
  LANDING_IMAGE_URL: 'LANDING_IMAGE_URL',
  remotePort: (name: RemoteName) => `${name.toUpperCase()}_PORT`,
} as const;

export type Env = Record<string, string | undefined>;

const intFrom = (value: string | undefined, fallback: number) => {
  const n = Number(value);
  return value && Number.isInteger(n) && n > 0 ? n : fallback;
};

/** Ports from the environment (HOST_PORT, REMOTE_BROWSE_PORT, ..., BACKEND_PORT) or README.md's defaults. */
export function portsFromEnv(env: Env): { host: number; backend: number } & Record<RemoteName, number> {
  return {
    host: intFrom(env[ENV.HOST_PORT], DEFAULT_PORTS.host),
    backend: intFrom(env[ENV.BACKEND_PORT], DEFAULT_PORTS.backend),
    remote_browse: intFrom(env[ENV.remotePort('remote_browse')], DEFAULT_PORTS.remote_browse),
    remote_auth: intFrom(env[ENV.remotePort('remote_auth')], DEFAULT_PORTS.remote_auth),
    remote_upload: intFrom(env[ENV.remotePort('remote_upload')], DEFAULT_PORTS.remote_upload),
  };
}

/** The config for local work: the embedded backend and the remotes on their default (or env) ports. */
export function runtimeConfigFromEnv(env: Env): RuntimeConfigJson {
  const host = env[ENV.PUBLIC_HOST] || '127.0.0.1';
  const ports = portsFromEnv(env);
  const origin = (port: number) => `http://${host}:${port}`;
  return buildRuntimeConfig({
    supabaseUrl: env[ENV.SUPABASE_URL] || origin(ports.backend),
    supabaseAnonKey: env[ENV.SUPABASE_ANON_KEY] || localAnonKey(env[ENV.JWT_SECRET] || undefined),
    remoteOrigins: {
      remote_browse: origin(ports.remote_browse),
      remote_auth: origin(ports.remote_auth),
      remote_upload: origin(ports.remote_upload),
    },
    remoteTimeoutMs: env[ENV.REMOTE_TIMEOUT_MS] ? intFrom(env[ENV.REMOTE_TIMEOUT_MS], 0) || undefined : undefined,
    remoteFirstByteTimeoutMs: env[ENV.REMOTE_FIRST_BYTE_TIMEOUT_MS]
      ? intFrom(env[ENV.REMOTE_FIRST_BYTE_TIMEOUT_MS], 0) || undefined
      : undefined,
    landingImageUrl: env[ENV.LANDING_IMAGE_URL] || undefined,
  });
}
