/**
 * Shared e2e fixtures. Specs import `test` and `expect` from here:
 *
 *   import { test, expect } from '../harness/fixtures.ts';
 *   test('...', async ({ page, stack, supabaseAdmin }) => { ... });
 *
 * - `stack`: URLs and keys of the running site (host, backend, remotes), started once by global setup.
 * - `supabaseAdmin`: a service-role supabase-js client on the e2e backend (bypasses RLS: test setup only).
 * - `supabaseAnon()`: a fresh anon client, as a browser would have before signing in.
 * - `pageErrors`: uncaught errors of `page`, collected for assertions.
 * - `sandbox(options)`: a private copy of the site whose remotes can go down or hang (see sandbox.ts).
 * Every test fails on a Content-Security-Policy violation in its browser context (the static server's policy
 * must allow everything the site really does, and nothing more). A failed test prints what its browser saw
 * (failureDiagnostics.ts).
 */
import { test as base, expect, type Page } from '@playwright/test';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import WebSocket from 'ws';
import { FailureDiagnostics } from './failureDiagnostics.ts';
import { startSandbox, type RemoteState, type RemoteName, type Sandbox, type SandboxOptions } from './sandbox.ts';
import { readStack, type E2EStack } from './stack.ts';

export { expect };
export type { E2EStack, Sandbox, RemoteName, RemoteState };

/** supabase-js on Node 20 needs a WebSocket implementation for its (unused) realtime client. */
export function nodeSupabase(stack: E2EStack, key: string): SupabaseClient {
  return createClient(stack.supabaseUrl, key, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    realtime: { transport: WebSocket as never },
  });
}

interface Fixtures {
  pageErrors: string[];
  supabaseAnon: () => SupabaseClient;
  sandbox: (options: Partial<SandboxOptions>) => Promise<Sandbox>;
}
interface WorkerFixtures {
  stack: E2EStack;
  supabaseAdmin: SupabaseClient;
}

/** Reports each CSP violation of the page on the console, where the context fixture collects it. */
const CSP_VIOLATION_PREFIX = 'CSP violation:';
const REPORT_CSP_VIOLATIONS = `document.addEventListener('securitypolicyviolation', (e) =>
  console.error('${CSP_VIOLATION_PREFIX} ' + e.effectiveDirective + ' blocked ' + (e.blockedURI || 'inline') + ' on ' + e.documentURI));`;

export const test = base.extend<Fixtures, WorkerFixtures>({
  context: async ({ context }, use, testInfo) => {
    const diagnostics = new FailureDiagnostics(context);
    const violations: string[] = [];
    await context.addInitScript({ content: REPORT_CSP_VIOLATIONS });
    context.on('console', (message) => {
      if (message.type() === 'error' && message.text().startsWith(CSP_VIOLATION_PREFIX))
        violations.push(message.text());
    });
    await use(context);
    if (testInfo.status !== testInfo.expectedStatus)
      console.log(`What the browser saw in "${testInfo.title}":\n${await diagnostics.report()}`);
    expect(violations, 'Content-Security-Policy violations').toEqual([]);
  },
  stack: [async ({}, use) => use(readStack()), { scope: 'worker' }],
  supabaseAdmin: [async ({ stack }, use) => use(nodeSupabase(stack, stack.serviceRoleKey)), { scope: 'worker' }],
  supabaseAnon: async ({ stack }, use) => use(() => nodeSupabase(stack, stack.anonKey)),
  pageErrors: async ({ page }, use) => {
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await use(errors);
  },
  sandbox: async ({ stack }, use) => {
    const started: Sandbox[] = [];
    await use(async ({ remoteTimeoutMs = 120_000, ...options } = {}) => {
      const sandbox = await startSandbox(stack, { remoteTimeoutMs, ...options });
      started.push(sandbox);
      return sandbox;
    });
    for (const sandbox of started) await sandbox.close();
  },
});

/**
 * Waits until React has drawn the page over the shell the HTML drew (host/build/prerenderShell.tsx): until
 * then the shell's links are plain links, and a click loads a new document. React marks each element it
 * creates with a property of its own. On a loaded machine the first commit can come seconds after the
 * network is idle.
 */
export async function waitForApp(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const first = document.getElementById('root')?.firstElementChild;
    return !!first && Object.keys(first).some((key) => key.startsWith('__reactFiber$'));
  });
}

/** Marks the current document, so a test can tell a client-side navigation from a full page load. */
export async function markDocument(page: Page): Promise<void> {
  await page.evaluate(() => {
    (window as unknown as { __e2eDocumentMark?: boolean }).__e2eDocumentMark = true;
  });
}
export async function isSameDocument(page: Page): Promise<boolean> {
  return page.evaluate(() => (window as unknown as { __e2eDocumentMark?: boolean }).__e2eDocumentMark === true);
}
