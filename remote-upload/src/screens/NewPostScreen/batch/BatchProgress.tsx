import { Progress } from '@chakra-ui/react/progress';
import { HStack } from '@snapshire/shell-components';
import { BATCH_TEXT } from '@snapshire/contracts';
import { batchProgress, type BatchItem } from './batchState.ts';

/** The whole batch's bar: bytes sent of every photo in the run (each photo has its own bar on its tile). */
export function BatchProgress({ items }: { items: BatchItem[] }) {
  const { loaded, total } = batchProgress(items);
  const percent = total > 0 ? Math.min(100, Math.round((loaded / total) * 100)) : 0;
  const posted = items.filter((item) => item.status === 'posted').length;
  const running = items.filter(
    (item) => item.status !== 'refused' && item.status !== 'checking' && item.status !== 'ready',
  ).length;
  return (
    <Progress.Root value={percent} size="sm">
      <HStack justify="space-between" mb="1">
        <Progress.Label>
          {BATCH_TEXT.BATCH_PROGRESS}: {posted} of {running} posted
        </Progress.Label>
        <Progress.ValueText>{percent}%</Progress.ValueText>
      </HStack>
      <Progress.Track aria-label="Upload progress of all photos">
        <Progress.Range />
      </Progress.Track>
    </Progress.Root>
  );
}
