import { Badge, HStack, Text } from '@snapshire/shell-components';
import { Lock } from 'lucide-react';

export function memberCountText(count: number): string {
  return count === 1 ? '1 member' : `${count} members`;
}

export function PrivateGroupBadge() {
  return (
    <Badge colorPalette="gray" variant="surface" data-testid="private-badge">
      <Lock size={12} aria-hidden="true" focusable="false" />
      Private
    </Badge>
  );
}

/** On a group card: a lock badge and the member count on private groups (public ones show neither). */
export function GroupCardBadges({ group }: { group: { is_private: boolean; member_count?: number | null } }) {
  if (!group.is_private) return null;
  return (
    <HStack gap="2" mt="1" wrap="wrap">
      <PrivateGroupBadge />
      {typeof group.member_count === 'number' ? (
        <Text color="fg.muted" fontSize="sm" data-testid="member-count">
          {memberCountText(group.member_count)}
        </Text>
      ) : null}
    </HStack>
  );
}
