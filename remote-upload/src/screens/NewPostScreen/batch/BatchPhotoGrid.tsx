import { Field } from '@chakra-ui/react/field';
import { Progress } from '@chakra-ui/react/progress';
import { SimpleGrid } from '@chakra-ui/react/simple-grid';
import { Textarea } from '@chakra-ui/react/textarea';
import { Badge, Box, Button, HStack, Image, List, Stack, Text } from '@snapshire/shell-components';
import { BATCH_TEXT, LIMITS } from '@snapshire/contracts';
import type { BatchItem } from './batchState.ts';
import { ERROR_TEXT } from './errorText.ts';

export interface BatchPhotoGridProps {
  items: BatchItem[];
  /** Before Submit: a photo may get its own description or be removed. */
  editable: boolean;
  onPreviewLoaded: (id: string, width: number, height: number) => void;
  onPreviewFailed: (id: string) => void;
  onRemove: (id: string) => void;
  onOwnDescriptionChange: (id: string, description: string | null) => void;
  onRetry: (id: string) => void;
}

const STATUS_LABEL: Record<BatchItem['status'], string> = {
  checking: 'Checking…',
  ready: 'Ready',
  refused: BATCH_TEXT.LEFT_OUT,
  waiting: 'Waiting',
  sending: 'Uploading',
  posted: 'Posted',
  failed: 'Not posted',
};

const STATUS_PALETTE: Record<BatchItem['status'], string> = {
  checking: 'gray',
  ready: 'gray',
  refused: 'red',
  waiting: 'gray',
  sending: 'blue',
  posted: 'green',
  failed: 'red',
};

function percentOf(item: BatchItem): number | null {
  if (item.status === 'waiting') return 0;
  if (!item.progress?.total) return null;
  return Math.min(100, Math.round((item.progress.loaded / item.progress.total) * 100));
}

/** The chosen photos as tiles: each with its preview, its state, why it was left out or failed, and its own controls. */
export function BatchPhotoGrid(props: BatchPhotoGridProps) {
  return (
    <SimpleGrid as="ul" columns={{ base: 2, md: 3 }} gap="3" listStyleType="none" aria-label="Chosen photos">
      {props.items.map((item) => (
        <BatchTile key={item.id} item={item} {...props} />
      ))}
    </SimpleGrid>
  );
}

function BatchTile({ item, ...props }: BatchPhotoGridProps & { item: BatchItem }) {
  const name = item.file.name;
  const refused = item.status === 'refused';
  const inFlight = item.status === 'waiting' || item.status === 'sending';
  const percent = percentOf(item);
  return (
    <Box
      as="li"
      borderWidth="1px"
      borderColor={refused || item.status === 'failed' ? 'border.error' : 'border'}
      borderRadius="l2"
      overflow="hidden"
      display="flex"
      flexDirection="column"
      data-testid="batch-tile"
      data-status={item.status}
      aria-label={name}
    >
      <Box aspectRatio={4 / 3} bg="bg.muted" position="relative">
        {item.previewUrl && !refused ? (
          <Image
            src={item.previewUrl}
            alt={`Preview of ${name}`}
            w="full"
            h="full"
            objectFit="cover"
            onLoad={(event) => {
              const image = event.currentTarget;
              props.onPreviewLoaded(item.id, image.naturalWidth, image.naturalHeight);
            }}
            onError={() => props.onPreviewFailed(item.id)}
          />
        ) : (
          <Text fontSize="xs" color="fg.muted" p="3">
            No preview
          </Text>
        )}
      </Box>
      <Stack gap="2" p="2" flex="1">
        <HStack justify="space-between" gap="2" minW="0">
          <Text fontSize="sm" truncate minW="0" title={name}>
            {name}
          </Text>
          <Badge colorPalette={STATUS_PALETTE[item.status]} flexShrink={0}>
            {item.status === 'sending' && percent !== null ? `${percent}%` : STATUS_LABEL[item.status]}
          </Badge>
        </HStack>
        {refused && item.issues.length > 0 && (
          <List.Root color={ERROR_TEXT} fontSize="sm" ps="4" aria-label={`Problems with ${name}`}>
            {item.issues.map((issue) => (
              <List.Item key={issue}>{issue}</List.Item>
            ))}
          </List.Root>
        )}
        {inFlight && (
          <Progress.Root value={percent} size="xs">
            <Progress.Track aria-label={`Upload progress of ${name}`}>
              <Progress.Range />
            </Progress.Track>
          </Progress.Root>
        )}
        {item.status === 'failed' && (
          <Stack gap="2">
            <Text color={ERROR_TEXT} fontSize="sm" role="alert">
              {item.error}
            </Text>
            <Button
              size="sm"
              minH="11"
              variant="outline"
              onClick={() => props.onRetry(item.id)}
              aria-label={`Retry ${name}`}
            >
              {BATCH_TEXT.RETRY}
            </Button>
          </Stack>
        )}
        {props.editable && !refused && item.ownDescription !== null && (
          <Field.Root>
            <Field.Label fontSize="xs">Description of {name}</Field.Label>
            <Textarea
              size="sm"
              value={item.ownDescription}
              maxLength={LIMITS.DESCRIPTION_MAX_LENGTH}
              rows={2}
              onChange={(event) => props.onOwnDescriptionChange(item.id, event.target.value)}
            />
          </Field.Root>
        )}
        {props.editable && (
          <HStack gap="2" wrap="wrap" mt="auto">
            {!refused && (
              <Button
                size="sm"
                minH="11"
                px="2"
                variant="ghost"
                aria-pressed={item.ownDescription !== null}
                onClick={() => props.onOwnDescriptionChange(item.id, item.ownDescription === null ? '' : null)}
              >
                {item.ownDescription === null ? BATCH_TEXT.OWN_DESCRIPTION : BATCH_TEXT.USE_SHARED_DESCRIPTION}
              </Button>
            )}
            <Button
              size="sm"
              minH="11"
              px="2"
              variant="ghost"
              onClick={() => props.onRemove(item.id)}
              aria-label={`Remove ${name}`}
            >
              {BATCH_TEXT.REMOVE}
            </Button>
          </HStack>
        )}
      </Stack>
    </Box>
  );
}
