import { useState, type FormEvent, type KeyboardEvent } from 'react';
import { Field } from '@chakra-ui/react/field';
import { Textarea } from '@chakra-ui/react/textarea';
import { Button, HStack, Text } from '@snapshire/shell-components';
import { GROUP_RULE_MESSAGES, SOCIAL_LIMITS, groupRuleMessage } from '@snapshire/contracts';

export interface CommentFormProps {
  label: string;
  submitLabel: string;
  initial?: string;
  /** Said under the box (who may comment). */
  helper?: string;
  /** Stores the text; throws when the server refuses (its words are shown, the text stays). */
  onSubmit: (body: string) => Promise<unknown>;
  onCancel?: () => void;
  cancelLabel?: string;
  autoFocus?: boolean;
}

/**
 * A comment's text box: plain text (line breaks kept), its length against the limit, and the server's
 * refusal in words next to it. The text is cleared only once it is stored; Ctrl+Enter (or ⌘+Enter) sends.
 */
export function CommentForm({
  label,
  submitLabel,
  initial = '',
  helper,
  onSubmit,
  onCancel,
  cancelLabel,
  autoFocus,
}: CommentFormProps) {
  const [body, setBody] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const max = SOCIAL_LIMITS.COMMENT_MAX_LENGTH;
  const tooLong = body.length > max;
  const empty = body.trim() === '';
  const shownError = error ?? (tooLong ? GROUP_RULE_MESSAGES.comment_too_long : null);

  async function submit(event?: FormEvent) {
    event?.preventDefault();
    if (busy || empty || tooLong) return;
    setBusy(true);
    setError(null);
    try {
      await onSubmit(body);
      if (!onCancel) setBody('');
    } catch (refusal) {
      setError(groupRuleMessage(refusal instanceof Error ? refusal.message : String(refusal)));
    } finally {
      setBusy(false);
    }
  }
  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) void submit();
  }

  return (
    <form onSubmit={submit} data-testid="comment-form">
      <Field.Root invalid={Boolean(shownError)}>
        <Field.Label>{label}</Field.Label>
        <Textarea
          value={body}
          onChange={(event) => setBody(event.target.value)}
          onKeyDown={onKeyDown}
          rows={2}
          autoresize
          maxH="12lh"
          autoFocus={autoFocus}
        />
        <HStack justify="space-between" w="full" align="start" gap="3">
          {shownError ? (
            <Field.ErrorText>{shownError}</Field.ErrorText>
          ) : helper ? (
            <Field.HelperText>{helper}</Field.HelperText>
          ) : (
            <span />
          )}
          <Text fontSize="xs" color={tooLong ? 'fg.error' : 'fg.muted'} flexShrink={0} mt="1.5">
            {body.length}/{max}
          </Text>
        </HStack>
      </Field.Root>
      <HStack gap="2" mt="2" justify="flex-end">
        {onCancel ? (
          <Button size="sm" variant="ghost" onClick={onCancel}>
            {cancelLabel}
          </Button>
        ) : null}
        <Button type="submit" size="sm" colorPalette="brand" loading={busy} disabled={empty || tooLong}>
          {submitLabel}
        </Button>
      </HStack>
    </form>
  );
}
