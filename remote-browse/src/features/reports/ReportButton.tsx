import { lazy, Suspense, useRef, useState } from 'react';
import { Button } from '@snapshire/shell-components';
import { SOCIAL_TEXT } from '@snapshire/contracts';
import { useSession } from '@snapshire/data';
import { touchTarget } from '@snapshire/ui';
import { FlagIcon } from '../photos/icons.tsx';
import type { ReportTarget } from './reportTarget.ts';

export type { ReportTarget } from './reportTarget.ts';

/** The dialog's code arrives when a report is started: the screens that offer Report do not carry it. */
const ReportDialog = lazy(() => import('./ReportDialog.tsx'));
/**
 * "Report" for a signed-in viewer (nothing for visitors): a dialog asks why (one of REPORT_REASONS) and for
 * optional details, and sends them to the group's owner and admins. A refusal (already reported, too many
 * reports) is said in words beside the form, which keeps what was typed; when the dialog closes, the focus is
 * back on the button.
 */
export function ReportButton({ target }: { target: ReportTarget }) {
  const { user } = useSession();
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  if (!user) return null;
  return (
    <>
      <Button
        ref={button}
        size="xs"
        variant="ghost"
        colorPalette="gray"
        color="fg.muted"
        aria-haspopup="dialog"
        css={touchTarget}
        onClick={() => setOpen(true)}
        data-testid="report-button"
      >
        <FlagIcon aria-hidden="true" />
        {SOCIAL_TEXT.REPORT}
      </Button>
      {/* Mounted only while open: a fresh form each time, and no extra layer inside the post modal. */}
      {open ? (
        <Suspense fallback={null}>
          <ReportDialog target={target} onClose={() => setOpen(false)} returnFocusTo={button} />
        </Suspense>
      ) : null}
    </>
  );
}
