import type { BackendContext } from '../context.ts';
import type { SqlClient } from '../db/types.ts';
import { sendMail } from '../mailbox/service.ts';

/** GoTrue's default messages, each with the one-time code as well as the link. */

type MailContext = Pick<BackendContext, 'log' | 'url'>;

function confirmationLink(ctx: MailContext, hash: string, type: string, redirectTo: string): string {
  const q = new URLSearchParams({ token: hash, type, redirect_to: redirectTo });
  return `${ctx.url}/auth/v1/verify?${q.toString()}`;
}

/** "Confirm your signup". */
export async function sendSignupConfirmation(
  sql: SqlClient,
  ctx: MailContext,
  to: { email: string; otp: string; hash: string; redirectTo: string },
): Promise<void> {
  const link = confirmationLink(ctx, to.hash, 'signup', to.redirectTo);
  await sendMail(sql, ctx, {
    to: to.email,
    subject: 'Confirm Your Signup',
    text: `Confirm your signup\n\nFollow this link to confirm your user:\n${link}\n\nAlternatively, enter the code: ${to.otp}`,
    html: `<h2>Confirm your signup</h2><p>Follow this link to confirm your user:</p><p><a href="${link}">Confirm your mail</a></p><p>Alternatively, enter the code: ${to.otp}</p>`,
    links: [{ label: 'Confirm your mail', url: link }],
    kind: 'signup',
  });
}

/** "Confirm change of email", sent to the new address. */
export async function sendEmailChange(
  sql: SqlClient,
  ctx: MailContext,
  to: { email: string; otp: string; hash: string; redirectTo: string },
): Promise<void> {
  const link = confirmationLink(ctx, to.hash, 'email_change', to.redirectTo);
  await sendMail(sql, ctx, {
    to: to.email,
    subject: 'Confirm Email Change',
    text: `Confirm change of email\n\nFollow this link to confirm the update of your email:\n${link}\n\nAlternatively, enter the code: ${to.otp}`,
    html: `<h2>Confirm change of email</h2><p>Follow this link to confirm the update of your email:</p><p><a href="${link}">Change Email</a></p><p>Alternatively, enter the code: ${to.otp}</p>`,
    links: [{ label: 'Change Email', url: link }],
    kind: 'email_change',
  });
}
