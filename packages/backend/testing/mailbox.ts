/** Reading the backend's mailbox (GET /mailbox/api/messages): plain fetch, usable from any test environment. */
import type { MailboxMessage } from '@snapshire/contracts';

interface MailJson {
  messages: MailboxMessage[];
}

/** The newest mailbox messages for an address (GET /mailbox/api/messages?to=). */
export async function mailFor(backend: { url: string }, email: string): Promise<MailJson['messages']> {
  const res = await fetch(`${backend.url}/mailbox/api/messages?to=${encodeURIComponent(email)}`);
  if (!res.ok) throw new Error(`mailbox answered ${res.status}`);
  return ((await res.json()) as MailJson).messages;
}

let counter = 0;
/** A unique e-mail address per call (tests share one backend per file). */
export function uniqueEmail(label: string): string {
  return `${label}-${Date.now().toString(36)}-${++counter}@example.com`;
}
