import { useState, type ReactNode } from 'react';
import type { ButtonProps } from '@chakra-ui/react';
import { Button, Dialog, Portal, Text } from '@snapshire/shell-components';

export interface ConfirmButtonProps extends Omit<ButtonProps, 'onClick' | 'children'> {
  /** The button's label, also the confirming button's label. */
  label: string;
  /** The question asked before anything happens. */
  question: ReactNode;
  onConfirm: () => void | Promise<void>;
}

/**
 * A destructive action asks first: the button opens a dialog with the question, Cancel and the action. The
 * dialog exists only while open, so a closed one adds no layer to a dialog it sits in (the post modal).
 */
export function ConfirmButton({ label, question, onConfirm, ...buttonProps }: ConfirmButtonProps) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button {...buttonProps} aria-haspopup="dialog" onClick={() => setOpen(true)}>
        {label}
      </Button>
      {open ? (
        <Dialog.Root open onOpenChange={(details) => setOpen(details.open)} role="alertdialog" placement="center">
          <Portal>
            <Dialog.Backdrop />
            <Dialog.Positioner px="4">
              <Dialog.Content>
                <Dialog.Header>
                  <Dialog.Title>{label}</Dialog.Title>
                </Dialog.Header>
                <Dialog.Body>
                  <Text>{question}</Text>
                </Dialog.Body>
                <Dialog.Footer>
                  <Dialog.ActionTrigger asChild>
                    <Button variant="outline">Cancel</Button>
                  </Dialog.ActionTrigger>
                  <Button
                    colorPalette="red"
                    onClick={() => {
                      setOpen(false);
                      void onConfirm();
                    }}
                  >
                    {label}
                  </Button>
                </Dialog.Footer>
              </Dialog.Content>
            </Dialog.Positioner>
          </Portal>
        </Dialog.Root>
      ) : null}
    </>
  );
}
