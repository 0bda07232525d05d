import { Box, Button, Center, Flex, Heading, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { BROWSE_TEXT, LIMITS, MESSAGES, paths } from '@snapshire/contracts';
import { useSession } from '@snapshire/data';

/**
 * The group's name and description, the post button ('New Post' when signed in, else 'Sign in to post' to
 * register and back) and the fixed 320x250 advert placeholder beside them.
 */
export function GroupHeader({ groupId, name, description }: { groupId: string; name: string; description: string }) {
  const { session, loading } = useSession();
  const newPostPath = paths.groupNewPost(groupId);
  return (
    <Flex gap="6" direction={{ base: 'column', md: 'row' }} justify="space-between" align={{ base: 'stretch', md: 'flex-start' }} mb="8">
      <Stack gap="4" flex="1" minW="0">
        <Heading as="h1" textStyle="pageTitle" overflowWrap="anywhere">
          {name}
        </Heading>
        {description ? (
          <Text color="fg.muted" whiteSpace="pre-line">
            {description}
          </Text>
        ) : null}
        {/* Until the stored session is read, the button keeps its place but is not shown (no flash, no shift). */}
        <Box visibility={loading ? 'hidden' : undefined}>
          {session ? (
            <Button asChild colorPalette="green">
              <RouterLink to={newPostPath}>{MESSAGES.NEW_POST}</RouterLink>
            </Button>
          ) : (
            <Button asChild colorPalette="green" variant="outline">
              <RouterLink to={paths.register(newPostPath)}>{MESSAGES.SIGN_IN_TO_POST}</RouterLink>
            </Button>
          )}
        </Box>
      </Stack>
      <Center
        flexShrink={0}
        w={`${LIMITS.ADVERT_WIDTH_PX}px`}
        h={`${LIMITS.ADVERT_HEIGHT_PX}px`}
        maxW="full"
        alignSelf={{ base: 'center', md: 'flex-start' }}
        borderWidth="1px"
        borderStyle="dashed"
        borderColor="border.emphasized"
        borderRadius="md"
        color="fg.subtle"
        bg="bg.subtle"
        aria-hidden="true"
        data-testid="advert"
      >
        {BROWSE_TEXT.ADVERT}
      </Center>
    </Flex>
  );
}
