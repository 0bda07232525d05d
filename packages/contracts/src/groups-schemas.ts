/**
 * The zod schemas of groups (the words and limits are in groups.ts): what an invitation link says about itself,
 * and the deletion functions' requests.
 */
import { z } from './zod.ts';
import { INVITATION_STATUSES } from './groups.ts';

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
