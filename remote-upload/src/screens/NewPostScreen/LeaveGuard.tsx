import { useRef } from 'react';
import { Button, Dialog, Portal, Text } from '@snapshire/shell-components';
import { useBeforeUnload, useBlocker } from 'react-router-dom';
import { LEAVE_NEW_POST } from '@snapshire/contracts';

/**
 * While a photo is chosen and not yet posted, leaving the screen asks first: a link or Back inside the site
 * opens a dialog (Stay keeps everything as it was), and closing or reloading the tab gets the browser's own
 * question. While the photo uploads, the question says the upload goes on without being confirmed here.
 */
export function LeaveGuard({
  active,
  uploading,
  texts = { unsaved: LEAVE_NEW_POST.UNSAVED, uploading: LEAVE_NEW_POST.UPLOADING },
}: {
  active: boolean;
  uploading: boolean;
  /** What the question says (a batch of photos has its own words). */
  texts?: { unsaved: string; uploading: string };
}) {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => active && currentLocation.pathname !== nextLocation.pathname,
  );
  const stayRef = useRef<HTMLButtonElement>(null);
  useBeforeUnload((event) => {
    if (!active) return;
    event.preventDefault();
    // Browsers before the standard's preventDefault() ask only when returnValue is set.
    event.returnValue = '';
  });

  if (blocker.state !== 'blocked') return null;
  return (
    <Dialog.Root
      open
      role="alertdialog"
      placement="center"
      initialFocusEl={() => stayRef.current}
      onOpenChange={(details) => {
        if (!details.open) blocker.reset();
      }}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner px="4">
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>{LEAVE_NEW_POST.TITLE}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Text>{uploading ? texts.uploading : texts.unsaved}</Text>
            </Dialog.Body>
            <Dialog.Footer>
              <Button ref={stayRef} variant="outline" onClick={() => blocker.reset()}>
                {LEAVE_NEW_POST.STAY}
              </Button>
              <Button colorPalette="red" onClick={() => blocker.proceed()}>
                {LEAVE_NEW_POST.LEAVE}
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
