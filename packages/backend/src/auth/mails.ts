import type { BackendContext } from '../context.ts';
import type { SqlClient } from '../db/types.ts';
import { sendMail } from '../mailbox/service.ts';

/** GoTrue's default messages for the links it sends, each with the one-time code as well as the link. */
const MESSAGES = {
  signup: {
    subject: 'Confirm Your Signup',
    heading: 'Confirm your signup',
    lead: 'Follow this link to confirm your user:',
    label: 'Confirm your mail',
  },
  email_change: {
    subject: 'Confirm Email Change',
    heading: 'Confirm change of email',
    lead: 'Follow this link to confirm the update of your email:',
    label: 'Change Email',
  },
  recovery: {
    subject: 'Reset Your Password',
    heading: 'Reset Password',
    lead: 'Follow this link to reset the password for your user:',
    label: 'Reset Password',
  },
};

/** "Confirm your signup", "Confirm change of email" sent to the new address, or "Reset Password". */
export async function sendConfirmationLink(
  sql: SqlClient,
  ctx: Pick<BackendContext, 'log' | 'url'>,
  kind: keyof typeof MESSAGES,
  to: { email: string; otp: string; hash: string; redirectTo: string },
): Promise<void> {
  const { subject, heading, lead, label } = MESSAGES[kind];
  const query = new URLSearchParams({ token: to.hash, type: kind, redirect_to: to.redirectTo });
  const link = `${ctx.url}/auth/v1/verify?${query.toString()}`;
  await sendMail(sql, ctx, {
    to: to.email,
    subject,
    text: `${heading}\n\n${lead}\n${link}\n\nAlternatively, enter the code: ${to.otp}`,
    html: `<h2>${heading}</h2><p>${lead}</p><p><a href="${link}">${label}</a></p><p>Alternatively, enter the code: ${to.otp}</p>`,
    links: [{ label, url: link }],
    kind,
  });
}
