import type { SqlClient } from '../db/types.ts';

/** embedded_backend.mailbox: every e-mail the backend "sent". */

export interface MailRow {
  id: string;
  sent_at: Date;
  to_address: string;
  subject: string;
  body_text: string;
  body_html: string;
  links: { label: string; url: string }[];
  kind: string;
}

export async function insertMail(
  sql: SqlClient,
  mail: { to: string; subject: string; text: string; html: string; links: unknown; kind: string },
): Promise<void> {
  await sql.query(
    `insert into embedded_backend.mailbox (to_address, subject, body_text, body_html, links, kind) values ($1, $2, $3, $4, $5, $6)`,
    [mail.to, mail.subject, mail.text, mail.html, JSON.stringify(mail.links), mail.kind],
  );
}

/** The newest `limit` messages, to one recipient (any case) or to all. */
export async function newestMail(sql: SqlClient, to: string | undefined, limit: number): Promise<MailRow[]> {
  const res = await sql.query<MailRow>(
    `select id, sent_at, to_address, subject, body_text, body_html, links, kind from embedded_backend.mailbox
     where ($1::text is null or lower(to_address) = lower($1)) order by id desc limit $2`,
    [to ?? null, limit],
  );
  return res.rows;
}
