/**
 * Groups people run themselves: roles, limits, invitation states and the words for every refusal of the
 * rules in supabase/migrations/20261124000200_groups.sql. Those SQL functions raise a stable code as the
 * error message (e.g. `invitation_expired`); groupRuleMessage turns whatever error text carries one into the
 * product's words. A backend test checks that every code the migration raises is listed here.
 */

import type { GroupRole } from './enums.ts';
import { SOCIAL_LIMITS } from './social.ts';

// The schemas of the invitation preview and the deletion requests are their own module (groups-schemas.ts):
// the many screens that need only these words and limits do not carry zod with them.

export const GROUP_ROLE_LABELS: Record<GroupRole, string> = { owner: 'Owner', admin: 'Admin', member: 'Member' };

/** The same numbers as private.group_limit() in the migration (a backend test holds them equal). */
export const GROUP_LIMITS = {
  NAME_MAX_LENGTH: 100,
  DESCRIPTION_MAX_LENGTH: 2000,
  /** Groups one user may own at a time. */
  OWNED_GROUPS_MAX: 20,
  /** Invitation links of one group that still work at a time. */
  OPEN_INVITATIONS_MAX: 50,
  INVITATION_HOURS_MAX: 720,
  INVITATION_HOURS_DEFAULT: 168,
  INVITATION_USES_MAX: 1000,
  CATEGORIES_MAX: 12,
} as const;

/** What an invitation link says about itself (group_invitation_preview's `status`). */
export const INVITATION_STATUSES = ['valid', 'expired', 'revoked', 'used_up', 'not_found'] as const;
export type InvitationStatus = (typeof INVITATION_STATUSES)[number];

export const INVITATION_STATUS_MESSAGES: Record<InvitationStatus, string> = {
  valid: 'You have been invited to join this group.',
  expired: 'This invitation link has expired. Ask the group for a new one.',
  revoked: 'This invitation link has been withdrawn by the group. Ask the group for a new one.',
  used_up: 'This invitation link has been used as many times as it allows. Ask the group for a new one.',
  not_found: 'This invitation link is not valid. Check that you copied all of it.',
};

/** Every refusal the group rules raise, by code, in words. */
export const GROUP_RULE_MESSAGES = {
  not_signed_in: 'You need to be signed in to do that.',
  group_not_found: "We can't find that group. It may have been deleted, or you may not be a member.",
  group_name_required: 'Give the group a name.',
  group_name_too_long: `The group name must be at most ${GROUP_LIMITS.NAME_MAX_LENGTH} characters.`,
  group_description_too_long: `The description must be at most ${GROUP_LIMITS.DESCRIPTION_MAX_LENGTH} characters.`,
  too_many_groups: `You can own at most ${GROUP_LIMITS.OWNED_GROUPS_MAX} groups. Delete or hand over one first.`,
  too_many_categories: `A group can offer at most ${GROUP_LIMITS.CATEGORIES_MAX} categories.`,
  category_not_found: 'One of the chosen categories does not exist.',
  category_not_offered: 'One or more categories do not belong to this group.',
  not_group_owner: 'Only the owner of the group can do that.',
  not_group_manager: 'Only the owner or an admin of the group can do that.',
  not_group_member: 'You are not a member of this group.',
  group_is_private: 'This group is private: you can join it only with an invitation link.',
  last_owner_cannot_leave: 'You own this group: hand it over to another member or delete it before you leave.',
  cannot_change_self: 'You cannot do that to yourself. To leave the group, use Leave group.',
  member_not_found: 'That person is not a member of this group.',
  cannot_remove_owner: 'The owner cannot be removed from the group.',
  only_owner_removes_admins: 'Only the owner can remove an admin. Make them a member first, or ask the owner.',
  invalid_role: 'A member can be made an admin or a member.',
  cannot_change_owner_role: "The owner's role cannot be changed; the owner can hand the group over instead.",
  invitations_private_only: 'Invitation links are for private groups; anyone can join a public group.',
  invitation_expiry_invalid: `An invitation link can last from 1 hour to ${GROUP_LIMITS.INVITATION_HOURS_MAX / 24} days.`,
  invitation_max_uses_invalid: `An invitation link can be used from 1 to ${GROUP_LIMITS.INVITATION_USES_MAX} times.`,
  too_many_invitations: `A group can have at most ${GROUP_LIMITS.OPEN_INVITATIONS_MAX} working invitation links. Revoke one first.`,
  invitation_not_found: INVITATION_STATUS_MESSAGES.not_found,
  invitation_expired: INVITATION_STATUS_MESSAGES.expired,
  invitation_revoked: INVITATION_STATUS_MESSAGES.revoked,
  invitation_used_up: INVITATION_STATUS_MESSAGES.used_up,
  post_not_found: "We can't find that post. It may have been deleted.",
  not_post_author: 'Only the author of a post can change it.',
  post_description_too_long: 'The description must be at most 200 characters.',
  cannot_remove_post: 'Only the author, or an owner or admin of the group, can delete this post.',
  // Likes, comments and reports (supabase/migrations/20261129000100_social.sql).
  join_to_take_part: 'Join the group to like photos and comment.',
  comment_empty: 'Write something first.',
  comment_too_long: `A comment can be at most ${SOCIAL_LIMITS.COMMENT_MAX_LENGTH} characters.`,
  comment_rate_limited: `You can post at most ${SOCIAL_LIMITS.COMMENTS_PER_MINUTE} comments a minute. Wait a moment and try again.`,
  like_rate_limited: 'You are liking very fast. Wait a moment and try again.',
  comment_not_found: "We can't find that comment. It may have been deleted.",
  not_comment_author: 'Only the author of a comment can change it.',
  cannot_remove_comment: 'Only the author, or an owner or admin of the group, can delete this comment.',
  report_reason_unknown: 'Choose why you are reporting it.',
  report_details_too_long: `Keep the details to at most ${SOCIAL_LIMITS.REPORT_DETAILS_MAX_LENGTH} characters.`,
  already_reported: 'You have already reported this. The group admins will look at it.',
  report_rate_limited: 'You have sent many reports recently. Try again later.',
  report_not_found: 'That report has already been dealt with.',
} as const;
export type GroupRuleCode = keyof typeof GROUP_RULE_MESSAGES;

