import { Box } from '@chakra-ui/react';
import { initialsOf } from '@snapshire/contracts';

const SIZES = { sm: { box: '6', font: '2xs' }, md: { box: '8', font: 'xs' }, lg: { box: '16', font: 'xl' } } as const;

/**
 * Imported by its own path (`@snapshire/ui/name-avatar`), not from the package's shared entry: the remotes
 * that show people bundle it themselves, so they keep working beside a host released before it existed
 * (e2e/tests/compat.spec.ts), and the host's first screens do not carry it.
 *
 * A person's initials in a circle, beside their name. Decorative (aria-hidden): the name it stands beside is
 * what a screen reader reads. No photo yet, so nothing to load and nothing that can leak.
 */
export function NameAvatar({ name, size = 'sm' }: { name: string | null | undefined; size?: keyof typeof SIZES }) {
  const s = SIZES[size];
  return (
    <Box
      as="span"
      aria-hidden
      data-testid="name-avatar"
      display="inline-flex"
      alignItems="center"
      justifyContent="center"
      flexShrink={0}
      boxSize={s.box}
      rounded="full"
      bg="brand.muted"
      color="brand.fg"
      fontSize={s.font}
      fontWeight="bold"
      lineHeight="1"
      userSelect="none"
    >
      {initialsOf(name)}
    </Box>
  );
}
