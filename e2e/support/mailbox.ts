/**
 * Reads the embedded backend's mailbox (GET {backend}/mailbox/api/messages: JSON, newest first, ?to= filters
 * by recipient) to follow the links the auth service e-mails, as a person would from their inbox.
 */

import type { MailboxMessage } from '@snapshire/contracts';

export type { MailboxMessage };

export async function listMessages(backendUrl: string, to?: string): Promise<MailboxMessage[]> {
  const url = new URL('/mailbox/api/messages', backendUrl);
  if (to) url.searchParams.set('to', to);
  const response = await fetch(url);
  if (!response.ok) throw new Error(`mailbox answered ${response.status} ${await response.text()}`);
  return ((await response.json()) as { messages: MailboxMessage[] }).messages;
}

/**
 * Waits for the newest e-mail to `email` of `kind` (signup by default) and returns its link: opening it in
 * the browser goes through GET /auth/v1/verify, which redirects to redirect_to with the session in the
 * fragment (supabase-js's detectSessionInUrl then signs the page in).
 */
export async function waitForConfirmationLink(
  backendUrl: string,
  email: string,
  { kind = 'signup', timeoutMs = 15_000 }: { kind?: string; timeoutMs?: number } = {},
): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const message = (await listMessages(backendUrl, email)).find((m) => m.kind === kind);
    const link = message?.links.find((l) => l.url.includes('/auth/v1/verify'))?.url;
    if (link) return link;
    if (Date.now() > deadline) throw new Error(`no ${kind} e-mail to ${email} within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}
