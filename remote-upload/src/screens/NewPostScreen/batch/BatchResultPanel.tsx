import { useLayoutEffect, useRef } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { Alert, Box, Button, Heading, Link, List, Stack, Text } from '@snapshire/shell-components';
import { BATCH_TEXT, paths } from '@snapshire/contracts';
import type { BatchItem } from './batchState.ts';
import { ERROR_TEXT } from './errorText.ts';

export interface BatchResultPanelProps {
  groupId: string;
  items: BatchItem[];
  onRetry: (id: string) => void;
  onPostMore: () => void;
}

/**
 * Once the batch has run: the posts created, with links, and the photos that were not posted with why; a
 * failed one can be sent again from here (with its same key), a left-out one cannot. Takes the focus as the
 * single post's panel does, since the form it replaces had it.
 */
export function BatchResultPanel({ groupId, items, onRetry, onPostMore }: BatchResultPanelProps) {
  const panelRef = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const panel = panelRef.current;
    if (!panel) return;
    panel.focus({ preventScroll: true });
    // As the single post's panel: the page's top when title and panel fit on the screen from there.
    if (panel.getBoundingClientRect().bottom + window.scrollY <= window.innerHeight) window.scrollTo({ top: 0 });
    else panel.scrollIntoView?.({ block: 'start' });
  }, []);
  const posted = items.filter((item) => item.status === 'posted');
  const notPosted = items.filter((item) => item.status !== 'posted');
  return (
    <Stack gap="5" ref={panelRef} tabIndex={-1} outline="none" aria-label="Result of your upload">
      {posted.length > 0 && (
        <Alert.Root status="success" variant="surface" role="status" alignItems="flex-start" p="5" borderRadius="l3">
          <Alert.Indicator />
          <Alert.Content gap="3">
            <Alert.Title fontSize="md">{BATCH_TEXT.posted(posted.length)}</Alert.Title>
            <List.Root ps="5" gap="1" aria-label="Posts created">
              {posted.map((item) => (
                <List.Item key={item.id}>
                  <Link asChild variant="underline">
                    <RouterLink to={paths.groupPost(groupId, item.postId!)}>{item.file.name}</RouterLink>
                  </Link>
                </List.Item>
              ))}
            </List.Root>
          </Alert.Content>
        </Alert.Root>
      )}
      {notPosted.length > 0 && (
        <Box borderWidth="1px" borderColor="border.error" borderRadius="l3" p="5">
          <Heading as="h2" size="md" mb="3">
            {BATCH_TEXT.notPosted(notPosted.length)}
          </Heading>
          <List.Root ps="0" gap="3" listStyleType="none" aria-label="Photos not posted">
            {notPosted.map((item) => (
              <List.Item key={item.id}>
                <Stack gap="1" align="flex-start">
                  <Text fontWeight="semibold">{item.file.name}</Text>
                  <Text color={ERROR_TEXT} fontSize="sm">
                    {item.status === 'sending' ? 'Sending again…' : (item.error ?? item.issues.join(' '))}
                  </Text>
                  {(item.status === 'failed' || item.status === 'sending') && (
                    <Button
                      size="sm"
                      minH="11"
                      variant="outline"
                      loading={item.status === 'sending'}
                      onClick={() => onRetry(item.id)}
                      aria-label={`Retry ${item.file.name}`}
                    >
                      {BATCH_TEXT.RETRY}
                    </Button>
                  )}
                </Stack>
              </List.Item>
            ))}
          </List.Root>
        </Box>
      )}
      <Button alignSelf="flex-start" variant="outline" size="sm" minH="11" onClick={onPostMore}>
        {BATCH_TEXT.POST_ANOTHER}
      </Button>
    </Stack>
  );
}
