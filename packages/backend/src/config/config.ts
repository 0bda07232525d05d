import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEFAULT_JWT_SECRET } from './keys.ts';
import { parseToml, type TomlTable, type TomlValue } from './toml.ts';

/** The repository's supabase/ folder: what the backend serves unless told otherwise. */
export const DEFAULT_PROJECT_DIR = resolve(fileURLToPath(new URL('../../../../supabase', import.meta.url)));

export interface BackendOptions {
  /** Port to listen on (default 54321; 0 = any free port). */
  port?: number;
  /** Interface to listen on (default 127.0.0.1). */
  host?: string;
  /** Database + stored objects; undefined = in-memory database and a temporary folder for objects. */
  dataDir?: string;
  /** A real PostgreSQL instead of PGlite. */
  databaseUrl?: string;
  /** A Supabase project folder (migrations/, seed.sql, seed/, functions/, fixtures/, config.toml). */
  projectDir?: string;
  jwtSecret?: string;
  /** Sign-ups are confirmed at once, no e-mail (GoTrue's MAILER_AUTOCONFIRM). Default: config.toml, else false. */
  autoconfirm?: boolean;
  /** Where confirmation links send the user when redirect_to is absent or not allowed. */
  siteUrl?: string;
  /** More allowed redirect_to URLs (prefix match; `*` and `**` globs). Localhost URLs are always allowed. */
  additionalRedirectUrls?: string[];
  /** Run seed.sql and seed/index.ts once per database (default true). */
  seed?: boolean;
  /** Fixture names to load from `<projectDir>/fixtures/<name>.ts`. */
  fixtures?: string[];
  /** Browser origins allowed by CORS; default: any http(s)://localhost or 127.0.0.1 origin. `*` = any. */
  corsOrigins?: string[];
  /** Access token lifetime in seconds (default 3600). */
  jwtExpiry?: number;
  /** Seconds a rotated refresh token may still be presented (concurrent tabs) before reuse is refused. */
  refreshTokenReuseInterval?: number;
  minimumPasswordLength?: number;
  /** Lifetime of confirmation links in seconds (default 86400). */
  otpExpiry?: number;
  /** Logger for one-line messages (default console.log with a prefix); false = silent. */
  log?: ((message: string) => void) | false;
}

export interface ResolvedConfig {
  port: number;
  host: string;
  dataDir: string | undefined;
  databaseUrl: string | undefined;
  projectDir: string;
  jwtSecret: string;
  autoconfirm: boolean;
  siteUrl: string;
  additionalRedirectUrls: string[];
  seed: boolean;
  fixtures: string[];
  corsOrigins: string[] | undefined;
  jwtExpiry: number;
  refreshTokenRotation: boolean;
  refreshTokenReuseInterval: number;
  minimumPasswordLength: number;
  otpExpiry: number;
  enableSignup: boolean;
  /** Largest object storage accepts at all (bucket limits may be lower). */
  storageFileSizeLimit: number;
  /** Per function: whether /functions/v1/<name> requires a valid JWT (Supabase's verify_jwt, default true). */
  functionVerifyJwt: Record<string, boolean>;
  log: (message: string) => void;
}

function table(t: Record<string, TomlTable>, name: string): TomlTable {
  return t[name] ?? {};
}
function str(v: TomlValue | undefined): string | undefined {
  return typeof v === 'string' && v ? v : undefined;
}
function num(v: TomlValue | undefined): number | undefined {
  return typeof v === 'number' ? v : undefined;
}
function bool(v: TomlValue | undefined): boolean | undefined {
  return typeof v === 'boolean' ? v : undefined;
}

/** "50MiB", "10MB", "512KB", "1GB", 1024 -> bytes. */
export function parseSize(v: TomlValue | undefined): number | undefined {
  if (typeof v === 'number') return v;
  if (typeof v !== 'string') return undefined;
  const m = /^\s*(\d+(?:\.\d+)?)\s*(b|kb|kib|mb|mib|gb|gib)?\s*$/i.exec(v);
  if (!m) return undefined;
  const unit = (m[2] ?? 'b').toLowerCase();
  const mult = unit === 'b' ? 1 : unit.startsWith('k') ? 1024 : unit.startsWith('m') ? 1024 ** 2 : 1024 ** 3;
  return Math.round(Number(m[1]) * mult);
}

/** Options win over the project's config.toml, which wins over defaults. */
export function resolveConfig(options: BackendOptions = {}): ResolvedConfig {
  const projectDir = resolve(options.projectDir ?? DEFAULT_PROJECT_DIR);
  const tomlPath = join(projectDir, 'config.toml');
  const toml = existsSync(tomlPath) ? parseToml(readFileSync(tomlPath, 'utf8')) : {};
  const auth = table(toml, 'auth');
  const email = table(toml, 'auth.email');
  const storage = table(toml, 'storage');

  const functionVerifyJwt: Record<string, boolean> = {};
  for (const [name, t] of Object.entries(toml)) {
    const m = /^functions\.(.+)$/.exec(name);
    const verify = bool(t['verify_jwt']);
    if (m && verify !== undefined) functionVerifyJwt[m[1]!.replace(/^"(.*)"$/, '$1')] = verify;
  }

  const confirmations = bool(email['enable_confirmations']);
  const log =
    options.log === false ? () => {} : (options.log ?? ((message: string) => console.log(`[backend] ${message}`)));
  const redirectUrls = auth['additional_redirect_urls'];
  return {
    port: options.port ?? 54321,
    host: options.host ?? '127.0.0.1',
    dataDir: options.dataDir ? resolve(options.dataDir) : undefined,
    databaseUrl: options.databaseUrl || undefined,
    projectDir,
    jwtSecret: options.jwtSecret ?? DEFAULT_JWT_SECRET,
    // This product confirms e-mail addresses unless told otherwise (Supabase's CLI default is the opposite).
    autoconfirm: options.autoconfirm ?? (confirmations === undefined ? false : !confirmations),
    siteUrl: options.siteUrl ?? str(auth['site_url']) ?? 'http://127.0.0.1:5173',
    additionalRedirectUrls:
      options.additionalRedirectUrls ??
      (Array.isArray(redirectUrls) ? redirectUrls.filter((u): u is string => typeof u === 'string') : []),
    seed: options.seed ?? true,
    fixtures: options.fixtures ?? [],
    corsOrigins: options.corsOrigins,
    jwtExpiry: options.jwtExpiry ?? num(auth['jwt_expiry']) ?? 3600,
    refreshTokenRotation: bool(auth['enable_refresh_token_rotation']) ?? true,
    refreshTokenReuseInterval: options.refreshTokenReuseInterval ?? num(auth['refresh_token_reuse_interval']) ?? 10,
    minimumPasswordLength: options.minimumPasswordLength ?? num(auth['minimum_password_length']) ?? 8,
    otpExpiry: options.otpExpiry ?? num(email['otp_expiry']) ?? 86_400,
    enableSignup: bool(auth['enable_signup']) ?? true,
    storageFileSizeLimit: parseSize(storage['file_size_limit']) ?? 50 * 1024 * 1024,
    functionVerifyJwt,
    log,
  };
}
