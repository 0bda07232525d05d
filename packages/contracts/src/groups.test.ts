import { describe, expect, it } from 'vitest';
import { deleteGroupRequestSchema, deletePostRequestSchema } from './groups-schemas.ts';
import {
  GROUP_RULE_MESSAGES,
  groupRuleCode,
  groupRuleMessage,
  groupRuleStatus,
  INVITATION_STATUS_MESSAGES,
} from './groups.ts';
import { paths, ROUTES } from './routes.ts';

describe('group rule words', () => {
  it('finds the code in whatever text a client library wraps around it', () => {
    expect(groupRuleMessage('not_group_owner')).toBe(GROUP_RULE_MESSAGES.not_group_owner);
    expect(groupRuleMessage('GraphQL error: invitation_expired')).toBe(INVITATION_STATUS_MESSAGES.expired);
    expect(groupRuleCode('[GraphQL] cannot_remove_owner (P0001)')).toBe('cannot_remove_owner');
  });

  it('never shows unknown or database text as is', () => {
    for (const text of ['duplicate key value violates unique constraint "x_pkey"', '', undefined, 'some_unknown_code'])
      expect(groupRuleMessage(text)).toBe('Something went wrong. Please try again.');
  });

  it('answers refusals with fitting HTTP statuses', () => {
    expect(groupRuleStatus('not_signed_in')).toBe(401);
    expect(groupRuleStatus('post_not_found')).toBe(404);
    expect(groupRuleStatus('not_group_owner')).toBe(403);
    expect(groupRuleStatus('cannot_remove_post')).toBe(403);
    expect(groupRuleStatus('only_owner_removes_admins')).toBe(403);
    expect(groupRuleStatus('group_name_too_long')).toBe(400);
  });
});

describe('group routes and wire formats', () => {
  it('builds the new screens’ paths', () => {
    expect(paths.newGroup()).toBe(ROUTES.GROUP_NEW);
    expect(paths.groupSettings('g 1')).toBe('/groups/g%201/settings');
    expect(paths.invitation('ab/c')).toBe('/invitations/ab%2Fc');
  });

  it('takes only a uuid in the deletion requests', () => {
    const id = '10000000-0000-4000-8000-000000000001';
    expect(deletePostRequestSchema.parse({ postId: id })).toEqual({ postId: id });
    expect(deleteGroupRequestSchema.safeParse({ groupId: 'x' }).success).toBe(false);
    expect(deletePostRequestSchema.safeParse({ postId: id, more: 1 }).success).toBe(false);
  });
});
