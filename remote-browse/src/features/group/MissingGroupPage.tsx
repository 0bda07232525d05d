import { Button, HStack, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink, useLocation, useNavigate } from 'react-router-dom';
import { BROWSE_TEXT, MESSAGES, paths } from '@snapshire/contracts';

/**
 * Shown when a group is absent, not visible to the caller (private), or failed to load: the message with
 * its link home, and two more ways on: the group list, and back where the visitor came from.
 */
export function MissingGroupPage() {
  const navigate = useNavigate();
  // Back is offered when there is somewhere to go back to: an earlier page of this visit (the router's first
  // location has the key 'default') or of the tab's history.
  const canGoBack = useLocation().key !== 'default' || window.history.length > 1;
  return (
    <Stack gap="5" py="16" align="center" textAlign="center" data-testid="missing-group">
      <Text fontSize="lg">{MESSAGES.MISSING_GROUP_PAGE}</Text>
      <HStack gap="3" wrap="wrap" justify="center">
        <Button asChild colorPalette="brand">
          <RouterLink to={paths.groups()}>{BROWSE_TEXT.GROUPS_LINK}</RouterLink>
        </Button>
        <Button asChild colorPalette="brand" variant="outline">
          <RouterLink to={paths.home()}>{BROWSE_TEXT.HOME_LINK}</RouterLink>
        </Button>
        {canGoBack ? (
          <Button colorPalette="brand" variant="ghost" onClick={() => navigate(-1)}>
            {BROWSE_TEXT.BACK}
          </Button>
        ) : null}
      </HStack>
    </Stack>
  );
}
