import { lazy, Suspense, useRef, useState } from 'react';
import { Button, Text } from '@snapshire/shell-components';
import { SOCIAL_TEXT } from '@snapshire/contracts';
import { useSession } from '@snapshire/data';
import { touchTarget } from '@snapshire/ui';
import { FlagIcon } from '../../../shared/photos/icons.tsx';
import type { ReportTarget } from './reportTarget.ts';

export type { ReportTarget } from './reportTarget.ts';

/** The dialog's code arrives when a report is started: the screens that offer Report do not carry it. */
const ReportDialog = lazy(() => import('./ReportDialog.tsx'));
/**
 * "Report" for a signed-in viewer (nothing for visitors): a dialog asks why (one of REPORT_REASONS) and for
 * optional details, and sends them to the group's owner and admins. A refusal (already reported, too many
 * reports) is said in words beside the form, which keeps what was typed. An item the viewer has reported
 * (`reported`, from the item's own query, and set in the cache by the dialog once sent) shows "Reported"
 * instead, which takes the focus when the dialog that sent it closes; otherwise the focus is back on the button.
 * `label` names the button by what it reports (the photo, or a comment and its author): a post shows several.
 */
export function ReportButton({ target, label, reported }: { target: ReportTarget; label: string; reported: boolean }) {
  const { user } = useSession();
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const reportedNote = useRef<HTMLParagraphElement>(null);
  if (!user) return null;
  return (
    <>
      {reported && !open ? (
        <Text
          ref={reportedNote}
          tabIndex={-1}
          display="inline-flex"
          alignItems="center"
          gap="1.5"
          px="2"
          fontSize="xs"
          color="fg.muted"
          data-testid="reported-note"
        >
          <FlagIcon aria-hidden="true" />
          {SOCIAL_TEXT.REPORTED}
        </Text>
      ) : (
        <Button
          ref={button}
          size="xs"
          variant="ghost"
          colorPalette="gray"
          color="fg.muted"
          aria-haspopup="dialog"
          aria-label={label}
          css={touchTarget}
          onClick={() => setOpen(true)}
          data-testid="report-button"
        >
          <FlagIcon aria-hidden="true" />
          {SOCIAL_TEXT.REPORT}
        </Button>
      )}
      {/* Mounted only while open: a fresh form each time, and no extra layer inside the post modal. */}
      {open ? (
        <Suspense fallback={null}>
          <ReportDialog
            target={target}
            onClose={() => setOpen(false)}
            // Read when the dialog has gone: by then "Reported" has replaced the button if the report was sent.
            finalFocus={() => reportedNote.current ?? button.current}
          />
        </Suspense>
      ) : null}
    </>
  );
}
