import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEFAULT_JWT_SECRET } from './keys.ts';
import type { AuthRateLimits, PasswordRequirements } from '../auth/rate-limits.ts';
import type { ReconcileSettings } from '../reconcile/settings.ts';
import { DEFAULT_REALTIME_LIMITS, type RealtimeLimits } from '../realtime/limits.ts';
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
  /**
   * Serve /mailbox (every e-mail sent, with its links). Default: only when listening on a loopback
   * interface; `true` serves it anywhere (a machine of your own), `false` nowhere.
   */
  mailbox?: boolean;
  /**
   * Start on a non-loopback interface even with a JWT secret under 32 characters or the mailbox on (a warning
   * is logged at every start); without it such a start is refused. Env ALLOW_INSECURE_PUBLIC_BACKEND=1.
   */
  allowInsecurePublicBackend?: boolean;
  /** Override of config.toml [storage.image_transformation] cache_max_size (bytes). */
  renderCacheMaxBytes?: number;
  /**
   * Load every edge function right after start, in the background, so that its first caller does not wait for
   * its import (about 0.3-0.45 s for sign-photos). A function that fails to load is logged and tried again on
   * its first call. Default false: test suites start hundreds of backends and call few functions.
   */
  warmFunctions?: boolean;
  /** Overrides of config.toml [auth.rate_limit] and [auth.email] max_frequency. */
  authRateLimits?: Partial<AuthRateLimits>;
  /** Override of config.toml [auth] password_requirements. */
  passwordRequirements?: PasswordRequirements;
  /** Overrides of config.toml [storage.reconcile] (tests). */
  reconcile?: Partial<Pick<ReconcileSettings, 'enabled' | 'intervalMs' | 'gracePeriodMs'>>;
  /** Overrides of the realtime websocket's limits (src/realtime/limits.ts); config.toml [realtime] enabled decides whether it is served. */
  realtimeLimits?: Partial<RealtimeLimits>;
  /** statement_timeout (ms) per API role for request transactions (default: config.toml [db.statement_timeout]). */
  statementTimeouts?: Partial<Record<'anon' | 'authenticated' | 'service_role', number>>;
  /**
   * Called when the data directory's lock is lost (the database is already fenced). Default: print the
   * reason and exit the process with code 4.
   */
  onFatal?: (err: Error) => void;
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
  statementTimeouts: Partial<Record<'anon' | 'authenticated' | 'service_role', number>>;
  /** Bytes of rendered images kept on disk ([storage.image_transformation] cache_max_size). */
  renderCacheMaxBytes: number;
  /** GoTrue's rate limits ([auth.rate_limit]; a limit config.toml does not set is not enforced). */
  authRateLimits: AuthRateLimits;
  /** GoTrue's password_requirements ([auth] password_requirements; '' = length only). */
  passwordRequirements: PasswordRequirements;
  /** Clean-up of interrupted uploads (config.toml [storage.reconcile]). */
  reconcile: ReconcileSettings;
  /** Whether /mailbox is served (see BackendOptions.mailbox). */
  mailbox: boolean;
  /** Whether /realtime/v1/websocket is served (config.toml [realtime] enabled, default true), and its limits. */
  realtime: { enabled: boolean; limits: RealtimeLimits };
  allowInsecurePublicBackend: boolean;
  onFatal: ((err: Error) => void) | undefined;
  warmFunctions: boolean;
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

/** "3s", "500ms", "1min", 8000 (ms) -> milliseconds, as PostgreSQL reads statement_timeout. */
export function parseDuration(v: TomlValue | undefined): number | undefined {
  if (typeof v === 'number') return v;
  if (typeof v !== 'string') return undefined;
  const m = /^\s*(\d+(?:\.\d+)?)\s*(ms|s|min|h)?\s*$/i.exec(v);
  if (!m) return undefined;
  const unit = (m[2] ?? 'ms').toLowerCase();
  const mult = unit === 'ms' ? 1 : unit === 's' ? 1000 : unit === 'min' ? 60_000 : 3_600_000;
  return Math.round(Number(m[1]) * mult);
}

/** 127.0.0.1, ::1, localhost: an interface only this machine can reach. */
export function isLoopbackHost(host: string): boolean {
  const h = host.replace(/^\[|\]$/g, '').toLowerCase();
  return h === 'localhost' || h === '::1' || /^127(\.\d{1,3}){3}$/.test(h) || h === '::ffff:127.0.0.1';
}

/** Supabase's minimum length for a project's JWT secret. */
export const MIN_JWT_SECRET_LENGTH = 32;

