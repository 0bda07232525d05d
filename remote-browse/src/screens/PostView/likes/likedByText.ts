import { SOCIAL_TEXT } from '@snapshire/contracts';

const list = new Intl.ListFormat('en', { style: 'long', type: 'conjunction' });

/**
 * "Liked by Ada, Ben and 3 others": the names loaded (newest likers first), and how many more the count says
 * there are. Nothing when no one likes the post.
 */
export function likedByText(names: readonly string[], total: number): string | null {
  if (total <= 0 || names.length === 0) return null;
  const shown = names.slice(0, Math.min(names.length, total));
  const others = total - shown.length;
  const parts = others > 0 ? [...shown, others === 1 ? '1 other' : `${others} others`] : shown;
  return `${SOCIAL_TEXT.LIKED_BY} ${list.format(parts)}`;
}
