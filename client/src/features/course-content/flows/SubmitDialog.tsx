// The submit prompt (an alert dialog): 'If you choose submit, you will submit your results and
// will not be able to resume.' Cancel has the initial focus; Escape cancels.
import { Button, Dialog, Heading, Modal, ModalOverlay } from 'react-aria-components';
import { FormattedMessage } from 'react-intl';
import { flowMessages } from '../messages';

interface Props {
  isOpen: boolean;
  onOpenChange: (open: boolean) => void;
  onSubmit: () => void;
}

export function SubmitDialog({ isOpen, onOpenChange, onSubmit }: Props) {
  return (
    <ModalOverlay className="player-dialog-overlay" isOpen={isOpen} onOpenChange={onOpenChange} isDismissable>
      <Modal className="player-dialog">
        <Dialog role="alertdialog" className="player-dialog__body">
          {({ close }) => (
            <>
              <Heading slot="title" className="player-dialog__title">
                <FormattedMessage {...flowMessages.submitTitle} />
              </Heading>
              <p>
                <FormattedMessage {...flowMessages.submitPrompt} />
              </p>
              <div className="player-dialog__actions">
                <Button className="button button--secondary" onPress={close} autoFocus>
                  <FormattedMessage {...flowMessages.cancel} />
                </Button>
                <Button
                  className="button button--primary"
                  onPress={() => {
                    close();
                    onSubmit();
                  }}
                >
                  <FormattedMessage {...flowMessages.submit} />
                </Button>
              </div>
            </>
          )}
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}
