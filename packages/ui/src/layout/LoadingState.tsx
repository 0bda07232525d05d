import { Center, Spinner, VisuallyHidden } from '@chakra-ui/react';

/** A centred spinner for content that is on its way; announced to screen readers. */
export function LoadingState({ label = 'Loading…', minH = '40vh' }: { label?: string; minH?: string }) {
  return (
    <Center minH={minH} role="status" aria-live="polite">
      <Spinner size="lg" color="brand.solid" borderWidth="3px" />
      <VisuallyHidden>{label}</VisuallyHidden>
    </Center>
  );
}
