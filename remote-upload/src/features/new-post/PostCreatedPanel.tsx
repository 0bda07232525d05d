import { useEffect, useRef } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { Alert, Button, HStack, Link } from '@chakra-ui/react';
import { MESSAGES, paths } from '@snapshire/contracts';

export interface PostCreatedPanelProps {
  groupId: string;
  postId: string;
  onPostAnother: () => void;
}

/**
 * Replaces the form once the post exists: says so, in green, and links to it. The form was scrolled down to
 * step two and Submit has gone with it, so the panel takes the focus and is brought into view, its heading
 * below the sticky top bar (the page's scroll-padding keeps it clear of the bar).
 */
export function PostCreatedPanel({ groupId, postId, onPostAnother }: PostCreatedPanelProps) {
  const panelRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const panel = panelRef.current;
    panel?.focus({ preventScroll: true });
    panel?.scrollIntoView?.({ block: 'nearest' });
  }, []);
  return (
    <Alert.Root
      ref={panelRef}
      tabIndex={-1}
      status="success"
      variant="surface"
      role="status"
      alignItems="flex-start"
      p="5"
      borderRadius="l3"
      outline="none"
    >
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