const FALLBACK = 'Something went wrong. Please try again.';

/**
 * The words for an error of the group rules: `message` is what the API answered (a GraphQL error's message,
 * possibly wrapped by a client library). Unknown text is never shown as is (it may be a database detail).
 */
export function groupRuleMessage(message: string | null | undefined): string {
  const code = groupRuleCode(message);
  return code ? GROUP_RULE_MESSAGES[code] : FALLBACK;
}

/** Feedback after the actions of the group screens succeed. */
export const GROUP_ACTION_MESSAGES = {
  GROUP_CREATED: 'Your group has been created.',
  GROUP_UPDATED: 'The group has been updated.',
  GROUP_DELETED: 'The group and everything in it have been deleted.',
  CONFIRM_DELETE_GROUP: 'Delete this group, its posts and their photos for everyone? This cannot be undone.',
  JOINED: 'You have joined the group.',
  LEFT: 'You have left the group.',
  CONFIRM_LEAVE: 'Leave this group?',
  MEMBER_REMOVED: 'The member has been removed from the group.',
  CONFIRM_REMOVE_MEMBER: 'Remove this member from the group?',
  MADE_ADMIN: 'They are now an admin of the group.',
  MADE_MEMBER: 'They are now a member of the group.',
  OWNERSHIP_TRANSFERRED: 'You have handed the group over; you are now an admin.',
  CONFIRM_TRANSFER: 'Hand this group over? They become its owner and you become an admin.',
  INVITATION_CREATED: 'Invitation link created.',
  INVITATION_COPIED: 'Invitation link copied.',
  INVITATION_REVOKED: 'The invitation link has been revoked; it no longer works.',
  INVITATION_ACCEPTED: 'Welcome! You are now a member of the group.',
  SIGN_IN_TO_ACCEPT: 'Sign in or create an account to join the group.',
  POST_UPDATED: 'Your post has been updated.',
  POST_DELETED: 'The post and its photo have been deleted.',
  CONFIRM_DELETE_POST: 'Delete this post and its photo? This cannot be undone.',
  YOUR_GROUPS: 'Your groups',
  NEW_GROUP: 'New group',
  GROUP_SETTINGS: 'Group settings',
} as const;

/**
 * Edge functions that delete what has a stored photo: the rule runs as the caller (delete_post /
 * delete_group through GraphQL), then the photos the deletion queued are removed through the storage API.
 */
export const DELETE_POST_FUNCTION = 'delete-post';
export const DELETE_GROUP_FUNCTION = 'delete-group';

/** 200 answer of delete-post and delete-group. */
export interface DeletionResponse {
  deleted: true;
  /** Stored photos removed by this call (this deletion's and any left queued by an earlier one). */
  photosRemoved: number;
  /** Photos still queued because the storage API failed; the next deletion retries them. */
  photosPending: number;
}

/** Non-2xx answer of delete-post and delete-group: the words to show, and the rule's code when one refused. */
export interface DeletionErrorResponse {
  error: string;
  code?: GroupRuleCode;
}

/** The HTTP status for a refusal of the group rules. */
export function groupRuleStatus(code: GroupRuleCode): 400 | 401 | 403 | 404 {
  if (code === 'not_signed_in') return 401;
  if (code.endsWith('_not_found')) return 404;
  if (/^(not_|cannot_|only_)/.test(code)) return 403;
  return 400;
}

/** The code of the group rules an error message carries, if any. */
export function groupRuleCode(message: string | null | undefined): GroupRuleCode | undefined {
  for (const match of (message ?? '').matchAll(/\b([a-z]+(?:_[a-z]+)+)\b/g)) {
    if (match[1]! in GROUP_RULE_MESSAGES) return match[1] as GroupRuleCode;
  }
  return undefined;
}
