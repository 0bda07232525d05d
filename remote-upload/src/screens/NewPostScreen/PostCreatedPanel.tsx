import { useLayoutEffect, useRef } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { Alert, Button, HStack, Link } from '@snapshire/shell-components';
import { MESSAGES, paths } from '@snapshire/contracts';

export interface PostCreatedPanelProps {
  groupId: string;
  postId: string;
  onPostAnother: () => void;
}

/**
 * Replaces the form once the post exists: says so, in green, and links to it. The form was scrolled down to
 * step two and Submit has gone with it, so the panel takes the focus and the page moves to show it: to its
 * top when the page's title and the whole panel fit on the screen from there (the usual case: the panel sits
 * just under the title), else to the panel, its heading below the sticky top bar (the page's scroll-padding).
 */
export function PostCreatedPanel({ groupId, postId, onPostAnother }: PostCreatedPanelProps) {
  const panelRef = useRef<HTMLDivElement>(null);
  // Before the browser paints: the panel appears already focused and in view (and, under a router's
  // transition, before anything else can run in between).
  useLayoutEffect(() => {
    const panel = panelRef.current;
    if (!panel) return;
    panel.focus({ preventScroll: true });
    if (panel.getBoundingClientRect().bottom + window.scrollY <= window.innerHeight) window.scrollTo({ top: 0 });
    else panel.scrollIntoView?.({ block: 'start' });
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
