import { invitationPreviewSchema, type InvitationPreview } from '@snapshire/contracts';

export type { InvitationPreview };

/**
 * group_invitation_preview answers jsonb (groups migration), which pg_graphql's JSON scalar carries serialized
 * as a string: read it, and treat anything else as a link that does not work.
 */
export function readInvitationPreview(value: unknown): InvitationPreview {
  let decoded = value;
  if (typeof value === 'string') {
    try {
      decoded = JSON.parse(value);
    } catch {
      decoded = null;
    }
  }
  const parsed = invitationPreviewSchema.safeParse(decoded);
  return parsed.success ? parsed.data : { status: 'not_found' };
}
