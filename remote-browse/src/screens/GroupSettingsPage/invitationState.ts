import type { InvitationStatus } from '@snapshire/contracts';

export interface InvitationRow {
  expires_at: string;
  max_uses: number | null;
  use_count: number;
  revoked_at: string | null;
}

/** The same order of reasons as private.invitation_status in the groups migration. */
export function invitationStatus(row: InvitationRow, now: number = Date.now()): Exclude<InvitationStatus, 'not_found'> {
  if (row.revoked_at) return 'revoked';
  if (Date.parse(row.expires_at) <= now) return 'expired';
  if (row.max_uses !== null && row.use_count >= row.max_uses) return 'used_up';
  return 'valid';
}

export const INVITATION_STATUS_LABELS: Record<Exclude<InvitationStatus, 'not_found'>, string> = {
  valid: 'Works',
  expired: 'Expired',
  revoked: 'Revoked',
  used_up: 'Used up',
};

/** How long a new link lasts: choices within GROUP_LIMITS.INVITATION_HOURS_MAX. */
export const INVITATION_EXPIRY_CHOICES = [
  { hours: 1, label: '1 hour' },
  { hours: 24, label: '1 day' },
  { hours: 168, label: '7 days' },
  { hours: 720, label: '30 days' },
] as const;

/** The full address of an invitation link on this site. */
export function invitationUrl(origin: string, path: string): string {
  return `${origin.replace(/\/+$/, '')}${path}`;
}
