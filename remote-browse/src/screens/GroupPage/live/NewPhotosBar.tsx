import { Box, Button } from '@snapshire/shell-components';
import { SOCIAL_TEXT } from '@snapshire/contracts';

/**
 * "3 new photos": stays in view under the top bar while the reader scrolls; pressing it takes them to the top
 * and shows the new photos there. Nothing moves until it is pressed.
 */
export function NewPhotosBar({ count, onShow }: { count: number; onShow: () => void }) {
  if (count === 0) return null;
  return (
    <Box position="sticky" top="4.5rem" zIndex="sticky" display="flex" justifyContent="center" h="0" overflow="visible">
      <Button
        size="sm"
        colorPalette="brand"
        rounded="full"
        boxShadow="lg"
        onClick={onShow}
        aria-live="polite"
        data-testid="new-photos-bar"
      >
        ↑ {SOCIAL_TEXT.newPhotos(count)}
      </Button>
    </Box>
  );
}
