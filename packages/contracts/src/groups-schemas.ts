/**
 * The wire formats of the group rules' answers and requests, as schemas: apart from the texts and limits
 * (groups.ts), so code that only shows those brings no zod with it (a remote's first screen did).
 */
import { applyZodSettings, z } from './zod.ts';
import { INVITATION_STATUSES } from './groups.ts';

applyZodSettings();

/**
 * group_invitation_preview(token) answers JSON (pg_graphql's JSON scalar: a string to JSON.parse); only
 * `status` when the token is unknown.
 */
export const invitationPreviewSchema = z.object({
  status: z.enum(INVITATION_STATUSES),
  group_id: z.optional(z.uuid()),
  group_name: z.optional(z.string()),
  expires_at: z.optional(z.string()),
  is_member: z.optional(z.boolean()),
});
export type InvitationPreview = z.infer<typeof invitationPreviewSchema>;

export const deletePostRequestSchema = z.strictObject({ postId: z.uuid() });
export type DeletePostRequest = z.infer<typeof deletePostRequestSchema>;
export const deleteGroupRequestSchema = z.strictObject({ groupId: z.uuid() });
export type DeleteGroupRequest = z.infer<typeof deleteGroupRequestSchema>;
