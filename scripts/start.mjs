// `npm start` (after `turbo run build`): serves the built site with the embedded backend and prints the URL.
// Everything stops on Ctrl+C (SIGINT) or SIGTERM. Settings: see scripts/lib/stack.mjs and README.md.
import { startStack } from './lib/stack.mjs';

const machineReadable = process.env.SNAPSHIRE_READY_JSON === '1';
const log = (line) => console.log(line);

let stack;
try {
  stack = await startStack({ writeConfig: !process.env.SNAPSHIRE_NO_WRITE_CONFIG });
} catch (err) {
  // Only the message: PGlite's errors can carry megabytes of minified code.
  console.error(`Snapshire could not start: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
}

let stopping = false;
async function shutdown(signal) {
  if (stopping) return;
  stopping = true;
  log(`\n${signal}: stopping Snapshire…`);
  // A wedged piece (a client holding a database connection open) must not keep the terminal hostage.
  setTimeout(() => {
    console.error('Snapshire did not stop within 15 s; exiting anyway.');
    process.exit(1);
  }, 15_000).unref();
  await stack.stop();
  process.exit(0);
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));

const remoteLines = Object.entries(stack.remoteOrigins).map(([name, origin]) => `    ${name.padEnd(14)} ${origin}`);
log(
  [
    '',
    `  Snapshire is running: open ${stack.hostUrl}`,
    '',
    `    backend        ${stack.supabaseUrl}${stack.serviceRoleKey ? `   (mailbox: ${stack.supabaseUrl}/mailbox)` : ''}`,
    ...remoteLines,
    '',
    '  Press Ctrl+C to stop.',
    '',
  ].join('\n'),
);
if (machineReadable)
  log(
    `SNAPSHIRE_READY ${JSON.stringify({
      hostUrl: stack.hostUrl,
      supabaseUrl: stack.supabaseUrl,
      anonKey: stack.anonKey,
      serviceRoleKey: stack.serviceRoleKey,
      remoteOrigins: stack.remoteOrigins,
    })}`,
  );
