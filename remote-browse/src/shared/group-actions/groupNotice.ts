import { GROUP_ACTION_MESSAGES } from '@snapshire/contracts';

type NoticeKey = keyof typeof GROUP_ACTION_MESSAGES;

/**
 * Router state that carries the news of an action to the page it leads to (a created group, an accepted
 * invitation, a deleted group), so the page the user lands on says what happened.
 */
export interface GroupNoticeState {
  groupNotice: NoticeKey;
}

export function groupNoticeState(groupNotice: NoticeKey): GroupNoticeState {
  return { groupNotice };
}

export function groupNoticeFrom(state: unknown): string | null {
  if (typeof state !== 'object' || state === null) return null;
  const key = (state as Partial<GroupNoticeState>).groupNotice;
  return typeof key === 'string' && key in GROUP_ACTION_MESSAGES ? GROUP_ACTION_MESSAGES[key] : null;
}
