import { Link as RouterLink } from 'react-router-dom';
import { Alert, Button, HStack, Link } from '@chakra-ui/react';
import { MESSAGES, paths } from '@snapshire/contracts';

export interface PostCreatedPanelProps {
  groupId: string;
  postId: string;
  onPostAnother: () => void;
}

/** Replaces the form once the post exists: says so, in green, and links to it. */
export function PostCreatedPanel({ groupId, postId, onPostAnother }: PostCreatedPanelProps) {
  return (
    <Alert.Root status="success" variant="surface" role="status" alignItems="flex-start" p="5" borderRadius="l3">
      <Alert.Indicator />
      <Alert.Content gap="3">
        <Alert.Title fontSize="md">{MESSAGES.POST_CREATED}</Alert.Title>
        <HStack gap="4" wrap="wrap">
          <Link asChild fontWeight="semibold" variant="underline">
            <RouterLink to={paths.groupPost(groupId, postId)}>{MESSAGES.VIEW_YOUR_POST}</RouterLink>
          </Link>
          <Button size="sm" variant="outline" onClick={onPostAnother}>
            Post another photo
          </Button>
        </HStack>
      </Alert.Content>
    </Alert.Root>
  );
}
