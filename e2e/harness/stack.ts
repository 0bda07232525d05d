/** What the e2e stack is, as global setup publishes it to the tests (through the environment). */
export interface E2EStack {
  hostUrl: string;
  supabaseUrl: string;
  anonKey: string;
  serviceRoleKey: string;
  remoteOrigins: Record<'remote_browse' | 'remote_auth' | 'remote_upload', string>;
}

export const STACK_ENV = 'SNAPSHIRE_E2E_STACK';
export const STACK_PID_ENV = 'SNAPSHIRE_E2E_STACK_PID';
export const STACK_DATA_DIR_ENV = 'SNAPSHIRE_E2E_DATA_DIR';

export function readStack(): E2EStack {
  const raw = process.env[STACK_ENV];
  if (!raw) throw new Error(`${STACK_ENV} is not set: run the tests through playwright.config.ts (global setup)`);
  return JSON.parse(raw) as E2EStack;
}
