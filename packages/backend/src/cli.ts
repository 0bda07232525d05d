/**
 * `npm run start -w @snapshire/backend`: the embedded backend, configured from the environment
 * (PORT, HOST, DATA_DIR, DATABASE_URL, JWT_SECRET, SITE_URL, AUTOCONFIRM, SUPABASE_PROJECT_DIR, CORS_ORIGINS,
 * SEED, FIXTURES, MAILBOX, RATE_LIMIT_SIGN_IN_SIGN_UPS, ALLOW_INSECURE_PUBLIC_BACKEND).
 */
import { DataDirLockedError, InsecureConfigError, startBackend } from './index.ts';

function flag(value: string | undefined): boolean | undefined {
  if (value === undefined || value === '') return undefined;
  return ['1', 'true', 'yes', 'on'].includes(value.toLowerCase());
}

function list(value: string | undefined): string[] | undefined {
  return value
    ? value
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean)
    : undefined;
}

function positiveInteger(name: string, value: string | undefined): number | undefined {
  if (value === undefined || value === '') return undefined;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1) throw new Error(`${name} must be a positive integer, not "${value}"`);
  return n;
}

const env = process.env;
try {
  const backend = await startBackend({
    port: env.PORT ? Number(env.PORT) : undefined,
    host: env.HOST || undefined,
    dataDir: env.DATA_DIR || undefined,
    databaseUrl: env.DATABASE_URL || undefined,
    projectDir: env.SUPABASE_PROJECT_DIR || undefined,
    jwtSecret: env.JWT_SECRET || undefined,
    siteUrl: env.SITE_URL || undefined,
    autoconfirm: flag(env.AUTOCONFIRM),
    corsOrigins: list(env.CORS_ORIGINS),
    seed: flag(env.SEED),
    fixtures: list(env.FIXTURES),
    mailbox: flag(env.MAILBOX),
    allowInsecurePublicBackend: flag(env.ALLOW_INSECURE_PUBLIC_BACKEND),
    authRateLimits: { signInSignUps: positiveInteger('RATE_LIMIT_SIGN_IN_SIGN_UPS', env.RATE_LIMIT_SIGN_IN_SIGN_UPS) },
    // A server started on its own serves visitors: their first call should not wait for a function's import.
    warmFunctions: true,
  });
  console.log(`[backend] API URL:          ${backend.url}`);
  console.log(`[backend] anon key:         ${backend.anonKey}`);
  console.log(`[backend] service_role key: ${backend.serviceRoleKey}`);
  console.log(`[backend] database:         ${backend.dbUrl}`);
  if (backend.mailbox) console.log(`[backend] mailbox:          ${backend.url}/mailbox`);
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`[backend] ${signal}: stopping`);
    await backend.stop();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
} catch (err) {
  // Only the message: PGlite's errors carry megabytes of minified code.
  console.error(`[backend] failed to start: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(err instanceof DataDirLockedError ? 3 : err instanceof InsecureConfigError ? 5 : 1);
}
