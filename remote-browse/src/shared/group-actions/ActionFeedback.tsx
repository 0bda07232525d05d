import { useEffect, useRef } from 'react';
import { Alert } from '@snapshire/shell-components';

/** What the last action did: a success (role status, read out politely) or the rule that refused it (role alert). */
export type Feedback = { kind: 'success' | 'error'; message: string } | null;

/**
 * `takeFocus`: the news is what the page is about now (a page opened by an action that removed the control
 * the person used, such as Delete post): it gets the focus, so keyboard and screen reader go on from it.
 */
export function ActionFeedback({ feedback, takeFocus = false }: { feedback: Feedback; takeFocus?: boolean }) {
  const ref = useRef<HTMLDivElement>(null);
  const message = feedback?.message;
  useEffect(() => {
    if (takeFocus && message) ref.current?.focus();
  }, [takeFocus, message]);
  if (!feedback) return null;
  return (
    <Alert.Root
      ref={ref}
      tabIndex={takeFocus ? -1 : undefined}
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
