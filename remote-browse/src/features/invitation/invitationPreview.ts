import { z } from 'zod';
import { INVITATION_STATUSES } from '@snapshire/contracts';

/** group_invitation_preview answers JSON (groups migration): read it, and treat anything else as not found. */
const previewSchema = z.object({
  status: z.enum(INVITATION_STATUSES),
  group_id: z.string().optional(),
  group_name: z.string().optional(),
  expires_at: z.string().optional(),
  is_member: z.boolean().optional(),
});
export type InvitationPreview = z.infer<typeof previewSchema>;

export function readInvitationPreview(value: unknown): InvitationPreview {
  const parsed = previewSchema.safeParse(value);
  return parsed.success ? parsed.data : { status: 'not_found' };
}
