import { Button, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { BROWSE_TEXT, MESSAGES, paths } from '@snapshire/contracts';

/** Shown when a group is absent, not visible to the caller (private), or failed to load. */
export function MissingGroupPage() {
  return (
    <Stack gap="4" py="16" align="center" textAlign="center" data-testid="missing-group">
      <Text fontSize="lg">{MESSAGES.MISSING_GROUP_PAGE}</Text>
      <Button asChild colorPalette="green" variant="outline">
        <RouterLink to={paths.home()}>{BROWSE_TEXT.HOME_LINK}</RouterLink>
      </Button>
    </Stack>
  );
}
