import { Hono } from 'hono';
import type { BackendContext } from '../context.ts';
import type { SqlClient } from '../db/types.ts';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The links the message carries, e.g. [{ label: 'Confirm your mail', url }]. */
  links: { label: string; url: string }[];
  /** What the message is for: signup, email_change, ... */
  kind: string;
}

export interface StoredMail extends Mail {
  id: number;
  sentAt: string;
}

/**
 * "Sends" an e-mail: keeps it in the local mailbox (inside the caller's transaction, so a failed sign-up
 * leaves no mail behind) and prints its links in the log.
 */
export async function sendMail(sql: SqlClient, ctx: Pick<BackendContext, 'log' | 'url'>, mail: Mail): Promise<void> {
  await sql.query(
    `insert into embedded_backend.mailbox (to_address, subject, body_text, body_html, links, kind) values ($1, $2, $3, $4, $5, $6)`,
    [mail.to, mail.subject, mail.text, mail.html, JSON.stringify(mail.links), mail.kind],
  );
  for (const link of mail.links) ctx.log(`mail to ${mail.to} (${mail.subject}): ${link.label}: ${link.url}`);
  ctx.log(`mailbox: ${ctx.url}/mailbox`);
}

interface MailRow {
  id: string;
  sent_at: Date;
  to_address: string;
  subject: string;
  body_text: string;
  body_html: string;
  links: { label: string; url: string }[];
  kind: string;
}

async function listMail(ctx: BackendContext, to: string | undefined, limit: number): Promise<StoredMail[]> {
  const res = await ctx.db.query<MailRow>(
    `select id, sent_at, to_address, subject, body_text, body_html, links, kind from embedded_backend.mailbox
     where ($1::text is null or lower(to_address) = lower($1)) order by id desc limit $2`,
    [to ?? null, limit],
  );
  return res.rows.map((r) => ({
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

function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}

function page(mails: StoredMail[], to: string | undefined): string {
  const items = mails
    .map(
      (m) => `<article>
  <header><strong>${escapeHtml(m.subject)}</strong> <span>to ${escapeHtml(m.to)}</span> <time>${escapeHtml(m.sentAt)}</time></header>
  <pre>${escapeHtml(m.text)}</pre>
  <p>${m.links.map((l) => `<a href="${escapeHtml(l.url)}">${escapeHtml(l.label)}</a>`).join(' · ')}</p>
</article>`,
    )
    .join('\n');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Mailbox${to ? ` for ${escapeHtml(to)}` : ''}</title>
<style>
  body { font: 16px/1.5 system-ui, sans-serif; max-width: 760px; margin: 2rem auto; padding: 0 1rem; color: #1a202c; }
  article { border: 1px solid #cbd5e0; border-radius: 8px; padding: 1rem; margin: 1rem 0; }
  header span, header time { color: #4a5568; margin-left: .5rem; font-size: .9em; }
  pre { white-space: pre-wrap; background: #f7fafc; padding: .5rem; border-radius: 4px; }
  a { color: #276749; font-weight: 600; }
  form { margin: 1rem 0; }
</style></head>
<body>
<h1>Mailbox</h1>
<p>Every e-mail this local backend has sent, newest first. Nothing leaves this machine.</p>
<form method="get"><label>Recipient <input name="to" type="email" value="${escapeHtml(to ?? '')}"></label> <button>Filter</button></form>
${items || '<p>No messages yet.</p>'}
</body></html>`;
}

/** GET /mailbox (HTML) and /mailbox/api/messages (JSON, newest first, ?to= filters by recipient). */
export function mailboxRoutes(ctx: BackendContext): Hono {
  const app = new Hono();
  app.get('/api/messages', async (c) => {
    const to = c.req.query('to') || undefined;
    const limit = Math.min(Math.max(Number(c.req.query('limit')) || 50, 1), 500);
    return c.json({ messages: await listMail(ctx, to, limit) });
  });
  app.get('/', async (c) => {
    const to = c.req.query('to') || undefined;
    return c.html(page(await listMail(ctx, to, 100), to));
  });
  return app;
}