/**
 * What makes listening on a non-loopback interface unsafe (empty on loopback): a JWT secret short enough to
 * guess, or the mailbox, which shows every confirmation link to whoever asks.
 */
export function publicExposureRisks(config: Pick<ResolvedConfig, 'host' | 'jwtSecret' | 'mailbox'>): string[] {
  if (isLoopbackHost(config.host)) return [];
  const risks: string[] = [];
  if (config.jwtSecret.length < MIN_JWT_SECRET_LENGTH)
    risks.push(
      `the JWT secret is shorter than ${MIN_JWT_SECRET_LENGTH} characters (anyone could guess it and sign a service_role token)`,
    );
  if (config.mailbox) risks.push('/mailbox is served (every confirmation link, readable by anyone; MAILBOX=1)');
  return risks;
}

/** Options win over the project's config.toml, which wins over defaults. */
export function resolveConfig(options: BackendOptions = {}): ResolvedConfig {
  const projectDir = resolve(options.projectDir ?? DEFAULT_PROJECT_DIR);
  const tomlPath = join(projectDir, 'config.toml');
  const toml = existsSync(tomlPath) ? parseToml(readFileSync(tomlPath, 'utf8')) : {};
  const auth = table(toml, 'auth');
  const email = table(toml, 'auth.email');
  const storage = table(toml, 'storage');
  const timeouts = table(toml, 'db.statement_timeout');
  const reconcile = table(toml, 'storage.reconcile');
  const rateLimit = table(toml, 'auth.rate_limit');
  const requirements = str(auth['password_requirements']) ?? '';
  if (
    !['', 'letters_digits', 'lower_upper_letters_digits', 'lower_upper_letters_digits_symbols'].includes(requirements)
  ) {
    throw new Error(`config.toml [auth] password_requirements: unknown value "${requirements}"`);
  }
  const reconcileTable = str(reconcile['table']);

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
  const host = options.host ?? '127.0.0.1';
  return {
    port: options.port ?? 54321,
    host,
    mailbox: options.mailbox ?? isLoopbackHost(host),
    allowInsecurePublicBackend: options.allowInsecurePublicBackend ?? false,
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
    statementTimeouts: options.statementTimeouts ?? {
      // Supabase's own role settings when config.toml says nothing.
      anon: parseDuration(timeouts['anon']) ?? 3000,
      authenticated: parseDuration(timeouts['authenticated']) ?? 8000,
      service_role: parseDuration(timeouts['service_role']),
    },
    onFatal: options.onFatal,
    warmFunctions: options.warmFunctions ?? false,
    renderCacheMaxBytes:
      options.renderCacheMaxBytes ??
      parseSize(table(toml, 'storage.image_transformation')['cache_max_size']) ??
      256 * 1024 * 1024,
    authRateLimits: {
      signInSignUps: options.authRateLimits?.signInSignUps ?? num(rateLimit['sign_in_sign_ups']) ?? Infinity,
      tokenRefresh: options.authRateLimits?.tokenRefresh ?? num(rateLimit['token_refresh']) ?? Infinity,
      emailSent: options.authRateLimits?.emailSent ?? num(rateLimit['email_sent']) ?? Infinity,
      emailMaxFrequencyMs: options.authRateLimits?.emailMaxFrequencyMs ?? parseDuration(email['max_frequency']) ?? 0,
    },
    passwordRequirements: options.passwordRequirements ?? (requirements as PasswordRequirements),
    realtime: {
      enabled: bool(table(toml, 'realtime')['enabled']) ?? true,
      limits: { ...DEFAULT_REALTIME_LIMITS, ...options.realtimeLimits },
    },
    reconcile: {
      enabled: options.reconcile?.enabled ?? bool(reconcile['enabled']) ?? true,
      intervalMs: options.reconcile?.intervalMs ?? parseDuration(reconcile['interval']) ?? 5 * 60_000,
      gracePeriodMs: options.reconcile?.gracePeriodMs ?? parseDuration(reconcile['grace_period']) ?? 15 * 60_000,
      rule: reconcileTable
        ? {
            bucket: str(reconcile['bucket']) ?? '',
            table: reconcileTable,
            readyColumn: str(reconcile['ready_column']) ?? 'ready',
            createdColumn: str(reconcile['created_column']) ?? 'created_at',
            objectName: str(reconcile['object_name']) ?? 'name',
            objectPrefix: str(reconcile['object_prefix']) ?? '',
          }
        : undefined,
    },
    log,
  };
}
