import { Box, Button, Flex, Heading, Stack, Text } from '@snapshire/shell-components';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { MESSAGES, paths } from '@snapshire/contracts';
import { useSession } from '@snapshire/data';
import { Advert } from './Advert.tsx';

/**
 * The group's name and description, the post button ('New Post' when signed in, else 'Sign in to post' to
 * register and back) and, on wide screens, the fixed 320x250 advert placeholder beside them. Compact on a
 * phone, so the first photos are on its first screen.
 */
export function GroupHeader({
  groupId,
  name,
  description,
  children,
}: {
  groupId: string;
  name: string;
  description: string;
  /** Under the post button, beside the advert on wide screens (the category filter). */
  children?: ReactNode;
}) {
  const { session, loading } = useSession();
  const newPostPath = paths.groupNewPost(groupId);
  return (
    <Flex gap="6" justify="space-between" align="flex-start" mb={{ base: '4', md: '8' }}>
      <Stack gap={{ base: '3', md: '4' }} flex="1" minW="0">
        <Heading as="h1" textStyle="pageTitle" overflowWrap="anywhere">
          {name}
        </Heading>
        {description ? (
          <Text color="fg.muted" whiteSpace="pre-line" fontSize={{ base: 'sm', md: 'md' }}>
            {description}
          </Text>
        ) : null}
        {/* Until the stored session is read, the button keeps its place but is not shown (no flash, no shift). */}
        <Box visibility={loading ? 'hidden' : undefined}>
          {session ? (
            <Button asChild colorPalette="brand" size={{ base: 'sm', md: 'md' }}>
              <RouterLink to={newPostPath}>{MESSAGES.NEW_POST}</RouterLink>
            </Button>
          ) : (
            <Button asChild colorPalette="brand" variant="outline" size={{ base: 'sm', md: 'md' }}>
              <RouterLink to={paths.register(newPostPath)}>{MESSAGES.SIGN_IN_TO_POST}</RouterLink>
            </Button>
          )}
        </Box>
        {children}
      </Stack>
      <Advert placement="wide" />
    </Flex>
  );
}
