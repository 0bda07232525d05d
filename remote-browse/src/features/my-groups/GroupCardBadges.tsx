import { Badge, HStack, Text } from '@chakra-ui/react';

export function memberCountText(count: number): string {
  return count === 1 ? '1 member' : `${count} members`;
}

/** A padlock, drawn inline (24x24 stroke icon). */
function LockIcon() {
  return (
    <svg
      viewBox="0 0 24 24"
      width="12"
      height="12"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <rect width="18" height="11" x="3" y="11" rx="2" ry="2" />
      <path d="M7 11V7a5 5 0 0 1 10 0v4" />
    </svg>
  );
}

export function PrivateGroupBadge() {
  return (
    <Badge colorPalette="gray" variant="surface" data-testid="private-badge">
      <LockIcon />
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
