import type { Mail, MailboxMessage } from '@snapshire/contracts';
import type { BackendContext } from '../context.ts';
import type { SqlClient } from '../db/types.ts';
import { insertMail, newestMail } from './repository.ts';

/**
 * "Sends" an e-mail: keeps it in the local mailbox (inside the caller's transaction, so a failed sign-up
 * leaves no mail behind) and prints its links in the log.
 */
export async function sendMail(sql: SqlClient, ctx: Pick<BackendContext, 'log' | 'url'>, mail: Mail): Promise<void> {
  await insertMail(sql, mail);
  for (const link of mail.links) ctx.log(`mail to ${mail.to} (${mail.subject}): ${link.label}: ${link.url}`);
  ctx.log(`mailbox: ${ctx.url}/mailbox`);
}

/** The newest messages, to `to` or to anyone; at most 500. */
export async function listMail(sql: SqlClient, to: string | undefined, limit: number): Promise<MailboxMessage[]> {
  const rows = await newestMail(sql, to, Math.min(Math.max(limit, 1), 500));
  return rows.map((r) => ({
    id: Number(r.id),
    sentAt: new Date(r.sent_at).toISOString(),
    to: r.to_address,
    subject: r.subject,
    text: r.body_text,
    html: r.body_html,
    links: r.links,
    kind: r.kind,
  }));
}
