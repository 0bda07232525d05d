import type { MailboxMessage } from '@snapshire/contracts';

/** The mailbox as a page: every message with its links, a recipient filter. */

function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}

export function mailboxPage(mails: MailboxMessage[], to: string | undefined): string {
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
