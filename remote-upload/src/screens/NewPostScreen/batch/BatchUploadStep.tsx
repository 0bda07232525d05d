import { Link as RouterLink } from 'react-router-dom';
import { Button, Heading, HStack, Link, Stack, Text } from '@snapshire/shell-components';
import { BATCH_TEXT, LIMITS, paths } from '@snapshire/contracts';
import { BatchPhotoGrid, type BatchPhotoGridProps } from './BatchPhotoGrid.tsx';

export interface BatchUploadStepProps extends BatchPhotoGridProps {
  onClearAll: () => void;
}

/** Step one with several photos: the grid of what was chosen, each checked on its own. */
export function BatchUploadStep({ onClearAll, ...grid }: BatchUploadStepProps) {
  const leftOut = grid.items.filter((item) => item.status === 'refused').length;
  return (
    <Stack gap="4" as="section" aria-labelledby="upload-step-title">
      <Heading as="h2" size="lg" id="upload-step-title">
        {BATCH_TEXT.UPLOAD_STEP_TITLE}
      </Heading>
      <HStack justify="space-between" gap="3" wrap="wrap">
        <Text fontSize="sm" color="fg.muted" aria-live="polite">
          {BATCH_TEXT.chosen(grid.items.length - leftOut, leftOut)}
        </Text>
        {grid.editable && (
          <Button variant="outline" size="sm" onClick={onClearAll}>
            {BATCH_TEXT.CLEAR_ALL}
          </Button>
        )}
      </HStack>
      <BatchPhotoGrid {...grid} />
      <Text fontSize="sm" color="fg.muted">
        Images must be no larger than {LIMITS.UPLOAD_MAX_LABEL} and comply with our{' '}
        <Link asChild variant="underline">
          <RouterLink to={paths.terms()}>Terms &amp; Conditions</RouterLink>
        </Link>
        .
      </Text>
    </Stack>
  );
}
