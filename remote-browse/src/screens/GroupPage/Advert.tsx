import { Center } from '@snapshire/shell-components';
import { BROWSE_TEXT, LIMITS } from '@snapshire/contracts';

/**
 * The fixed 320x250 advert placeholder: beside the group's header on wide screens, after the first day of
 * photos on narrow ones (so a phone's first screen shows photos). Its label meets AA contrast in both themes.
 * The page has both places and CSS shows the one for the screen's width, so the page is the same at every
 * width (the group page's first render, drawn at build time, fits every screen) and a rotation moves it at once.
 */
export function Advert({ placement }: { placement: 'wide' | 'narrow' }) {
  return (
    <Center
      display={placement === 'wide' ? { base: 'none', md: 'flex' } : { base: 'flex', md: 'none' }}
      // After the photos, apart from them.
      mt={placement === 'narrow' ? '8' : undefined}
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
