import { rm } from 'node:fs/promises';
import { STACK_DATA_DIR_ENV, STACK_PID_ENV } from './stack.ts';

/** Stops the stack global setup started (SIGTERM: it closes its servers and the database) and removes its data. */
export default async function globalTeardown(): Promise<void> {
  const pid = Number(process.env[STACK_PID_ENV]);
  if (pid) {
    try {
      process.kill(pid, 'SIGTERM');
      for (let i = 0; i < 100 && alive(pid); i++) await new Promise((r) => setTimeout(r, 100));
      if (alive(pid)) process.kill(pid, 'SIGKILL');
    } catch {
      /* already gone */
    }
  }
  const dataDir = process.env[STACK_DATA_DIR_ENV];
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
