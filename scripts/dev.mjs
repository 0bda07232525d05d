// `npm run dev`: the embedded backend plus Vite dev servers for the host and each remote, on the same ports
// as `npm start`. The host loads the remotes from their dev servers, so an edit in a remote shows up inside
// the host (remote HMR). Ctrl+C stops everything. Settings: see scripts/lib/stack.mjs and README.md.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { REPO_ROOT, federation, startBackendFromEnv } from './lib/stack.mjs';

const env = process.env;
const ports = federation.portsFromEnv(env);
const publicHost = env.SNAPSHIRE_PUBLIC_HOST || '127.0.0.1';
const hostUrl = `http://${publicHost}:${ports.host}`;
const log = (line) => console.log(line);

const APPS = [
  { dir: 'host', label: 'host' },
  { dir: 'remote-browse', label: 'browse' },
  { dir: 'remote-auth', label: 'auth' },
  { dir: 'remote-upload', label: 'upload' },
];

let backend;
try {
  backend = await startBackendFromEnv({
    env,
    log,
    siteUrl: hostUrl,
    port: ports.backend,
    host: env.BIND_HOST || '127.0.0.1',
  });
} catch (err) {
  console.error(`The backend could not start: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
}

// Every dev server serves /config.json from these (packages/federation runtimeConfigPlugin).
const childEnv = {
  ...env,
  SUPABASE_URL: backend.supabaseUrl,
  SUPABASE_ANON_KEY: backend.anonKey,
  HOST_PORT: String(ports.host),
  REMOTE_BROWSE_PORT: String(ports.remote_browse),
  REMOTE_AUTH_PORT: String(ports.remote_auth),
  REMOTE_UPLOAD_PORT: String(ports.remote_upload),
};

const vite = join(REPO_ROOT, 'node_modules', 'vite', 'bin', 'vite.js');
const children = APPS.map(({ dir, label }) => {
  // --force: a warm optimized-deps cache leaves a remote's page blank ("jsx is not a function"); re-optimizing
  // on every start costs a few seconds and always works.
  const child = spawn(process.execPath, [vite, '--force'], {
    cwd: join(REPO_ROOT, dir),
    env: childEnv,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const prefix = `[${label}]`.padEnd(9);
  for (const stream of [child.stdout, child.stderr])
    stream.on('data', (chunk) => {
      for (const line of chunk.toString().split('\n')) if (line.trim()) console.log(`${prefix} ${line}`);
    });
  child.on('exit', (code, signal) => {
    if (!stopping) {
      console.error(`${prefix} exited (${signal ?? code}); stopping everything`);
      void shutdown('exit');
    }
  });
  return child;
});

let stopping = false;
async function shutdown(reason) {
  if (stopping) return;
  stopping = true;
  log(`\n${reason}: stopping…`);
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
  await Promise.all(
    children.map((child) => (child.exitCode === null ? new Promise((ok) => child.once('exit', ok)) : null)),
  );
  await backend.stop();
  process.exit(0);
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));

log(
  `\n  Snapshire (dev) is starting: open ${hostUrl}\n  backend ${backend.supabaseUrl}; remotes on ports ${ports.remote_browse}-${ports.remote_upload}. Ctrl+C stops.\n`,
);
