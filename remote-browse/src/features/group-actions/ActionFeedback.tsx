import { Alert } from '@chakra-ui/react';

/** What the last action did: a success (role status, read out politely) or the rule that refused it (role alert). */
export type Feedback = { kind: 'success' | 'error'; message: string } | null;

export function ActionFeedback({ feedback }: { feedback: Feedback }) {
  if (!feedback) return null;
  return (
    <Alert.Root
      status={feedback.kind === 'success' ? 'success' : 'error'}
      role={feedback.kind === 'success' ? 'status' : 'alert'}
      data-testid="action-feedback"
      my="3"
    >
      <Alert.Indicator />
      <Alert.Title fontWeight="normal">{feedback.message}</Alert.Title>
    </Alert.Root>
  );
}
