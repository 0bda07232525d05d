import { useCallback, useState } from 'react';
import { groupRuleMessage } from '@snapshire/contracts';
import type { Feedback } from './ActionFeedback.tsx';
import { GroupActionRefusal } from './invokeDeletion.ts';

/**
 * Runs one action of the group screens and keeps its feedback: `success` in words when it worked, the rule's
 * words (groupRuleMessage) when the server refused it. `busy` is true while it runs, so buttons can wait.
 */
export function useGroupAction() {
  const [feedback, setFeedback] = useState<Feedback>(null);
  const [busy, setBusy] = useState(false);

  const run = useCallback(async (action: () => Promise<unknown>, success: string): Promise<boolean> => {
    setBusy(true);
    setFeedback(null);
    try {
      await action();
      setFeedback({ kind: 'success', message: success });
      return true;
    } catch (error) {
      const message =
        error instanceof GroupActionRefusal
          ? error.message
          : groupRuleMessage(error instanceof Error ? error.message : String(error));
      setFeedback({ kind: 'error', message });
      return false;
    } finally {
      setBusy(false);
    }
  }, []);

  return { feedback, setFeedback, busy, run };
}
