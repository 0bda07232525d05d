import { z } from 'zod';
import { INVITATION_STATUSES } from '@snapshire/contracts';

/**
 * group_invitation_preview answers jsonb (groups migration), which pg_graphql's JSON scalar carries serialized
 * as a string: read it, and treat anything else as a link that does not work.
 */
const previewSchema = z.object({
  status: z.enum(INVITATION_STATUSES),
  group_id: z.string().optional(),
  group_name: z.string().optional(),
  expires_at: z.string().optional(),
  is_member: z.boolean().optional(),
});
export type InvitationPreview = z.infer<typeof previewSchema>;

export function readInvitationPreview(value: unknown): InvitationPreview {
  let decoded = value;
  if (typeof value === 'string') {
    try {
      decoded = JSON.parse(value);
    } catch {
      decoded = null;
    }
  }
  const parsed = previewSchema.safeParse(decoded);
  return parsed.success ? parsed.data : { status: 'not_found' };
}
