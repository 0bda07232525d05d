import { IconButton } from '@chakra-ui/react';
import { BROWSE_TEXT } from '@snapshire/contracts';
import { HeartIcon } from '../photos/icons.tsx';

/** The heart on a photo: local only (pink when on; never stored or sent). */
export function HeartToggle({ on, onToggle }: { on: boolean; onToggle: () => void }) {
  return (
    <IconButton
      aria-label={BROWSE_TEXT.LIKE}
      aria-pressed={on}
      data-state={on ? 'on' : 'off'}
      onClick={onToggle}
      size="sm"
      variant="ghost"
      rounded="full"
      position="absolute"
      right="2"
      bottom="2"
      bg="blackAlpha.400"
      color={on ? 'pink.400' : 'white'}
      _hover={{ bg: 'blackAlpha.600' }}
      fontSize="lg"
    >
      <HeartIcon filled={on} />
    </IconButton>
  );
}
