// The player's confirm dialog (react-aria Modal): a title, what to know, then a secondary button
// that keeps the learner where they are (initial focus; Escape and a click outside do the same)
// and a primary one that closes the dialog and confirms. Focus is trapped and restored after.
import type { ReactNode } from 'react';
import { Button, Dialog, Heading, Modal, ModalOverlay } from 'react-aria-components';

interface Props {
  isOpen: boolean;
  onOpenChange: (open: boolean) => void;
  onConfirm: () => void;
  /** `alertdialog` for a prompt that interrupts (react-aria's default is `dialog`). */
  role?: 'dialog' | 'alertdialog';
  title: ReactNode;
  cancelLabel: ReactNode;
  confirmLabel: ReactNode;
  children: ReactNode;
}

export function ConfirmDialog({
  isOpen,
  onOpenChange,
  onConfirm,
  role,
  title,
  cancelLabel,
  confirmLabel,
  children,
}: Props) {
  return (
    <ModalOverlay className="player-dialog-overlay" isOpen={isOpen} onOpenChange={onOpenChange} isDismissable>
      <Modal className="player-dialog">
        <Dialog role={role} className="player-dialog__body">
          {({ close }) => (
            <>
              <Heading slot="title" className="player-dialog__title">
                {title}
              </Heading>
              {children}
              <div className="player-dialog__actions">
                <Button className="button button--secondary" onPress={close} autoFocus>
                  {cancelLabel}
                </Button>
                <Button
                  className="button button--primary"
                  onPress={() => {
                    close();
                    onConfirm();
                  }}
                >
                  {confirmLabel}
                </Button>
              </div>
            </>
          )}
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}
