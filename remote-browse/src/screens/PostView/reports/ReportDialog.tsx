/** The report dialog of ReportButton.tsx, loaded when a report is started. */
import { useId, useRef, useState, type FormEvent, type KeyboardEvent, type SyntheticEvent } from 'react';
import { chakra } from '@chakra-ui/react/styled-system';
import { Field } from '@chakra-ui/react/field';
import { RadioGroup } from '@chakra-ui/react/radio-group';
import { Textarea } from '@chakra-ui/react/textarea';
import { Button, CloseButton, Dialog, Portal, Stack, Text } from '@snapshire/shell-components';
import { useMutation } from '@apollo/client/react';
import {
  BROWSE_TEXT,
  GROUP_RULE_MESSAGES,
  REPORT_REASONS,
  REPORT_REASON_LABELS,
  SOCIAL_LIMITS,
  SOCIAL_TEXT,
  type ReportReason,
} from '@snapshire/contracts';
import { ActionFeedback } from '../../../shared/group-actions/ActionFeedback.tsx';
import { useGroupAction } from '../../../shared/group-actions/useGroupAction.ts';
import { ReportCommentDocument, ReportPostDocument } from './operations.generated.ts';
import type { ReportTarget } from './reportTarget.ts';

/**
 * Inside the post modal, the arrow keys step to the next photo (a listener on the document) and a swipe
 * does too (handlers on the modal, reached through React's tree from this portal): here the arrows move
 * between the reasons and a swipe is a swipe, so neither may leave the dialog, or the report would follow
 * another photo.
 */
function keepArrowKeys(event: KeyboardEvent) {
  if (event.key === 'ArrowLeft' || event.key === 'ArrowRight') event.stopPropagation();
}
function keepTouches(event: SyntheticEvent) {
  event.stopPropagation();
}

export default function ReportDialog({
  target,
  onClose,
  finalFocus,
}: {
  target: ReportTarget;
  onClose: () => void;
  /** Where the focus goes when the dialog has closed. */
  finalFocus: () => HTMLElement | null;
}) {
  const [reason, setReason] = useState<ReportReason | null>(null);
  const [details, setDetails] = useState('');
  const [reasonMissing, setReasonMissing] = useState(false);
  const [sent, setSent] = useState(false);
  const firstReason = useRef<HTMLInputElement>(null);
  const reasonErrorId = useId();
  const { feedback, busy, run } = useGroupAction();
  const { commentId, postId } = target;
  // Once stored, the item is reported by this viewer: its Report gives way to "Reported" (reported_by_me).
  const [reportPost] = useMutation(ReportPostDocument, {
    update: (cache, { data }) => {
      const id = cache.identify({ __typename: 'post', id: postId });
      if (data?.report_post && id) cache.modify({ id, fields: { reported_by_me: () => true } });
    },
  });
  const [reportComment] = useMutation(ReportCommentDocument, {
    update: (cache, { data }) => {
      const id = cache.identify({ __typename: 'post_comment', id: commentId });
      if (data?.report_comment && id) cache.modify({ id, fields: { comment_reported_by_me: () => true } });
    },
  });

  async function send(event: FormEvent) {
    event.preventDefault();
    if (!reason) {
      setReasonMissing(true);
      firstReason.current?.focus();
      return;
    }
    const ok = await run(
      () =>
        commentId
          ? reportComment({ variables: { commentId, reason, details } })
          : reportPost({ variables: { postId, reason, details } }),
      SOCIAL_TEXT.REPORT_SENT,
    );
    if (ok) setSent(true);
  }

  return (
    <Dialog.Root
      open
      onOpenChange={(details) => !details.open && onClose()}
      placement="center"
      scrollBehavior="inside"
      finalFocusEl={finalFocus}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner px="4">
          <Dialog.Content
            data-testid="report-dialog"
            onKeyDown={keepArrowKeys}
            onTouchStart={keepTouches}
            onTouchEnd={keepTouches}
            onTouchCancel={keepTouches}
          >
            {/* Contents only: header, body and footer stay the dialog's own layout (its body scrolls, not the page). */}
            <chakra.form display="contents" onSubmit={send} noValidate>
              <Dialog.Header pe="14">
                <Dialog.Title>
                  {commentId ? SOCIAL_TEXT.REPORT_COMMENT_TITLE : SOCIAL_TEXT.REPORT_POST_TITLE}
                </Dialog.Title>
              </Dialog.Header>
              <Dialog.Body>
                {sent ? (
                  // The form is gone with the button that sent it: the thanks take the focus and are read out.
                  <ActionFeedback feedback={feedback} takeFocus />
                ) : (
                  <Stack gap="5">
                    <RadioGroup.Root
                      value={reason}
                      onValueChange={(change) => {
                        setReason(change.value as ReportReason);
                        setReasonMissing(false);
                      }}
                      colorPalette="brand"
                      disabled={busy}
                      aria-describedby={reasonMissing ? reasonErrorId : undefined}
                    >
                      <RadioGroup.Label fontWeight="medium" textStyle="sm" mb="2" display="block">
                        {SOCIAL_TEXT.REPORT_REASON}
                      </RadioGroup.Label>
                      <Stack gap="1">
                        {REPORT_REASONS.map((value, index) => (
                          <RadioGroup.Item key={value} value={value}>
                            <RadioGroup.ItemHiddenInput ref={index === 0 ? firstReason : undefined} />
                            <RadioGroup.ItemIndicator />
                            <RadioGroup.ItemText>{REPORT_REASON_LABELS[value]}</RadioGroup.ItemText>
                          </RadioGroup.Item>
                        ))}
                      </Stack>
                      {reasonMissing ? (
                        <Text id={reasonErrorId} color="fg.error" textStyle="sm" mt="2">
                          {GROUP_RULE_MESSAGES.report_reason_unknown}
                        </Text>
                      ) : null}
                    </RadioGroup.Root>
                    <Field.Root disabled={busy}>
                      <Field.Label>{SOCIAL_TEXT.REPORT_DETAILS}</Field.Label>
                      <Textarea
                        value={details}
                        maxLength={SOCIAL_LIMITS.REPORT_DETAILS_MAX_LENGTH}
                        rows={3}
                        autoresize
                        maxH="40"
                        onChange={(event) => setDetails(event.target.value)}
                      />
                      <Field.HelperText alignSelf="flex-end" fontVariantNumeric="tabular-nums">
                        {SOCIAL_TEXT.reportDetailsCount(details.length)}
                      </Field.HelperText>
                    </Field.Root>
                    <ActionFeedback feedback={feedback} />
                  </Stack>
                )}
              </Dialog.Body>
              <Dialog.Footer>
                {sent ? (
                  <Dialog.ActionTrigger asChild>
                    <Button variant="outline">{BROWSE_TEXT.CLOSE}</Button>
                  </Dialog.ActionTrigger>
                ) : (
                  <>
                    <Dialog.ActionTrigger asChild>
                      <Button variant="outline">{SOCIAL_TEXT.CANCEL_REPORT}</Button>
                    </Dialog.ActionTrigger>
                    <Button type="submit" colorPalette="brand" loading={busy}>
                      {SOCIAL_TEXT.SEND_REPORT}
                    </Button>
                  </>
                )}
              </Dialog.Footer>
            </chakra.form>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label={BROWSE_TEXT.CLOSE} />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
