/**
 * The embedded backend's mailbox (local mode only): what the auth service e-mails, and how
 * GET /mailbox/api/messages answers it (newest first; ?to= filters by recipient). The e2e journeys read it
 * to follow links as a person would from their inbox.
 */

/** An e-mail the backend sends. */
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

/** One stored e-mail, as the mailbox API answers it. */
export interface MailboxMessage extends Mail {
  id: number;
  sentAt: string;
}
