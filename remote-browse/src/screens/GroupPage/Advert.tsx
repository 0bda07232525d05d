import { Center } from '@snapshire/shell-components';
import { BROWSE_TEXT, LIMITS } from '@snapshire/contracts';

/**
 * The fixed 320x250 advert placeholder: beside the group's header on wide screens, after the first day of
 * photos on narrow ones (so a phone's first screen shows photos). Its label meets AA contrast in both themes.
 */
export function Advert() {
  return (
    <Center
      flexShrink={0}
      w={`${LIMITS.ADVERT_WIDTH_PX}px`}
      h={`${LIMITS.ADVERT_HEIGHT_PX}px`}
      maxW="full"
      mx={{ base: 'auto', md: '0' }}
      borderWidth="1px"
      borderStyle="dashed"
      borderColor="border.emphasized"
      borderRadius="md"
      color="fg.muted"
      bg="bg.subtle"
      aria-hidden="true"
      data-testid="advert"
    >
      {BROWSE_TEXT.ADVERT}
    </Center>
  );
}

/** From this viewport width (Chakra's md) the advert sits beside the header. */
export const ADVERT_BESIDE_HEADER_FROM_PX = 768;
